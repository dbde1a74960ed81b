import {
  add,
  type Ca3Refusal,
  ca3Declaration,
  carriedCredit,
  type DeclarationRegime,
  dayBefore,
  declarationDto,
  declarationPeriod,
  fiscalYearClosingIn,
  messages,
  monthEnd,
  type OperatingAccountDto,
  type OperatingAccountRow,
  type ReportPeriodQuery,
  reportMonths,
  type SalesReportDto,
  subtract,
  toCents,
  type VatDeclarationDto,
  type VatMonthDetailDto,
  type VatMonthDto,
  type VatReportDto,
  vatRateFamily,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { AppError, conflict } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { assertCanReadBooks } from '../exports/fec'
import { ca3FileName, renderCa3Pdf } from './ca3-pdf'
import { createReportRepo, type OperatingAccountCell, type SalesCell, type VatDueCell } from './repo'

const ZERO = '0.00'
const sumOf = (values: readonly string[]) => toCents(values.reduce((total, value) => add(total, value), '0'))

/** A collected rate the form has no line for (DOM, Corsica) makes the declaration impossible here. */
function declarable<T extends object>(result: T | Ca3Refusal): T {
  if ('rateWithoutLine' in result)
    throw conflict(messages.ledger.declarationRate(result.rateWithoutLine), 'VAT_RATE_NOT_ON_CA3')
  return result
}

function rowsOf(cells: OperatingAccountCell[], months: readonly string[]): OperatingAccountRow[] {
  const byAccount = new Map<string, OperatingAccountCell[]>()
  for (const cell of cells) byAccount.set(cell.accountCode, [...(byAccount.get(cell.accountCode) ?? []), cell])
  return [...byAccount.entries()].map(([accountCode, accountCells]) => {
    const amounts = months.map((month) => accountCells.find((cell) => cell.month === month)?.amount ?? ZERO)
    return { accountCode, label: accountCells[0]?.label ?? accountCode, amounts, total: sumOf(amounts) }
  })
}

const columnTotals = (rows: OperatingAccountRow[], count: number) =>
  Array.from({ length: count }, (_, index) => sumOf(rows.map((row) => row.amounts[index] ?? ZERO)))

function vatMonth(month: { month: string; label: string; shortLabel: string }, cells: VatDueCell[]): VatMonthDto {
  const own = cells.filter((cell) => cell.month === month.month)
  const collected = own.filter((cell) => cell.kind === 'collected')
  const deductible = own.filter((cell) => cell.kind === 'deductible')
  const family = (name: string) =>
    sumOf(collected.filter((cell) => vatRateFamily(cell.rate) === name).map((c) => c.tax))
  const fixedAssets = sumOf(deductible.filter((cell) => cell.accountCode.startsWith('44562')).map((c) => c.tax))
  const collectedTotal = sumOf(collected.map((cell) => cell.tax))
  const deductibleTotal = sumOf(deductible.map((cell) => cell.tax))
  return {
    ...month,
    collected: {
      total: collectedTotal,
      normal: family('normal'),
      intermediate: family('intermediate'),
      reduced: family('reduced'),
      superReduced: family('superReduced'),
    },
    deductible: {
      total: deductibleTotal,
      goodsAndServices: toCents(subtract(deductibleTotal, fixedAssets)),
      fixedAssets,
    },
    balance: toCents(subtract(collectedTotal, deductibleTotal)),
  }
}

/**
 * The reports of spec/account.md §2, every figure read from the ledger (decision 0024), as posted by the services
 * that wrote the documents (decision 0045).
 */
export function createReportService(deps: { db: Db }) {
  const repo = createReportRepo(deps.db)

  /**
   * The CA3 of a month (MONTH) or of the quarter `month` ends (QUARTER), from the ledger (decision 0024 "VAT"): the
   * boxes, the same in whole euros as the form is filled, and the lines behind each box. Box 22 carries the credit of
   * the previous declaration, so the returns since the first VAT of the books are computed first (from monthly sums);
   * the lines of a credit go back to the declaration that started it.
   */
  async function declaration(tenant: Tenant, year: number, month: number) {
    assertCanReadBooks(tenant)
    const organizationId = tenant.organizationId
    const regime = await declarationRegime(organizationId)
    if (regime === 'QUARTER' && month % 3 !== 0) {
      const message = messages.ledger.declarationQuarterMonth
      throw new AppError(400, 'BAD_REQUEST', message, { month: [message] })
    }
    const period = declarationPeriod(regime, year, month)
    const first = await repo.firstCa3Date(organizationId, period.from)
    const cells = first ? await repo.ca3Cells(organizationId, first, dayBefore(period.from)) : []
    const carried = declarable(carriedCredit(regime, period, first, cells))
    const lines = await repo.ca3Lines(organizationId, carried.chainFrom, period.to)
    return { period, ...declarable(ca3Declaration(regime, period, carried, lines)) }
  }

  /** FREE has no VAT to declare and YEAR files the yearly CA12: neither has a CA3. */
  async function declarationRegime(organizationId: number): Promise<DeclarationRegime> {
    const code = await repo.taxRegimeCode(organizationId)
    if (code === 'FREE') throw conflict(messages.ledger.declarationTaxFree, 'NO_VAT_DECLARATION')
    if (code === 'YEAR') throw conflict(messages.ledger.declarationYearly, 'NO_VAT_DECLARATION')
    return code === 'QUARTER' ? 'QUARTER' : 'MONTH'
  }

  return {
    async operatingAccount(tenant: Tenant, period: ReportPeriodQuery): Promise<OperatingAccountDto> {
      assertCanReadBooks(tenant)
      const months = reportMonths(period.from, period.to)
      const keys = months.map((month) => month.month)
      const cells = await repo.operatingAccount(tenant.organizationId, period.from, period.to)
      const income = rowsOf(
        cells.filter((cell) => cell.accountCode.startsWith('7')),
        keys,
      )
      const outcome = rowsOf(
        cells.filter((cell) => cell.accountCode.startsWith('6')),
        keys,
      )
      const incomeTotals = columnTotals(income, keys.length)
      const outcomeTotals = columnTotals(outcome, keys.length)
      const summaryIncome = sumOf(incomeTotals)
      const summaryOutcome = sumOf(outcomeTotals)
      return {
        from: period.from,
        to: period.to,
        months,
        income,
        outcome,
        totals: {
          income: incomeTotals,
          outcome: outcomeTotals,
          balance: incomeTotals.map((value, index) => toCents(subtract(value, outcomeTotals[index] ?? ZERO))),
        },
        summary: {
          income: summaryIncome,
          outcome: summaryOutcome,
          balance: toCents(subtract(summaryIncome, summaryOutcome)),
        },
      }
    },

    async vat(tenant: Tenant, year: number): Promise<VatReportDto> {
      assertCanReadBooks(tenant)
      const months = reportMonths(`${year}-01-01`, `${year}-12-31`)
      const cells = await repo.vatDueByMonth(tenant.organizationId, `${year}-01-01`, `${year}-12-31`)
      const detail = months.map((month) => vatMonth(month, cells))
      const collected = sumOf(detail.map((month) => month.collected.total))
      const deductible = sumOf(detail.map((month) => month.deductible.total))
      const years = await repo.years(tenant.organizationId)
      return {
        year,
        summary: { collected, deductible, balance: toCents(subtract(collected, deductible)) },
        months: detail,
        availableYears: years.length > 0 ? years : [year],
      }
    },

    async vatMonth(tenant: Tenant, month: string): Promise<VatMonthDetailDto> {
      assertCanReadBooks(tenant)
      const lines = await repo.vatDueLines(tenant.organizationId, `${month}-01`, monthEnd(month))
      const total = (kind: string) => sumOf(lines.filter((line) => line.kind === kind).map((line) => line.tax))
      const [label] = reportMonths(`${month}-01`, `${month}-01`)
      return {
        month: label ?? { month, label: month, shortLabel: month },
        lines: lines.map((line) => ({ ...line, ratePercent: line.rate })).map(({ rate: _rate, ...line }) => line),
        collected: total('collected'),
        deductible: total('deductible'),
        balance: toCents(subtract(total('collected'), total('deductible'))),
      }
    },

    async sales(tenant: Tenant, year: number): Promise<SalesReportDto> {
      assertCanReadBooks(tenant)
      const months = reportMonths(`${year}-01-01`, `${year}-12-31`)
      const cells = await repo.salesByMonth(tenant.organizationId, `${year}-01-01`, `${year}-12-31`)
      const rates = [...new Set(cells.map((cell) => cell.rate))]
        .sort((a, b) => Number(b) - Number(a))
        .map((key) => ({ key, label: `T.V.A. ${key.replace('.', ',')} %` }))
      const figures = (own: SalesCell[]) => {
        const taxes = rates.map((rate) => ({
          ...rate,
          totalExcluded: sumOf(own.filter((cell) => cell.rate === rate.key).map((cell) => cell.taxExcluded)),
          totalTaxes: sumOf(own.filter((cell) => cell.rate === rate.key).map((cell) => cell.tax)),
        }))
        const totalTaxExcluded = sumOf(taxes.map((tax) => tax.totalExcluded))
        const totalTaxes = sumOf(taxes.map((tax) => tax.totalTaxes))
        return { taxes, totalTaxExcluded, totalTaxes, totalTaxIncluded: toCents(add(totalTaxExcluded, totalTaxes)) }
      }
      const years = await repo.years(tenant.organizationId)
      return {
        year,
        taxRegimeCode: await repo.taxRegimeCode(tenant.organizationId),
        rates,
        months: months.map((month) => ({ ...month, ...figures(cells.filter((cell) => cell.month === month.month)) })),
        total: figures(cells),
        availableYears: years.length > 0 ? years : [year],
      }
    },

    /** The CA3 (3310-CA3-SD) as a PDF laid out like the form, named with the year and the (last) month. */
    async vatDeclaration(tenant: Tenant, year: number, month: number) {
      const { period, rounded } = await declaration(tenant, year, month)
      const organization = await repo.organization(tenant.organizationId)
      if (!organization) throw conflict()
      const body = await renderCa3Pdf({
        organization: { name: organization.name, siren: organization.siren, address: organization.address },
        period: { year, month },
        periodLabel: period.label,
        boxes: rounded,
      })
      return { filename: ca3FileName(year, month), body }
    },

    /** The CA3 on screen: every box, its amount to the cent and in euros, and the ledger lines behind it. */
    async vatDeclarationDetail(tenant: Tenant, year: number, month: number): Promise<VatDeclarationDto> {
      const { period, boxes, rounded, sources } = await declaration(tenant, year, month)
      return declarationDto(period, boxes, rounded, sources)
    },

    fiscalYear: fiscalYearClosingIn,
  }
}

export type ReportService = ReturnType<typeof createReportService>
