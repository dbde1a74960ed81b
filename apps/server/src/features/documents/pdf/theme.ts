import type { DocumentPrint } from '@app/domain'

export type Assets = {
  logo: Buffer | null
  icon: Buffer | null
  background: Buffer | null
  backgroundNextPages: Buffer | null
  /** The Factur-X CII XML to embed (validated invoices and credit notes only). */
  facturX: string | null
}

export const NO_ASSETS: Assets = { logo: null, icon: null, background: null, backgroundNextPages: null, facturX: null }

/** What every layout piece receives: the pdfkit document, the print model, and the resolved branding. */
export type Ctx = {
  doc: PDFKit.PDFDocument
  print: DocumentPrint
  assets: Assets
  /** The primary colour ("#RRGGBB"), and a very light tint of it for backgrounds. */
  accent: string
  tint: string
  taxFree: boolean
  /** The title font names (the organisation's font, or the body's when it is Inter). */
  fonts: { title: string; titleBold: string }
  /** Starts a new page (with its running head) and returns the y where the body continues. */
  addPage: () => number
}

const HEX = /^#[0-9a-fA-F]{6}$/

export function accentOf(color: string | null | undefined): string {
  return color && HEX.test(color) ? color.toLowerCase() : '#000000'
}

/** The colour mixed with white: `amount` 0 is white, 1 the colour itself. */
export function mixWithWhite(color: string, amount: number): string {
  const channel = (i: number) => {
    const value = Number.parseInt(color.slice(1 + i * 2, 3 + i * 2), 16)
    return Math.round(255 - (255 - value) * amount)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(1)}${channel(2)}`
}
