import { z } from 'zod'

/** spec/account.md §3 "Search result": the types, in the order the modal shows their groups. */
export const SEARCH_RESULT_TYPES = [
  'invoices',
  'quotes',
  'customers',
  'suppliers',
  'contacts',
  'items',
  'transactions',
  'receipts',
] as const
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number]

export const searchResultSchema = z
  .object({
    type: z.enum(SEARCH_RESULT_TYPES),
    id: z.number().int(),
    title: z.string().meta({ description: 'Ce qui est montré en premier : nom du document, du contact, libellé' }),
    subtitle: z.string().meta({ description: 'Nature, référence, date et montant, en français' }),
    searchable: z
      .string()
      .meta({ description: 'Le texte qui retrouve la ligne dans sa liste (référence, nom) : son paramètre search' }),
    url: z.string().meta({ description: "L'adresse de la page qui l'ouvre dans l'application (/app/…)" }),
    amount: z.string().nullable().meta({ description: 'Montant décimal en chaîne ("1200.00"), TTC pour un document' }),
    datedAt: z.string().nullable().meta({ description: 'Date métier YYYY-MM-DD' }),
  })
  .meta({ id: 'SearchResult', description: 'Un résultat de la recherche globale' })
export type SearchResult = z.infer<typeof searchResultSchema>
