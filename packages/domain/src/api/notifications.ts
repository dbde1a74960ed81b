import { z } from 'zod'
import { NOTIFICATION_TYPES } from '../notifications/index'

/** spec/account.md §3 "Notification": model, tags, user name, description, readBy, created_at, is_important. */
export const notificationDtoSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    modelType: z.string().nullable().meta({
      description:
        'Le type de ce dont elle parle (invoice, quote, receipt, transaction, journal pour un compte bancaire, bankConnection)',
    }),
    modelId: z.number().int().nullable(),
    tags: z.array(z.string()),
    userName: z.string().nullable().meta({ description: 'Qui a agi (prénom et nom), absent pour la plateforme' }),
    description: z.string().meta({ description: 'La phrase à montrer, en français' }),
    isImportant: z.boolean(),
    readBy: z.array(z.number().int()).meta({ description: 'Les utilisateurs qui l’ont lue' }),
    isRead: z.boolean().meta({ description: 'Lue par l’utilisateur qui demande' }),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification', description: 'Notification de l’entreprise' })
export type NotificationDto = z.infer<typeof notificationDtoSchema>
