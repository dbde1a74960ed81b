import {
  defaultPreferences,
  formatEuro,
  messages,
  type NotificationPreferences,
  reachesThreshold,
  wentNegative,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { bankBalanceRows, bankLinesBeyond, journalNames, type StoredPreferences } from './repo'

const m = messages.notifications
/** Ids read per query: a statement of 10,000 lines stays far below the bound parameters' limit. */
const CHUNK = 1000

/** Preferences stored before a field existed get the spec's default for it. */
export const preferencesOf = (stored: StoredPreferences): NotificationPreferences => ({
  ...defaultPreferences().notifications,
  ...stored,
})

/** The part of a notification the bank events decide; the service adds the organisation and the author. */
export type BankEvent = {
  type: 'income' | 'outcome' | 'negativeBalance'
  modelType: string
  modelId: number
  tags: string[]
  description: string
  isImportant: boolean
  wants: (preferences: NotificationPreferences) => boolean
}

/** The lowest threshold any member keeps on, per direction: lines below both need not be read. */
function lowestThresholds(members: { preferences: StoredPreferences }[]) {
  let income: number | null = null
  let outcome: number | null = null
  for (const member of members) {
    const preferences = preferencesOf(member.preferences)
    if (preferences.income.enabled)
      income = income === null ? preferences.income.threshold : Math.min(income, preferences.income.threshold)
    if (preferences.outcome.enabled)
      outcome = outcome === null ? preferences.outcome.threshold : Math.min(outcome, preferences.outcome.threshold)
  }
  return { income, outcome }
}

/** The bank accounts' balances (starting value and lines), for the accounts among `journalIds`. */
export async function bankBalances(db: DbOrTx, organizationId: number, journalIds: number[]) {
  const balances = new Map<number, string>()
  if (journalIds.length === 0) return balances
  const rows = await bankBalanceRows(db, organizationId, journalIds)
  for (const row of rows) balances.set(row.id, row.balance)
  return balances
}

/** One notification per new bank line at or above a member's threshold (income for credits, outcome for debits). */
export async function thresholdEvents(
  db: DbOrTx,
  organizationId: number,
  members: { preferences: StoredPreferences }[],
  transactionIds: number[],
): Promise<BankEvent[]> {
  const lowest = lowestThresholds(members)
  if ((lowest.income === null && lowest.outcome === null) || transactionIds.length === 0) return []
  const events: BankEvent[] = []
  for (let start = 0; start < transactionIds.length; start += CHUNK) {
    const rows = await bankLinesBeyond(db, organizationId, transactionIds.slice(start, start + CHUNK), lowest)
    for (const row of rows) {
      const income = !row.amount.startsWith('-')
      const amount = formatEuro(row.amount.replace(/^-/, ''))
      events.push({
        type: income ? 'income' : 'outcome',
        modelType: 'transaction',
        modelId: row.id,
        tags: ['transaction'],
        description: income ? m.income(amount, row.account, row.name) : m.outcome(amount, row.account, row.name),
        isImportant: true,
        wants: (preferences) => reachesThreshold(row.amount, preferences),
      })
    }
  }
  return events
}

/** One notification per bank account whose balance went from zero or more to below zero. */
export async function negativeBalanceEvents(
  db: DbOrTx,
  organizationId: number,
  before: Map<number, string>,
): Promise<BankEvent[]> {
  const after = await bankBalances(db, organizationId, [...before.keys()])
  const crossed = [...after].filter(([id, balance]) => wentNegative(before.get(id) ?? '0', balance))
  if (crossed.length === 0) return []
  const names = await journalNames(
    db,
    organizationId,
    crossed.map(([id]) => id),
  )
  return crossed.map(([id, balance]) => ({
    type: 'negativeBalance',
    modelType: 'journal',
    modelId: id,
    tags: ['bank'],
    description: m.negativeBalance(names.find((row) => row.id === id)?.name ?? '', formatEuro(balance)),
    isImportant: true,
    wants: (preferences) => preferences.negativeBalance,
  }))
}
