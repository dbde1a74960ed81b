import { describe, expect, it } from 'vitest'
import { formatIban, ibanIsValid } from '../schemas/bank-details'
import { paymentModeSchema } from '../schemas/payment-modes'
import {
  APPEARANCE_FILE_MAX_BYTES,
  appearanceFileError,
  appearanceFileHint,
  BACKGROUND_COLORS,
  DEFAULT_COLORS,
  GREY_COLORS,
  looksLikePdf,
} from './index'

describe('appearance palettes and upload limits', () => {
  it('has the spec palettes: 11 default colours, 18 pale backgrounds starting with white, 6 greys', () => {
    expect(DEFAULT_COLORS).toHaveLength(11)
    expect(BACKGROUND_COLORS).toHaveLength(18)
    expect(BACKGROUND_COLORS[0]).toBe('#ffffff')
    expect(GREY_COLORS).toHaveLength(6)
    expect(new Set([...DEFAULT_COLORS, ...BACKGROUND_COLORS, ...GREY_COLORS]).size).toBe(35)
  })

  it("tells the browser the spec's messages before sending a file", () => {
    expect(appearanceFileError('logo', { type: 'image/gif', size: 10 })).toBe(
      "Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpeg)",
    )
    expect(appearanceFileError('icon', { type: 'image/png', size: 250_001 }, 2)).toBe(
      'Ton fichier n°2 est trop volumineux ! (Taille max: 250 Ko)',
    )
    expect(appearanceFileError('background', { type: 'application/pdf', size: 1_000_000 })).toBeNull()
    expect(APPEARANCE_FILE_MAX_BYTES).toBe(1_000_000)
  })

  it('writes each limit under its dropzone', () => {
    expect(appearanceFileHint('logo')).toBe('png, jpeg · 500 Ko max · 800x800 px max')
    expect(appearanceFileHint('background_next_pages')).toBe('pdf · 1 Mo max')
  })

  it('recognises a PDF by its first bytes', () => {
    expect(looksLikePdf(Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]))).toBe(true)
    expect(looksLikePdf(Uint8Array.from([0x50, 0x44, 0x46]))).toBe(false)
  })
})

describe('IBAN and BIC of the bank transfer', () => {
  it('stores the IBAN without spaces and prints it grouped by 4', () => {
    const body = paymentModeSchema.parse({ iban: ' fr76 3000 6000 0112 3456 7890 189 ', bic: 'agrifrpp' })
    expect(body).toEqual({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' })
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189')
    expect(ibanIsValid('FR76 3000 6000 0112 3456 7890 188')).toBe(false)
  })

  it('clears the IBAN with an empty string', () => {
    expect(paymentModeSchema.parse({ iban: '' })).toEqual({ iban: null })
  })
})
