import { messages } from '../messages/index'

/** The primary colour of a new organisation's documents (spec/account.md §9). */
export const DEFAULT_COLOR_PRIMARY = '#000000'
export const COLOR_HEX = /^#[0-9a-fA-F]{6}$/

/**
 * The colour picker's palettes (spec/account.md §9: 11 default colours, 18 pale background colours, 6 greys). The
 * spec gives no values: these are ours, dark enough to print white text on for the default colours.
 */
export const DEFAULT_COLORS = [
  '#000000',
  '#1f3a93',
  '#2563eb',
  '#0e7490',
  '#0f766e',
  '#15803d',
  '#a16207',
  '#c2410c',
  '#b91c1c',
  '#be185d',
  '#6d28d9',
] as const

/** Pale colours for backgrounds; the "background" palette defaults to white, its first entry. */
export const BACKGROUND_COLORS = [
  '#ffffff',
  '#fef2f2',
  '#fff7ed',
  '#fffbeb',
  '#fefce8',
  '#f7fee7',
  '#f0fdf4',
  '#ecfdf5',
  '#f0fdfa',
  '#ecfeff',
  '#f0f9ff',
  '#eff6ff',
  '#eef2ff',
  '#f5f3ff',
  '#faf5ff',
  '#fdf4ff',
  '#fdf2f8',
  '#fff1f2',
] as const

export const GREY_COLORS = ['#f8f9fa', '#dee2e6', '#adb5bd', '#6c757d', '#495057', '#212529'] as const

/** The uploads of the appearance settings: the multipart field name is the kind (POST /settings/files). */
export const APPEARANCE_FILE_KINDS = ['logo', 'icon', 'background', 'background_next_pages'] as const
export type AppearanceFileKind = (typeof APPEARANCE_FILE_KINDS)[number]

export type AppearanceFileRule = {
  /** Content types accepted, told by the file's first bytes on the server. */
  types: readonly string[]
  /** Shown in "Formats acceptés: …". */
  formats: string
  maxBytes: number
  /** Shown in "Taille max: …". */
  maxLabel: string
  /** Images only: the largest width and height in pixels. */
  maxPixels: number | null
}

const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const
const PDF_TYPES = ['application/pdf'] as const

/** spec/account.md §5 "Uploads": logo ≤ 500 KB and 800x800 px, icon ≤ 250 KB and 400x400 px, backgrounds PDF ≤ 1 MB. */
export const APPEARANCE_FILE_RULES: Record<AppearanceFileKind, AppearanceFileRule> = {
  logo: { types: IMAGE_TYPES, formats: 'png, jpeg', maxBytes: 500_000, maxLabel: '500 Ko', maxPixels: 800 },
  icon: { types: IMAGE_TYPES, formats: 'png, jpeg', maxBytes: 250_000, maxLabel: '250 Ko', maxPixels: 400 },
  background: { types: PDF_TYPES, formats: 'pdf', maxBytes: 1_000_000, maxLabel: '1 Mo', maxPixels: null },
  background_next_pages: { types: PDF_TYPES, formats: 'pdf', maxBytes: 1_000_000, maxLabel: '1 Mo', maxPixels: null },
}

/** The largest upload of the appearance settings: the per-route multipart limit. */
export const APPEARANCE_FILE_MAX_BYTES = Math.max(...Object.values(APPEARANCE_FILE_RULES).map((rule) => rule.maxBytes))

export const isAppearanceFileKind = (value: string): value is AppearanceFileKind =>
  (APPEARANCE_FILE_KINDS as readonly string[]).includes(value)

/** The line written under each dropzone ("png, jpeg · 500 Ko max · 800x800 px max"). */
export function appearanceFileHint(kind: AppearanceFileKind): string {
  const rule = APPEARANCE_FILE_RULES[kind]
  const parts = [rule.formats, `${rule.maxLabel} max`]
  if (rule.maxPixels) parts.push(`${rule.maxPixels}x${rule.maxPixels} px max`)
  return parts.join(' · ')
}

/** True when the bytes start with the PDF signature "%PDF-". */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d]
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte)
}

/**
 * The browser's check before sending the n-th file (1-based): the spec's message when its declared type is not
 * accepted or when it is too large, else null. The server checks again on the bytes (type, size and dimensions).
 */
export function appearanceFileError(
  kind: AppearanceFileKind,
  file: { type: string; size: number },
  index = 1,
): string | null {
  const rule = APPEARANCE_FILE_RULES[kind]
  if (!rule.types.includes(file.type)) return messages.files.invalidFormat(index, rule.formats)
  if (file.size > rule.maxBytes) return messages.files.tooLarge(index, rule.maxLabel)
  return null
}
