import {
  type AllocationInput,
  abs,
  automaticVat,
  automaticVats,
  isExpenseJournal,
  isZero,
  type JournalTypeCode,
  linesMakeTheAmount,
  type MileageDetail,
  messages,
  mileageAllowance,
  negate,
  signedLineAmount,
  TAX_IDS,
  toCents,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { fieldError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { categoryTaxId } from './category-tax'
import { type AllocationValues, createTransactionRepo } from './repo'

const m = messages.transactions

/** Where the parts go: the journal's type gives their sign, the transaction's date the mileage scale. */
export type PartsContext = { journalTypeCode: JournalTypeCode; datedAt: string }

type Line = { amount: string; taxId: number | null; taxManual: boolean; mileage: MileageDetail | null }

/**
 * A part's amount and tax as the journal wants them: an expense note's line is positive whatever was typed
 * (signedLineAmount), and a mileage line takes the barème's amount for the note's date, without VAT.
 */
function lineOf(part: AllocationInput, position: number, context: PartsContext | undefined): Line {
  const field = (name: string) => `allocations.${position}.${name}`
  const expenseNote = context !== undefined && isExpenseJournal(context.journalTypeCode)
  const sign = (amount: string) => (context ? signedLineAmount(context.journalTypeCode, part.name, amount) : amount)
  if (!part.mileage)
    return { amount: sign(part.amount), taxId: part.taxId ?? null, taxManual: part.taxManual, mileage: null }
  if (!expenseNote) throw fieldError(field('mileage'), messages.expenses.mileageOnlyInNotes)
  const { vehicleType, fiscalPower, distanceKm, yearlyDistanceKm } = part.mileage
  const allowance = mileageAllowance({ vehicleType, fiscalPower, distanceKm, yearlyDistanceKm }, context.datedAt)
  if (!allowance || isZero(allowance.amount)) throw fieldError(field('mileage'), messages.expenses.mileageNoAllowance)
  return {
    amount: allowance.amount,
    taxId: TAX_IDS.BS_NUL,
    taxManual: false,
    mileage: { vehicleType, fiscalPower, distanceKm, yearlyDistanceKm, scaleYear: allowance.band.incomeYear },
  }
}

/**
 * The split's parts as stored: taxes and categories checked (keyed by part), the VAT computed from the tax's rate
 * unless typed by hand (the parts of one amount at one rate keep that amount's VAT: automaticVats), none at all for a
 * tax-free organisation (spec/money.md §1). With a context, signs and mileage lines follow the journal (expense notes:
 * positive lines, spec/money.md §5).
 */
export function createPartsBuilder(deps: { db: Db; organizations: OrganizationService }) {
  const repo = createTransactionRepo(deps.db)

  return async function partsOf(
    tenant: Tenant,
    parts: AllocationInput[],
    kept: ReadonlySet<number> = new Set(),
    context?: PartsContext,
  ): Promise<AllocationValues[]> {
    const lines = parts.map((part, position) => lineOf(part, position, context))
    const expenseNote = context !== undefined && isExpenseJournal(context.journalTypeCode)
    // An expense note's lines are money spent, positive as they are: the tax of a category is the deductible one.
    const direction = (amount: string) => (expenseNote ? negate(abs(amount)) : amount)
    const [entries, taxFree] = await Promise.all([
      repo.entriesByIds(tenant.organizationId, [...new Set(parts.map((part) => part.accountingEntryId))]),
      deps.organizations.isTaxFree(tenant.organizationId),
    ])
    const taxIds = await Promise.all(
      parts.map(async (part, position) => {
        const entry = entries.find((candidate) => candidate.id === part.accountingEntryId)
        if (!entry) throw fieldError(`allocations.${position}.accountingEntryId`, messages.validation.choiceInvalid)
        if (entry.code === '0') throw fieldError(`allocations.${position}.accountingEntryId`, m.folderNotCategory)
        if (!entry.isActive && !kept.has(entry.id))
          throw fieldError(`allocations.${position}.accountingEntryId`, messages.accountingEntries.inactive)
        const line = lines[position] as Line
        const taxId =
          line.taxId ?? (await categoryTaxId(repo, tenant.organizationId, entry, direction(line.amount), taxFree))
        if (taxId === null) throw fieldError(`allocations.${position}.taxId`, messages.validation.required)
        return taxId
      }),
    )
    const taxes = await repo.taxesByIds([...new Set(taxIds)])
    const rows = parts.map((part, position) => {
      const line = lines[position] as Line
      const tax = taxes.find((candidate) => candidate.id === taxIds[position])
      if (!tax) throw fieldError(`allocations.${position}.taxId`, messages.validation.choiceInvalid)
      const manual = line.taxManual && part.taxAmount !== null && part.taxAmount !== undefined && !taxFree
      // On an expense note, a VAT typed by hand takes the sign of its line, positive (spec/money.md §4, §5).
      const typed = (value: string) => (expenseNote ? abs(value) : value)
      return { part, line, tax, manual, manualVat: manual ? toCents(typed(part.taxAmount as string)) : null }
    })
    // The split of one amount keeps that amount's VAT, rate by rate, as the editor shows it live; lines that make the
    // amount (expense notes, cash operations) and a category given to many transactions are each their own operation.
    const oneWhole = context !== undefined && !linesMakeTheAmount(context.journalTypeCode)
    const vats = oneWhole
      ? automaticVats(
          rows.map(({ line, tax, manualVat }) => ({
            amount: line.amount,
            ratePercent: tax.amount,
            taxId: tax.id,
            manualVat,
          })),
        )
      : rows.map(({ line, tax, manualVat }) => manualVat ?? automaticVat(line.amount, tax.amount))
    return rows.map(({ part, line, tax, manual }, position) => ({
      position,
      name: part.name,
      amount: toCents(line.amount),
      taxAmount: taxFree ? '0.00' : (vats[position] as string),
      taxManual: manual,
      taxId: tax.id,
      accountingEntryId: part.accountingEntryId,
      mileage: line.mileage,
    }))
  }
}

export type PartsBuilder = ReturnType<typeof createPartsBuilder>
