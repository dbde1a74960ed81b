import { describe, expect, it } from 'vitest'
import { ITEM_IMAGE_MAX_BYTES, itemImageError, sniffImageType } from './image'

describe("a catalogue item's image", () => {
  it('accepts a png or a jpeg of at most 1,000,000 bytes', () => {
    expect(itemImageError({ type: 'image/png', size: 10 })).toBeNull()
    expect(itemImageError({ type: 'image/jpeg', size: ITEM_IMAGE_MAX_BYTES })).toBeNull()
  })

  it("refuses another format with the spec's message", () => {
    expect(itemImageError({ type: 'application/pdf', size: 10 })).toBe(
      "Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpeg)",
    )
    expect(itemImageError({ type: '', size: 10 }, 2)).toBe(
      "Le fichier n°2 n'est pas valide ! (Formats acceptés: png, jpeg)",
    )
  })

  it("refuses a file over 1 Mo with the spec's message", () => {
    expect(itemImageError({ type: 'image/png', size: ITEM_IMAGE_MAX_BYTES + 1 })).toBe(
      'Ton fichier n°1 est trop volumineux ! (Taille max: 1 Mo)',
    )
  })

  it('reads the type from the first bytes', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageType(new Uint8Array([0x70, 0x61, 0x73, 0x20, 0x75, 0x6e, 0x65]))).toBeNull()
    expect(sniffImageType(new Uint8Array([]))).toBeNull()
  })
})
