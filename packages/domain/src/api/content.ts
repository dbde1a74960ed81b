import { z } from 'zod'

/** GET /maintenance: whether the instance is in maintenance (spec/account.md §2, §4: the page leaves when off). */
export const maintenanceDtoSchema = z
  .object({
    status: z.enum(['on', 'off']),
    message: z.string().nullable().meta({ description: 'Message à montrer pendant la maintenance' }),
  })
  .meta({ id: 'Maintenance', description: 'État de maintenance du serveur' })
export type MaintenanceDto = z.infer<typeof maintenanceDtoSchema>

export const CHANGELOG_TAGS = ['NEW', 'IMPROVEMENT', 'FIX'] as const
export type ChangelogTag = (typeof CHANGELOG_TAGS)[number]

/** GET /changelog: one news item of the product (spec/account.md §3 "Changelog"). */
export const changelogEntryDtoSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    valuedAt: z.string().meta({ description: 'Date de la nouveauté (YYYY-MM-DD)' }),
    tags: z.array(z.enum(CHANGELOG_TAGS)),
  })
  .meta({ id: 'ChangelogEntry', description: 'Nouveauté du produit' })
export type ChangelogEntryDto = z.infer<typeof changelogEntryDtoSchema>

/** POST /tutorial-requests: the request as recorded, with the server's message to show. */
export const tutorialRequestDtoSchema = z
  .object({ id: z.number().int(), message: z.string(), createdAt: z.string() })
  .meta({ id: 'TutorialRequest', description: 'Demande de tutoriel enregistrée' })
export type TutorialRequestDto = z.infer<typeof tutorialRequestDtoSchema>

/** GET/PATCH /settings/card-payment: the key is never sent back, only a hint of it. */
export const cardPaymentDtoSchema = z
  .object({
    hasSecretKey: z.boolean(),
    secretKeyHint: z.string().nullable().meta({ description: 'Début et 4 derniers caractères : sk_live_…1234' }),
    paymentMinimum: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Montant TTC minimum en euros, null sans minimum' }),
    paymentLimit: z.number().int().nullable().meta({ description: 'Montant TTC maximum en euros, null sans maximum' }),
  })
  .meta({
    id: 'CardPayment',
    description: "Paiement par carte des factures : la clé Stripe de l'entreprise et ses limites",
  })
export type CardPaymentDto = z.infer<typeof cardPaymentDtoSchema>

/** GET /public/documents/{token}/card-payment: whether the shared invoice offers "Payer par carte". */
export const cardPaymentAvailabilityDtoSchema = z
  .object({
    available: z.boolean(),
    amount: z.string().nullable().meta({ description: 'Le montant TTC payé par carte, null si indisponible' }),
  })
  .meta({ id: 'CardPaymentAvailability', description: 'Paiement par carte d’une facture partagée' })
export type CardPaymentAvailabilityDto = z.infer<typeof cardPaymentAvailabilityDtoSchema>

/**
 * GET /tutorials: how a screen of Carnet works, shown in the tutorial drawer of the header (spec/account.md §2 "A
 * tutorial info drawer", §3 "Tutorial": title, link_video, overview, description, date_updated, app_slug).
 */
export const tutorialDtoSchema = z
  .object({
    slug: z.string().meta({ description: 'app_slug : l’identifiant du tutoriel' }),
    title: z.string(),
    path: z.string().meta({ description: 'L’écran qu’il explique (/app/sales/invoices) ; ses sous-pages aussi' }),
    overview: z.string().meta({ description: 'En une phrase' }),
    steps: z.array(z.string()).meta({ description: 'La description, pas à pas' }),
    linkVideo: z.string().nullable().meta({ description: 'Une vidéo, quand il y en a une' }),
    dateUpdated: z.string().meta({ description: 'YYYY-MM-DD' }),
  })
  .meta({ id: 'Tutorial', description: 'Tutoriel d’un écran' })
export type TutorialDto = z.infer<typeof tutorialDtoSchema>

/** The tutorial of the screen at `pathname`: the one whose path is the longest prefix of it. */
export function tutorialFor<T extends { path: string }>(tutorials: readonly T[], pathname: string): T | undefined {
  return tutorials
    .filter((tutorial) => pathname === tutorial.path || pathname.startsWith(`${tutorial.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]
}
