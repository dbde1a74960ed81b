import { z } from 'zod'

// The answers of GET /dashboard/* and GET /available-years (spec/account.md §3 "Dashboard data"). Money is a decimal
// string to the cent, read from the ledger (decision 0024) unless said otherwise.

const money = (description = 'Montant décimal en chaîne ("1200.00")') => z.string().meta({ description })

const trendSchema = z
  .enum(['up', 'down', 'flat'])
  .meta({ description: 'Le mois de `to` contre le précédent : stable à ±10 % près, sinon en hausse ou en baisse' })

export const dashboardMonthFigureSchema = z.object({
  value: money(),
  label: z.string().meta({ description: 'Le mois en toutes lettres ("mars 2026")' }),
  date: z.string().meta({ description: 'Le mois, AAAA-MM' }),
})

/** A card's figure: the period's total, and the month of `to` against the month before it (the trend arrow). */
export const dashboardFigureDtoSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    total: money('Sur toute la période'),
    currentMonth: dashboardMonthFigureSchema,
    previousMonth: dashboardMonthFigureSchema,
    trend: trendSchema,
    byMonth: z
      .array(dashboardMonthFigureSchema)
      .meta({ description: 'Chaque mois de la période, le premier mois complété de zéros : le détail de la carte' }),
  })
  .meta({ id: 'DashboardFigure' })
export type DashboardFigureDto = z.infer<typeof dashboardFigureDtoSchema>

const summaryFigure = dashboardFigureDtoSchema.pick({
  total: true,
  currentMonth: true,
  previousMonth: true,
  trend: true,
  byMonth: true,
})

export const dashboardActivityDtoSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    activityByMonth: z.array(
      z.object({
        date: z.string().meta({ description: 'Le mois, AAAA-MM' }),
        label: z.string(),
        shortLabel: z.string(),
        in: money('Encaissé sur les comptes bancaires dans le mois'),
        out: money('Décaissé des comptes bancaires dans le mois'),
        balance: money('Encaissé − décaissé'),
        treasury: money('Solde des comptes bancaires à la fin du mois (ou à `to`)'),
      }),
    ),
    summary: z.object({
      income: summaryFigure.meta({ description: 'Produits (classe 7)' }),
      expenses: summaryFigure.meta({ description: 'Charges (classe 6)' }),
      result: summaryFigure.meta({ description: 'Produits − charges' }),
      treasury: summaryFigure.meta({ description: 'Solde des comptes bancaires (total : à `to`)' }),
    }),
  })
  .meta({ id: 'DashboardActivity' })
export type DashboardActivityDto = z.infer<typeof dashboardActivityDtoSchema>

export const dashboardTreasuryDtoSchema = z
  .object({
    current: money('Solde des comptes bancaires (512) à `to`'),
    history: z.array(z.object({ date: z.string(), amount: money() })),
  })
  .meta({ id: 'DashboardTreasury' })
export type DashboardTreasuryDto = z.infer<typeof dashboardTreasuryDtoSchema>

const accountBalance = z.object({
  journalId: z.number().int(),
  name: z.string(),
  accountCode: z.string(),
  balance: money(),
})

export const dashboardAccountsDtoSchema = z
  .object({ at: z.string(), total: money(), accounts: z.array(accountBalance) })
  .meta({ id: 'DashboardAccounts' })
export type DashboardAccountsDto = z.infer<typeof dashboardAccountsDtoSchema>

const countAndSum = z.object({ count: z.number().int(), sum: money('Total TTC (net à payer)') })

export const dashboardQuotesDtoSchema = z
  .object({
    sent: countAndSum.meta({ description: 'Devis envoyés, en attente de réponse' }),
    total: z.number().int().meta({ description: 'Devis de l’entreprise, brouillons compris' }),
  })
  .meta({ id: 'DashboardQuotes' })
export type DashboardQuotesDto = z.infer<typeof dashboardQuotesDtoSchema>

export const dashboardInvoicesDtoSchema = z
  .object({
    paid: countAndSum,
    pending: countAndSum,
    late: countAndSum,
    owed: money('Ce que les clients doivent à `to` : le solde du compte 411'),
    total: z.number().int().meta({ description: 'Factures de l’entreprise, brouillons compris, hors avoirs' }),
  })
  .meta({ id: 'DashboardInvoices' })
export type DashboardInvoicesDto = z.infer<typeof dashboardInvoicesDtoSchema>

export const dashboardMrrDtoSchema = z
  .object({
    lastPeriodAmount: money('HT facturé par les factures récurrentes dans le mois de `to`'),
    previousPeriodAmount: money('Le même, le mois précédent'),
    lastPeriodStart: z.string(),
    previousPeriodStart: z.string(),
    trend: trendSchema,
  })
  .meta({ id: 'DashboardMrr' })
export type DashboardMrrDto = z.infer<typeof dashboardMrrDtoSchema>

export const availableYearDtoSchema = z
  .object({ start: z.string(), end: z.string(), label: z.string().meta({ description: '"2026" ou "2025-2026"' }) })
  .meta({ id: 'AvailableYear' })
export type AvailableYearDto = z.infer<typeof availableYearDtoSchema>
