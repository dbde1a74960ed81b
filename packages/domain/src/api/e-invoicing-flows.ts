import { z } from 'zod'
import { messages } from '../messages/index'
import { pagingFields, searchFields } from '../schemas/lists'

/**
 * The flows the PA sent to the organisation (supplier invoices, lifecycle statuses), as the settings page lists them:
 * what became of each, and why one could not be used. A failed flow is tried again by itself a few times (after 5 min,
 * 30 min, 2 h, 6 h, 24 h), and by hand with « Réessayer ».
 */
export const INCOMING_FLOW_KINDS = ['supplierInvoice', 'status'] as const
export type IncomingFlowKind = (typeof INCOMING_FLOW_KINDS)[number]

export const incomingFlowDtoSchema = z
  .object({
    id: z.number().int(),
    flowId: z.string().meta({ description: 'Identifiant du flux chez la plateforme agréée' }),
    kind: z.enum(INCOMING_FLOW_KINDS).meta({
      description: 'supplierInvoice : facture d’un fournisseur ; status : statut du cycle de vie (CDAR)',
    }),
    kindLabel: z.string(),
    syntax: z.string().meta({ description: 'Factur-X, CII, UBL ou CDAR' }),
    fileName: z.string(),
    state: z.enum(['processed', 'failed']),
    /** Why it could not be used, in French. */
    lastError: z.string().nullable(),
    attempts: z.number().int().meta({ description: 'Essais déjà faits pour un flux en échec' }),
    nextAttemptAt: z
      .string()
      .nullable()
      .meta({ description: 'Prochain essai automatique ; null quand il n’y en a plus' }),
    receiptId: z.number().int().nullable().meta({ description: 'Le justificatif créé pour une facture reçue' }),
    receivedAt: z.string(),
  })
  .meta({ id: 'IncomingFlow', description: 'Un flux reçu de la plateforme agréée' })
export type IncomingFlowDto = z.infer<typeof incomingFlowDtoSchema>

export const incomingFlowListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  'filter[state]': z.enum(['processed', 'failed'], { error: messages.validation.choiceInvalid }).optional(),
})
export type IncomingFlowListQuery = z.output<typeof incomingFlowListQuerySchema>

/** Minutes before each automatic try of a failed incoming flow, after its 1st, 2nd… failure; then none. */
export const INCOMING_FLOW_RETRY_MINUTES = [5, 30, 120, 360, 1440] as const

export const INCOMING_FLOW_KIND_LABELS: Record<IncomingFlowKind, string> = {
  supplierInvoice: 'Facture fournisseur',
  status: 'Statut de cycle de vie',
}

export const incomingFlowMessages = {
  notFailed: 'Ce flux a déjà été traité : il n’y a rien à réessayer.',
  retried: 'Le flux a été traité.',
  stillFailing: 'Le flux n’a toujours pas pu être traité.',
}
