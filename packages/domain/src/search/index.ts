export {
  contactSearchType,
  rankSearchResults,
  SEARCH_PER_TYPE,
  SEARCH_TOTAL,
  type SearchRank,
  type SearchTarget,
  searchAmount,
  searchResultUrl,
  searchSubtitle,
} from './results'
