export { copyName, isSalesCategoryAllowed } from './categories'
export { type CatalogLine, catalogLine } from './pricing'
