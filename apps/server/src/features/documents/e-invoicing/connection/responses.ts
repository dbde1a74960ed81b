import type { DirectoryAddressDto, DirectoryLookupDto, EInvoicingConnectionDto } from '@app/domain'
import { z } from 'zod'

/**
 * The answers of the connection and directory routes, as schemas: Fastify answers through them and the OpenAPI
 * document describes them. They say what the domain's DTO types say (checked below); they belong in
 * packages/domain/src/api beside the others once the domain takes them.
 */

export const directoryAddressSchema = z
  .object({
    address: z.string().meta({ description: 'Adresse de facturation électronique (schéma 0225), ex. « 732829320 »' }),
    siren: z.string(),
    siret: z.string().nullable(),
    routingCode: z.string().nullable().meta({ description: 'Code routage (service, GLN…) quand la ligne en a un' }),
    suffix: z.string().nullable(),
    platform: z.string().nullable().meta({ description: 'Type de plateforme de réception : WK (PA) ou DFH (PPF)' }),
  })
  .meta({ id: 'DirectoryAddress', description: "Une ligne de l'annuaire de la facturation électronique" })

export const eInvoicingConnectionSchema = z
  .object({
    connected: z.boolean(),
    flowUrl: z.string().nullable(),
    directoryUrl: z.string().nullable(),
    tokenUrl: z.string().nullable(),
    clientId: z.string().nullable(),
    platformOrganizationId: z.string().nullable(),
    hasClientSecret: z.boolean().meta({ description: "Le secret client est enregistré (il n'est jamais renvoyé)" }),
    addresses: z.array(directoryAddressSchema),
    receivingAddress: z.string().nullable(),
    connectedAt: z.string().nullable(),
    connectedBy: z.string().nullable(),
    lastCheckedAt: z.string().nullable(),
    webhookActive: z.boolean().meta({
      description: 'La plateforme prévient Carnet par webhook ; sinon Carnet l’interroge toutes les 5 minutes',
    }),
  })
  .meta({ id: 'EInvoicingConnection', description: 'Connexion de l’organisation à sa plateforme agréée' })

export const directoryLookupSchema = z
  .object({
    siren: z.string(),
    name: z.string().nullable(),
    reachable: z.boolean().meta({ description: 'L’entreprise reçoit des factures électroniques' }),
    addresses: z.array(directoryAddressSchema),
  })
  .meta({ id: 'DirectoryLookup', description: "Réponse de l'annuaire pour un SIREN" })

export const platformMessageSchema = z
  .object({ message: z.string().meta({ description: 'Message en français, à montrer tel quel' }) })
  .meta({ id: 'EInvoicingMessage' })

// The schemas and the domain's types must say the same thing.
const _address: z.infer<typeof directoryAddressSchema> = {} as DirectoryAddressDto
const _connection: z.infer<typeof eInvoicingConnectionSchema> = {} as EInvoicingConnectionDto
const _lookup: z.infer<typeof directoryLookupSchema> = {} as DirectoryLookupDto
void [_address, _connection, _lookup]
