import { messages, type SearchResult, type SearchResultType } from '@app/domain'

export type SearchGroup = { type: SearchResultType; label: string; results: { result: SearchResult; index: number }[] }

/**
 * The results under their type's label, the groups in the order the server ranked their best result (an exact
 * reference first); `index` is each result's place in the keyboard order, which reads the groups top to bottom.
 */
export function groupResults(results: readonly SearchResult[]): SearchGroup[] {
  // A Set keeps the order of first appearance: the server's ranking.
  const order = [...new Set(results.map((result) => result.type))]
  let index = 0
  return order.map((type) => ({
    type,
    label: messages.search.groups[type],
    results: results.filter((result) => result.type === type).map((result) => ({ result, index: index++ })),
  }))
}
