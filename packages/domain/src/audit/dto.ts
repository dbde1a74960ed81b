import { z } from 'zod'
import { AUDIT_CATEGORIES } from './categories'
import { auditMessages } from './messages'

export const AUDIT_ACTOR_KINDS = ['user', 'token', 'jobs', 'support', 'anonymous'] as const
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number]

/** One line of the audit trail: who, when, from where, what, with what result. Never a request's body. */
export const auditEventDtoSchema = z
  .object({
    id: z.number().int(),
    occurredAt: z.string().meta({ description: 'Instant ISO 8601 (UTC)' }),
    actorKind: z.enum(AUDIT_ACTOR_KINDS).meta({
      description:
        'user : un membre ; token : un jeton d’API personnel ; jobs : Carnet ; support : un opérateur pour un membre ; anonymous : une adresse inconnue',
    }),
    userId: z.number().int().nullable(),
    actorName: z.string().nullable().meta({ description: 'Nom du membre au moment de l’action' }),
    actorEmail: z
      .string()
      .nullable()
      .meta({ description: 'E-mail du membre, ou l’adresse tapée pour une connexion refusée' }),
    tokenId: z.number().int().nullable(),
    tokenName: z.string().nullable(),
    impersonatorId: z.number().int().nullable(),
    impersonatorName: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    category: z.enum(AUDIT_CATEGORIES),
    summary: z.string().meta({ description: 'Ce qui a été fait, en français (le résumé de la route)' }),
    method: z.string(),
    route: z
      .string()
      .meta({ description: 'Le chemin de la route, avec ses paramètres nommés (/invoices/:id/validate)' }),
    targetId: z.string().nullable().meta({ description: "L'identifiant visé par la route, quand elle en a un" }),
    status: z.number().int(),
    succeeded: z.boolean(),
  })
  .meta({ id: 'AuditEvent', description: "Ligne du journal d'audit" })
export type AuditEventDto = z.infer<typeof auditEventDtoSchema>

/** Who did it, as the page and the CSV say it. */
export function auditActorLabel(
  event: Pick<AuditEventDto, 'actorKind' | 'actorName' | 'actorEmail' | 'tokenName' | 'impersonatorName'>,
): string {
  const name = event.actorName || event.actorEmail || '—'
  switch (event.actorKind) {
    case 'jobs':
      return auditMessages.jobs
    case 'token':
      return auditMessages.token(event.tokenName ? `${name}, ${event.tokenName}` : name)
    case 'support':
      return auditMessages.onBehalfOf(event.impersonatorName ?? 'Opérateur', name)
    case 'anonymous':
      return event.actorEmail ? `${auditMessages.unknownUser} (${event.actorEmail})` : auditMessages.unknownUser
    default:
      return name
  }
}
