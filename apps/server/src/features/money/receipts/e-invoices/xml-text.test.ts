import { describe, expect, it } from 'vitest'
import { looksLikeXml, xmlText } from './xml-text'

const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)))

describe('XML bytes', () => {
  it('looks like XML after blanks or a byte order mark, and not otherwise', () => {
    expect(looksLikeXml(new TextEncoder().encode('  \n<a/>'))).toBe(true)
    expect(looksLikeXml(Uint8Array.from([0xef, 0xbb, 0xbf, 0x3c]))).toBe(true)
    expect(looksLikeXml(Uint8Array.from([0xff, 0xfe, 0x3c, 0x00]))).toBe(true)
    expect(looksLikeXml(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false)
    expect(looksLikeXml(new TextEncoder().encode('Facture n° 12'))).toBe(false)
    expect(looksLikeXml(new Uint8Array())).toBe(false)
  })

  it('decodes UTF-8 by default, and what the declaration or the byte order mark says', () => {
    expect(xmlText(new TextEncoder().encode('<a>Lefèvre</a>'))).toEqual({
      text: '<a>Lefèvre</a>',
      wellEncoded: true,
      encoding: 'utf-8',
    })
    expect(xmlText(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><a>Lef\u00e8vre</a>')).text).toContain('Lefèvre')
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'<a>é</a>'].flatMap((char) => [char.charCodeAt(0), 0])])
    expect(xmlText(utf16)).toMatchObject({ text: '<a>é</a>', wellEncoded: true })
  })

  it('says when the bytes do not fit the encoding, or the encoding is unknown', () => {
    expect(xmlText(latin1('<a>Lef\u00e8vre</a>'))).toMatchObject({ wellEncoded: false, encoding: 'utf-8' })
    expect(xmlText(latin1('<?xml version="1.0" encoding="x-klingon"?><a/>'))).toMatchObject({
      wellEncoded: false,
      encoding: 'x-klingon',
    })
  })
})
