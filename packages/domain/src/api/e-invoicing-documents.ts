import { z } from 'zod'
import type { DocumentEInvoicingDto, LifecycleEventDto } from '../e-invoicing/dto'

/** One lifecycle status of a document on the e-invoicing network (decision 0043), labels in French. */
export const lifecycleEventDtoSchema = z
  .object({
    code: z.number().int().meta({ description: 'Code CDAR : 200 Déposée … 213 Rejetée, 220 Annulée' }),
    label: z.string(),
    source: z.enum(['platform', 'buyer', 'seller']),
    reason: z.string().nullable(),
    reasonLabel: z.string().nullable(),
    message: z.string().nullable(),
    action: z.string().nullable(),
    actionLabel: z.string().nullable(),
    occurredAt: z.string(),
  })
  .meta({ id: 'LifecycleEvent', description: "Statut du cycle de vie d'une facture électronique" }) satisfies z.ZodType<
  LifecycleEventDto,
  unknown
>

/** How a sales document travels: through the PA, or by e-mail to a customer outside the directory. */
export const documentEInvoicingDtoSchema = z
  .object({
    channel: z.enum(['network', 'email']),
    delivery: z.enum(['queued', 'sent', 'failed', 'skipped']).meta({
      description:
        'queued : en attente d’envoi ; sent : prise par la plateforme ; failed : refusée, voir lastError ; skipped : client hors annuaire, envoyée par e-mail',
    }),
    flowId: z.string().nullable(),
    trackingId: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    status: z.number().int().nullable(),
    statusLabel: z.string().nullable(),
    events: z.array(lifecycleEventDtoSchema),
  })
  .meta({
    id: 'DocumentEInvoicing',
    description: "Le parcours d'une facture sur le réseau de facturation électronique",
  }) satisfies z.ZodType<DocumentEInvoicingDto, unknown>
