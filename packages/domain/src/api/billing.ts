import { z } from 'zod'
import { pagingFields, searchFields } from '../schemas/lists'

/**
 * The organisation's own subscription to Carnet (spec/account.md §2 "Organisation, plans and subscriptions", §3 plan,
 * subscription payment data and bill, §4 plans). Paid by card through a provider speaking Stripe's API; these shapes
 * are ours, the provider's never leak out.
 */

export const PLAN_CODES_PAID = [
  'pop-monthly',
  'pop-yearly',
  'pop-plus-monthly',
  'pop-plus-yearly',
  'monthly',
  'yearly',
  'plus-monthly',
  'plus-yearly',
] as const
export type PaidPlanCode = (typeof PLAN_CODES_PAID)[number]

export const billingPlanBodySchema = z
  .strictObject({ plan: z.enum(PLAN_CODES_PAID, { error: 'Choisis une formule.' }) })
  .meta({ id: 'BillingPlanBody', description: 'La formule choisie' })
export type BillingPlanBody = z.infer<typeof billingPlanBodySchema>

export const billingPlanQuerySchema = z.object({ plan: z.enum(PLAN_CODES_PAID, { error: 'Choisis une formule.' }) })

export const BILLING_STATUSES = ['none', 'active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete'] as const

export const billingSubscriptionDtoSchema = z
  .object({
    configured: z.boolean().meta({ description: 'Faux quand ce serveur n’a pas de clé du prestataire de paiement' }),
    planCode: z.string().meta({ description: 'La formule en cours (free sans abonnement)' }),
    status: z.enum(BILLING_STATUSES),
    isOnTrial: z.boolean(),
    trialEndsAt: z.string().nullable(),
    /** Cancelled: the plan keeps working until endsAt, then the organisation is on the free formula. */
    onGracePeriod: z.boolean(),
    endsAt: z.string().nullable(),
    currentPeriodEnd: z.string().nullable().meta({ description: 'Fin de la période payée' }),
    paymentRequired: z.boolean().meta({ description: 'Un paiement a échoué : l’abonnement est suspendu' }),
  })
  .meta({ id: 'BillingSubscription', description: 'L’abonnement de l’entreprise à Carnet' })
export type BillingSubscriptionDto = z.infer<typeof billingSubscriptionDtoSchema>

/** Subscribing answers a page of the provider to go to, or a client secret to confirm the card on our page. */
export const billingCheckoutDtoSchema = z
  .object({ url: z.string().nullable(), clientSecret: z.string().nullable() })
  .meta({ id: 'BillingCheckout' })
export type BillingCheckoutDto = z.infer<typeof billingCheckoutDtoSchema>

/** spec/account.md §3 "Subscription payment data": due, amount, data.days.consumed, data.amount.remaining. */
export const upcomingInvoiceDtoSchema = z
  .object({
    due: z.string().meta({ description: 'Date du prochain prélèvement (YYYY-MM-DD)' }),
    amount: z.string().meta({ description: 'Montant TTC dû pour le changement, en euros' }),
    data: z.object({
      days: z.object({ consumed: z.number().int() }),
      amount: z.object({ remaining: z.string().meta({ description: 'Crédit de la formule actuelle non consommé' }) }),
    }),
  })
  .meta({ id: 'UpcomingInvoice', description: 'Ce que coûterait le changement de formule' })
export type UpcomingInvoiceDto = z.infer<typeof upcomingInvoiceDtoSchema>

/** GET /subscription/bills: pages like every list (API.md "Lists"), newest first. */
export const billListQuerySchema = z.strictObject({ ...pagingFields(), ...searchFields() })
export type BillListQuery = z.output<typeof billListQuerySchema>

export const billDtoSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable().meta({ description: 'Le numéro de la facture chez le prestataire' }),
    date: z.string().meta({ description: 'YYYY-MM-DD' }),
    amount: z.string().meta({ description: 'TTC, en euros' }),
    status: z.string(),
    downloadLink: z.string().nullable(),
  })
  .meta({ id: 'SubscriptionBill', description: 'Facture de l’abonnement' })
export type BillDto = z.infer<typeof billDtoSchema>

export const billingPortalDtoSchema = z.object({ url: z.string() }).meta({ id: 'BillingPortal' })
