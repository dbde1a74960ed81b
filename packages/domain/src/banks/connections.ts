import type { BankConnectionState } from '../api/bank-connections'
import { messages } from '../messages/index'

const m = messages.bankConnections

/** A bank connection lasts at most 90 days before strong re-authentication (spec/money.md §4, §9). */
export const BANK_CONNECTION_DAYS = 90

/** The end of a connection made or renewed at `connectedAt`. */
export const bankConnectionExpiry = (connectedAt: Date): Date =>
  new Date(connectedAt.getTime() + BANK_CONNECTION_DAYS * 86_400_000)

/** How long before its 90 days end a connection's members are told to renew it (decision 0031). */
export const BANK_RENEWAL_NOTICE_DAYS = 7

/** Past its 90 days: the connection must be renewed before it syncs again (the disconnected-bank screen). */
export const needsRenewal = (expiresAt: string | Date | null, now: Date): boolean =>
  expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()

/**
 * The connection's badge (spec/money.md §4): archived when switched off; OK when its status is 0 and it is within its
 * 90 days; in error otherwise.
 */
export function bankConnectionState(connection: {
  isActive: boolean
  statusCode: number
  needsRenewal: boolean
}): BankConnectionState {
  if (!connection.isActive) return 'archived'
  return connection.statusCode === 0 && !connection.needsRenewal ? 'ok' : 'error'
}

export const bankConnectionBadge: Record<BankConnectionState, string> = {
  ok: m.badgeOk,
  error: m.badgeError,
  archived: m.badgeArchived,
}

/** What the bank error modal offers (spec/money.md §8): its button's label, and whether the action link is shown. */
export type BankErrorAction = { label: string; hasActionLink: boolean }

const LABELS: Record<number, string> = {
  402: m.actionUpdate,
  1005: m.actionUpdate,
  429: m.actionSync,
  1003: m.actionSync,
  1010: m.actionSync,
  1100: m.actionValidate,
}

/** Codes whose action link shows whatever the info, and codes whose link shows only for some infos. */
const LINK_ALWAYS = new Set([402, 1010, 1100])
const LINK_FOR_INFO: Record<number, readonly string[]> = {
  429: ['pwd_renewal'],
  1003: ['login_crash', 'cnt_crash', 'no_account_found'],
  1005: ['no_access_to_account'],
}
/** An info that shows the link with any code. */
const LINK_INFO_ANY_CODE = 'wrong_country_or_area'

/**
 * The bank error modal's rules (spec/money.md §8): button label by code — 402 and 1005 'Mettre à jour'; 429, 1003 and
 * 1010 'Synchroniser'; 1100 'Valider'; anything else 'Corriger'. The action link appears for 402, 1010 and 1100; for
 * 429 with info pwd_renewal; for 1003 with login_crash, cnt_crash or no_account_found; for 1005 with
 * no_access_to_account; and for the info wrong_country_or_area; otherwise the modal says 'Tu peux contacter le
 * support'. Infos are compared without case: Bridge's v2 wrote them in capitals, v3 in lower case.
 */
export function bankErrorAction(statusCode: number, statusCodeInfo: string | null): BankErrorAction {
  const info = statusCodeInfo?.trim().toLowerCase() ?? ''
  const hasActionLink =
    LINK_ALWAYS.has(statusCode) || (LINK_FOR_INFO[statusCode]?.includes(info) ?? false) || info === LINK_INFO_ANY_CODE
  return { label: LABELS[statusCode] ?? m.actionFix, hasActionLink }
}
