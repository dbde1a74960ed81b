import { z } from 'zod'
import { BANK_PROVIDERS } from '../schemas/bank-connections'

const id = z.number().int()

export const BANK_CONNECTION_STATES = ['ok', 'error', 'archived'] as const
export type BankConnectionState = (typeof BANK_CONNECTION_STATES)[number]

export const bankConnectionJournalSchema = z.object({
  id,
  name: z.string(),
  code: z.string(),
  iban: z.string().nullable(),
  isActive: z.boolean(),
  balance: z.string().meta({ description: 'Solde du compte dans Carnet, au centime' }),
})

export const bankConnectionDtoSchema = z
  .object({
    id,
    provider: z.enum(BANK_PROVIDERS),
    providerName: z.string().meta({ description: 'Bridge, Qonto' }),
    bankName: z.string().nullable(),
    isActive: z.boolean(),
    statusCode: z
      .number()
      .int()
      .meta({ description: '0 : tout va bien ; sinon le code du fournisseur (402, 429, 1003…)' }),
    statusCodeInfo: z.string().nullable(),
    statusCodeDescription: z.string().nullable(),
    state: z.enum(BANK_CONNECTION_STATES).meta({ description: 'Badge : ok, error (en erreur) ou archived (archivée)' }),
    needsRenewal: z.boolean().meta({ description: 'La connexion a plus de 90 jours : elle doit être renouvelée' }),
    expiresAt: z.string().nullable().meta({ description: 'Fin des 90 jours de la connexion' }),
    lastSyncedAt: z.string().nullable(),
    journals: z.array(bankConnectionJournalSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BankConnection', description: 'Connexion bancaire (agrégateur ou néobanque) et ses comptes' })
export type BankConnectionDto = z.infer<typeof bankConnectionDtoSchema>

export const bankProviderDtoSchema = z
  .object({
    provider: z.enum(BANK_PROVIDERS),
    name: z.string(),
    kind: z
      .enum(['aggregator', 'neobank'])
      .meta({ description: 'aggregator : plus de 350 banques ; neobank : directe' }),
  })
  .meta({ id: 'BankProvider', description: 'Fournisseur de connexion bancaire configuré sur ce serveur' })
export type BankProviderDto = z.infer<typeof bankProviderDtoSchema>

export const bankConnectUrlDtoSchema = z.object({
  url: z.string().meta({ description: 'La page du fournisseur où envoyer le navigateur' }),
})

export const bankSyncResultDtoSchema = z
  .object({
    imported: z.number().int(),
    duplicates: z.number().int(),
    connection: bankConnectionDtoSchema,
  })
  .meta({
    id: 'BankSyncResult',
    description: 'Transactions nouvelles et déjà connues, et la connexion après la synchronisation',
  })
export type BankSyncResultDto = z.infer<typeof bankSyncResultDtoSchema>
