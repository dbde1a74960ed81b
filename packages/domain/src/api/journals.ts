import { z } from 'zod'
import { JOURNAL_TYPE_CODES } from '../schemas/journals'

const id = z.number().int()

export const journalDtoSchema = z
  .object({
    id,
    name: z.string(),
    code: z.string().meta({ description: 'Code du journal dans les livres : BQ1, BQ2, CAI1, CC1…' }),
    accountCode: z.string().meta({ description: 'Compte du plan comptable du journal : 5121, 5122, 4551…' }),
    journalTypeId: id,
    journalType: z.object({ id, code: z.enum(JOURNAL_TYPE_CODES), name: z.string() }),
    currencyId: id,
    iban: z.string().nullable().meta({ description: 'Format électronique, sans espaces' }),
    bic: z.string().nullable(),
    isDefault: z.boolean(),
    isActive: z.boolean(),
    startingValue: z.string().meta({ description: 'Solde avant la première transaction connue, ex. "1200.00"' }),
    balance: z.string().meta({ description: 'Solde : startingValue + les transactions du compte, au centime' }),
    transactionsCount: z.number().int(),
    accountingEntryId: id.nullable().meta({
      description: 'Compte courant d’associé ou de l’exploitant : la catégorie qui le représente dans les ventilations',
    }),
    owed: z.string().nullable().meta({
      description:
        'Compte courant d’associé ou de l’exploitant : ce que l’entreprise lui doit (solde de départ + notes de frais + ventilations bancaires sur sa catégorie) ; null pour les autres comptes',
    }),
    bank: z
      .object({ name: z.string(), parentName: z.string().nullable(), logoUrl: z.string().nullable() })
      .nullable()
      .meta({ description: 'La banque, reconnue au BIC ou au code banque de l’IBAN ; null : banque non identifiée' }),
    verifiedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Journal', description: 'Compte bancaire, caisse ou compte courant d’associé (journal)' })
export type JournalDto = z.infer<typeof journalDtoSchema>
