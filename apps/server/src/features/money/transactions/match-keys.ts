import { searchKey } from '@app/domain'

/**
 * The folded labels stored beside a transaction's name, raw label and counterparty (schema/money.ts): the rule engine
 * folds them the same way, so the rule preview's SQL and the engine agree. Every write of those three fields goes
 * through here.
 */
export const matchKeys = (values: { name: string; rawName: string; counterparty?: string | null }) => ({
  nameKey: searchKey(values.name),
  rawNameKey: searchKey(values.rawName),
  counterpartyKey: searchKey(values.counterparty ?? ''),
})

/** The name's key alone, when only the name changes. */
export const nameKey = (name: string) => ({ nameKey: searchKey(name) })
