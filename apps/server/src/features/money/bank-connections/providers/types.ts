import type { BankCallbackQuery, BankProviderCode } from '@app/domain'

/**
 * The one interface every bank connector speaks (DESIGN.md "Connectors … each sit behind a small interface"): send the
 * user to the provider's page, complete its return, then — with what was kept — read the connection's status, its
 * accounts and their transactions since a date, every page of them.
 */

/** What a connection keeps of the provider to act without the user (bank_connections' columns). */
export type ProviderLink = {
  /** Bridge's item id, Qonto's organisation slug. */
  externalId: string | null
  /** Bridge's user uuid. */
  externalUserId: string | null
  accessToken: string | null
  refreshToken: string | null
  tokenExpiresAt: Date | null
}

/** The provider's status of the connection: 0 is OK; else its code, its machine info and a readable description. */
export type ProviderStatus = { code: number; info: string | null; description: string | null }

export type ProviderAccount = {
  id: string
  name: string
  iban: string | null
  bic: string | null
  /** The balance the bank gives, a decimal string with 2 decimals. */
  balance: string | null
}

export type ProviderTransaction = {
  /** The provider's own id of the line: our dedupe key, so a re-sync adds nothing. */
  id: string
  datedAt: string
  valueDate: string | null
  /** Signed, 2 decimals: negative for money out. */
  amount: string
  rawName: string
  counterparty: string | null
  reference: string | null
}

export type ConnectRequest = {
  /** Our random state, stored with the pending connection and given back by the provider on return. */
  state: string
  callbackUrl: string
  userEmail: string
  /** The connection's organisation: Bridge knows our users by an id of ours. */
  organizationId: number
  /** Set when an existing connection is renewed or repaired. */
  link: ProviderLink | null
}

export type CompletedLink = ProviderLink & { externalId: string; bankName: string | null }

/** An open connection: its tokens may have been refreshed on the way (`link`, to keep). */
export interface BankSession {
  readonly link: ProviderLink
  status(): Promise<ProviderStatus>
  accounts(): Promise<ProviderAccount[]>
  /** Every line of the account changed or settled since `since` (all of them when null), all pages read. */
  transactions(accountId: string, since: Date | null): Promise<ProviderTransaction[]>
}

export interface BankProvider {
  readonly code: BankProviderCode
  readonly name: string
  readonly kind: 'aggregator' | 'neobank'
  /** The provider's page to send the browser to; `externalUserId` when the provider made a user for us. */
  connectUrl(request: ConnectRequest): Promise<{ url: string; externalUserId: string | null }>
  /** The user came back: what the connection keeps, or a ProviderError (cancelled, refused). */
  complete(
    query: BankCallbackQuery,
    context: { callbackUrl: string; link: ProviderLink | null },
  ): Promise<CompletedLink>
  open(link: ProviderLink): Promise<BankSession>
  /** Ends the connection at the provider (best effort: a failure leaves it to expire there). */
  revoke(link: ProviderLink): Promise<void>
}

/**
 * A provider that failed: `unavailable` (unreachable, too slow, 5xx, an answer we cannot read), `refused` (it said no:
 * 4xx, revoked tokens), `cancelled` (the user left the provider's page without connecting).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'cancelled',
    message: string,
    /** The provider's HTTP status, when it answered one. */
    readonly status?: number,
  ) {
    super(message)
  }
}
