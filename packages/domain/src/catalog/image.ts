import { messages } from '../messages/index'

/** A catalogue item's image (spec/account.md §5 "Uploads": generic file drop, 1,000,000 bytes and 1 file). */
export const ITEM_IMAGE_MAX_BYTES = 1_000_000
export const ITEM_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const
export type ItemImageType = (typeof ITEM_IMAGE_TYPES)[number]
export const ITEM_IMAGE_FORMATS = 'png, jpeg'
export const ITEM_IMAGE_MAX_LABEL = '1 Mo'

/** The image type read from the first bytes (PNG or JPEG signature), whatever the declared type says; else null. */
export function sniffImageType(bytes: Uint8Array): ItemImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'image/png'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

/**
 * The browser's check before sending the n-th file (1-based): the spec's message when its declared type is not png
 * or jpeg or when it is too large, else null. The server checks again on the bytes themselves.
 */
export function itemImageError(file: { type: string; size: number }, index = 1): string | null {
  if (!(ITEM_IMAGE_TYPES as readonly string[]).includes(file.type))
    return messages.files.invalidFormat(index, ITEM_IMAGE_FORMATS)
  if (file.size > ITEM_IMAGE_MAX_BYTES) return messages.files.tooLarge(index, ITEM_IMAGE_MAX_LABEL)
  return null
}
