import { createHash } from 'node:crypto'
import {
  bicIsValid,
  ibanIsValid,
  JOURNAL_TYPE_IDS,
  messages,
  normalizeBic,
  normalizeIban,
  subtract,
  TEXT_MAX,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { violates } from '../../../lib/database-errors'
import { AppError } from '../../../lib/errors'
import type { SecretBox } from '../../../lib/secrets'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import type { NotificationService } from '../../platform/notifications/service'
import { cleanLabel } from '../bank-imports/parsers/index'
import type { JournalService } from '../journals/service'
import { prepareRuleRun } from '../rules/engine'
import { insertBankLines } from '../rules/new-lines'
import type { TransactionValues } from '../transactions/writes'
import { linkOf, storedLink } from './presenter'
import type { BankProviders } from './providers/index'
import { type ProviderAccount, ProviderError, type ProviderTransaction } from './providers/types'
import { type BankConnectionRow, createBankConnectionRepo } from './repo'

const m = messages.bankConnections

/** Each sync asks again for a few days before the last one: late bookings are caught, the dedupe key skips the rest. */
const OVERLAP_MS = 3 * 86_400_000
const RAW_NAME_MAX = 2000
const KEY_PART_MAX = 200

export type SyncOutcome = { imported: number; duplicates: number }

const NUL = '\u0000'
/** Provider text without NUL characters (PostgreSQL refuses them), cut to a length. */
const printable = (text: string, max: number) => text.split(NUL).join('').trim().slice(0, max)

/** The provider's id of the line, prefixed with the provider: the journal's dedupe key, so a re-sync adds nothing. */
function dedupeKeyOf(provider: string, id: string) {
  const part = id.length <= KEY_PART_MAX ? id : `sha256:${createHash('sha256').update(id).digest('hex')}`
  return `${provider}:${part}`
}

/** One account of the connection and the journal it feeds in this sync. */
type Plan = {
  account: ProviderAccount
  journalId: number
  /** Lines changed or settled since then (null: the whole history). */
  since: Date | null
  /** A journal that already held transactions when linked: only lines after its latest date, none twice. */
  after: string | null
  /** Made by this sync: its starting value then makes its balance the bank's. */
  created: boolean
}

/**
 * The synchronisation of one connection (spec/money.md §4 Synchronisation): the provider's status, its accounts —
 * each one a bank journal, linked by IBAN to an account the organisation already has, else created (inactive when
 * another bank account is active) — and their transactions since the last sync, every page read before anything is
 * written, then one database transaction: lines already held are skipped, the others written with their raw label
 * kept and a cleaned name. A provider that refuses (revoked access) leaves the connection in error (402) for the error
 * modal; one that does not answer is a 502 and changes nothing.
 */
export function createSynchroniser(deps: {
  db: Db
  books: Books
  clock: Clock
  /** The connections' tokens are kept encrypted (lib/secrets.ts). */
  secrets: SecretBox
  providers: BankProviders
  journals: JournalService
  notifications?: Pick<NotificationService, 'balancesBefore' | 'bankLinesAdded' | 'synchroLost'>
}) {
  const repo = createBankConnectionRepo(deps.db)

  /** Working before this sync (status 0) and not after it: the loss is told once; the retries that follow are not. */
  async function tellIfLost(organizationId: number, row: BankConnectionRow, statusCode: number) {
    if (row.statusCode === 0 && statusCode !== 0)
      await deps.notifications?.synchroLost(organizationId, { id: row.id, bankName: row.bankName })
  }

  /** The journal for an account the connection did not feed yet. */
  async function journalFor(tenant: Tenant, row: BankConnectionRow, account: ProviderAccount) {
    const organizationId = tenant.organizationId
    const iban = account.iban && ibanIsValid(account.iban) ? normalizeIban(account.iban) : null
    const bic = account.bic && bicIsValid(account.bic) ? normalizeBic(account.bic) : null
    const link = { bankConnectionId: row.id, externalAccountId: account.id }
    const known = iban ? await repo.unlinkedBankJournalByIban(organizationId, iban) : undefined
    if (known) {
      await repo.linkJournal(organizationId, known.id, link)
      return { journalId: known.id, created: false, after: (await repo.movementsOf(organizationId, known.id)).latest }
    }
    const name = printable(account.name, TEXT_MAX) || 'Compte bancaire'
    const journal = await deps.journals.create(tenant, { name, journalTypeId: JOURNAL_TYPE_IDS.BQ, iban, bic })
    try {
      await repo.linkJournal(organizationId, journal.id, link)
    } catch (error) {
      if (!violates(error, 'journals_external_account_unique')) throw error
      // A sync running at the same moment linked this account first: its journal is the one.
      await deps.journals.remove(tenant, journal.id)
      const linked = (await repo.journalsOf(organizationId, [row.id])).find((j) => j.externalAccountId === account.id)
      if (!linked) throw error
      return { journalId: linked.id, created: false, after: null }
    }
    return { journalId: journal.id, created: true, after: null }
  }

  function rowsOf(provider: string, plan: Plan, lines: ProviderTransaction[]): TransactionValues[] {
    const seen = new Set<string>()
    const rows: TransactionValues[] = []
    for (const line of lines) {
      if (plan.after && line.datedAt <= plan.after) continue
      const dedupeKey = dedupeKeyOf(provider, line.id)
      if (seen.has(dedupeKey)) continue
      seen.add(dedupeKey)
      const rawName = printable(line.rawName, RAW_NAME_MAX) || 'Transaction'
      rows.push({
        journalId: plan.journalId,
        name: cleanLabel(rawName),
        rawName,
        datedAt: line.datedAt,
        valueDate: line.valueDate,
        amount: line.amount,
        counterparty: line.counterparty ? printable(line.counterparty, RAW_NAME_MAX) : null,
        reference: line.reference ? printable(line.reference, RAW_NAME_MAX) : null,
        dedupeKey,
        origin: provider,
      })
    }
    return rows
  }

  /** The provider said no (revoked or expired access): the connection shows in error, with the way to reconnect. */
  async function refused(tenant: Tenant, row: BankConnectionRow): Promise<SyncOutcome> {
    await repo.update(tenant.organizationId, row.id, {
      statusCode: 402,
      statusCodeInfo: 'invalid_creds',
      statusCodeDescription: m.providerRefused,
    })
    await tellIfLost(tenant.organizationId, row, 402)
    return { imported: 0, duplicates: 0 }
  }

  return async function synchronise(tenant: Tenant, row: BankConnectionRow): Promise<SyncOutcome> {
    const provider = deps.providers[row.provider as keyof BankProviders]
    if (!provider) throw new AppError(409, 'PROVIDER_NOT_CONFIGURED', m.providerNotConfigured)
    const organizationId = tenant.organizationId
    const since = row.lastSyncedAt ? new Date(new Date(row.lastSyncedAt).getTime() - OVERLAP_MS) : null
    try {
      const session = await provider.open(linkOf(row, deps.secrets))
      const status = await session.status()
      const accounts = await session.accounts()
      const linked = await repo.journalsOf(organizationId, [row.id])
      const plans: Plan[] = []
      for (const account of accounts) {
        const journal = linked.find((one) => one.externalAccountId === account.id)
        plans.push(
          journal
            ? { account, journalId: journal.id, since, after: null, created: false }
            : { account, since: null, ...(await journalFor(tenant, row, account)) },
        )
      }
      const batches: TransactionValues[][] = []
      for (const plan of plans)
        batches.push(rowsOf(provider.code, plan, await session.transactions(plan.account.id, plan.since)))

      const total = batches.reduce((sum, batch) => sum + batch.length, 0)
      const rules = await prepareRuleRun(deps.db, organizationId)
      const balancesBefore =
        (await deps.notifications?.balancesBefore(
          organizationId,
          plans.map((plan) => plan.journalId),
        )) ?? new Map()
      const ids = await deps.db.transaction(async (tx) => {
        const writer = createBankConnectionRepo(tx)
        // New lines go through the organisation's active rules, in the same transaction (issue 14).
        const written = await insertBankLines(tx, organizationId, batches.flat(), rules)
        await writer.update(organizationId, row.id, {
          ...storedLink(session.link, deps.secrets),
          statusCode: status.code,
          statusCodeInfo: status.info,
          statusCodeDescription: status.description,
          lastSyncedAt: deps.clock().toISOString(),
        })
        await deps.books.post(tx, { organizationId, transactions: written.ids })
        return written.ids
      })
      // A journal made from the bank's account opens at the balance that makes its balance the bank's.
      for (const plan of plans) {
        if (!plan.created || plan.account.balance === null) continue
        const { total: moved } = await repo.movementsOf(organizationId, plan.journalId)
        try {
          await deps.journals.update(tenant, plan.journalId, { startingValue: subtract(plan.account.balance, moved) })
        } catch (error) {
          // A balance beyond the amounts the books take leaves the starting value at 0: the lines are what count.
          if (!(error instanceof AppError || (error as Error).name === 'ZodError')) throw error
        }
      }
      await tellIfLost(organizationId, row, status.code)
      // The bank brought the lines: whoever asked for the sync is not their author.
      await deps.notifications?.bankLinesAdded({ organizationId, authorId: null, transactionIds: ids, balancesBefore })
      return { imported: ids.length, duplicates: total - ids.length }
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'refused') return refused(tenant, row)
      if (error instanceof ProviderError) throw new AppError(502, 'BANK_PROVIDER_UNAVAILABLE', m.providerUnavailable)
      throw error
    }
  }
}

export type Synchronise = ReturnType<typeof createSynchroniser>
