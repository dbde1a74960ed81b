import { z } from 'zod'
import { messages } from '../messages/index'

/** Spec account.md §9: a search needs at least 3 characters; what the modal waits after the last key. */
export const SEARCH_QUERY_MIN = 3
export const SEARCH_DEBOUNCE_MS = 500
/** Longer than any name, reference or amount people type; keeps the trigram comparison cheap. */
export const SEARCH_QUERY_MAX = 100

/** POST /search: the query, trimmed, 3 to 100 characters. */
export const searchBodySchema = z.strictObject({
  query: z
    .string({ error: messages.validation.required })
    .trim()
    .min(SEARCH_QUERY_MIN, { error: messages.search.queryTooShort })
    .max(SEARCH_QUERY_MAX, { error: messages.validation.tooLong(SEARCH_QUERY_MAX) }),
})
export type SearchBody = z.input<typeof searchBodySchema>

/** Whether the modal may send what is typed: the server's own rule, so the two never disagree. */
export const isSearchable = (text: string): boolean => searchBodySchema.safeParse({ query: text }).success
