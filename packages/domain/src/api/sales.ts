import { z } from 'zod'
import type { ContactActivity } from '../contacts/activity'
import { CONTACT_TYPE_IDS } from '../reference/ids'
import { PRICE_RULES } from '../schemas/catalog'
import { addressDtoSchema, refSchema } from './account'

/** Response shapes of API.md "Customers, suppliers, addresses, catalogue". */

export const contactPersonDtoSchema = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().meta({ description: 'Id du client ou fournisseur' }),
    contactTypeId: z.literal(CONTACT_TYPE_IDS.PRIVATE),
    name: z.string(),
    email: z.string().nullable(),
    phoneMobile: z.string().nullable(),
    phoneOffice: z.string().nullable(),
    position: z.string().nullable(),
  })
  .meta({ id: 'ContactPerson', description: "Interlocuteur d'un client ou fournisseur professionnel" })
export type ContactPersonDto = z.infer<typeof contactPersonDtoSchema>

/** What the e-invoicing directory answered about a customer (its SIREN), read through the organisation's PA. */
export const contactEInvoicingSchema = z
  .object({
    reachable: z.boolean().meta({ description: 'Le client reçoit des factures électroniques' }),
    address: z.string().nullable().meta({ description: 'Son adresse de facturation électronique (schéma 0225)' }),
    platform: z.string().nullable().meta({ description: 'Type de plateforme de réception : WK (PA) ou DFH (PPF)' }),
    checkedAt: z.string().meta({ description: "Quand l'annuaire a été interrogé" }),
  })
  .meta({ id: 'ContactEInvoicing', description: "Réponse de l'annuaire de la facturation électronique" })
export type ContactEInvoicingDto = z.infer<typeof contactEInvoicingSchema>

export const contactDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    contactTypeId: z.number().int(),
    contactType: refSchema,
    relation: z.enum(['customer', 'supplier', 'both']),
    isCustomer: z.boolean(),
    isSupplier: z.boolean(),
    registrySiren: z.string().nullable(),
    registryName: z.string().nullable(),
    registryApe: z.string().nullable(),
    registryDate: z.string().nullable(),
    intracommunityTaxNumber: z.string().nullable(),
    legalFormId: z.number().int().nullable(),
    sectorId: z.number().int().nullable(),
    email: z.string().nullable(),
    phoneMobile: z.string().nullable(),
    phoneOffice: z.string().nullable(),
    url: z.string().nullable(),
    addresses: z.array(addressDtoSchema),
    contacts: z.array(contactPersonDtoSchema),
    eInvoicing: contactEInvoicingSchema.nullable().meta({
      description: "Null tant que l'annuaire n'a pas été interrogé (pas de SIREN, ou pas de plateforme agréée)",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Contact', description: 'Client ou fournisseur' })
export type ContactDto = z.infer<typeof contactDtoSchema>

/** The detail panel's totals (contacts/activity.ts computes them). */
export const contactActivitySchema = z.object({
  quotesCount: z.number().int(),
  quotesAmount: z.string(),
  invoicesCount: z.number().int(),
  invoicesAmount: z.string(),
  invoicesLateAmount: z.string(),
  averagePaymentDelay: z.number().int().nullable().meta({ description: 'Délai moyen de paiement, en jours' }),
})
// The schema and the domain's type must say the same thing.
const _activityMatches: z.infer<typeof contactActivitySchema> = {} as ContactActivity
void _activityMatches

/** GET /contacts/{id} adds the detail panel's totals. */
export const contactDetailDtoSchema = contactDtoSchema
  .extend(contactActivitySchema.shape)
  .meta({ id: 'ContactDetail', description: 'Client ou fournisseur, avec les totaux de ses devis et factures' })
export type ContactDetailDto = z.infer<typeof contactDetailDtoSchema>

export const companyDtoSchema = z
  .object({
    name: z.string().nullable(),
    tvaIntra: z.string().nullable(),
    siren: z.string(),
    siret: z.string().nullable(),
    naf: z.string().nullable(),
    natureJuridique: z.string().nullable(),
    legalFormId: z.number().int().nullable(),
    legalForm: refSchema.nullable(),
    street: z.string().nullable(),
    postcode: z.string().nullable(),
    city: z.string().nullable(),
    nonDisclosable: z.boolean(),
  })
  .meta({ id: 'Company', description: 'Entreprise trouvée par son SIREN ou son SIRET (annuaire des entreprises)' })
export type CompanyDto = z.infer<typeof companyDtoSchema>

export const itemDtoSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    reference: z.string(),
    description: z.string().nullable(),
    amount: z.string(),
    priceRule: z.enum(PRICE_RULES),
    itemTypeId: z.number().int(),
    itemType: refSchema,
    unitId: z.number().int(),
    unit: refSchema,
    accountingEntryId: z.number().int(),
    accountingEntry: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    taxId: z.number().int().nullable(),
    tax: refSchema.extend({ amount: z.string() }).nullable(),
    imageUrl: z
      .string()
      .nullable()
      .meta({ description: "`/api/v1/items/{id}/image` quand l'article a une image, sinon null" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Item', description: 'Article du catalogue' })
export type ItemDto = z.infer<typeof itemDtoSchema>

/**
 * An accounting category, as GET /accounting-entries lists it: a general one (organizationId null, shared by every
 * organisation, not editable) or one of the organisation's own (editable, deletable while unused).
 */
export const accountingEntryDtoSchema = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int().nullable(),
    parentId: z.number().int().nullable(),
    code: z.string().meta({ description: 'Numéro de compte du PCG, ou "0" pour un dossier' }),
    name: z.string(),
    description: z.string().nullable(),
    hint: z.string().nullable(),
    keywords: z.string().nullable(),
    taxTypeId: z.number().int(),
    taxRateId: z.number().int(),
    isExp: z.boolean(),
    isCash: z.boolean(),
    isSale: z.boolean(),
    isParent: z.boolean(),
    isDisplayed: z.boolean(),
    isCommon: z.boolean(),
    position: z.number().int(),
    isActive: z.boolean().meta({ description: "Désactivée : absente des listes de choix, l'historique la garde" }),
    isEditable: z
      .boolean()
      .meta({ description: "Une catégorie de l'organisation (modifiable, supprimable si inutilisée)" }),
    tags: z.array(z.object({ id: z.number().int(), name: z.string() })).meta({
      description: 'is_exp, is_cash, is_sale, puis les mots-clés',
    }),
  })
  .meta({ id: 'AccountingEntry', description: 'Catégorie comptable' })
export type AccountingEntryDto = z.infer<typeof accountingEntryDtoSchema>
