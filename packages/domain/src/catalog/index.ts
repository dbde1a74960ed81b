export { copyName, isSalesCategoryAllowed } from './categories'
export {
  ITEM_IMAGE_FORMATS,
  ITEM_IMAGE_MAX_BYTES,
  ITEM_IMAGE_MAX_LABEL,
  ITEM_IMAGE_TYPES,
  type ItemImageType,
  itemImageError,
  sniffImageType,
} from './image'
export { type CatalogLine, catalogLine } from './pricing'
