import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
// fontkit is pdfkit's own font engine (the same copy pdfkit uses); parsing a TTF once here and handing the parsed
// font to every document is what makes embedded fonts cheap (research: 11 PDFs/s when each document re-reads it).
import * as fontkit from 'fontkit'

const require = createRequire(import.meta.url)

/** The fonts reference list's keys (migration 0002) → the @expo-google-fonts package and file prefix. */
const FAMILIES: Record<string, { pkg: string; file: string }> = {
  Inter: { pkg: 'inter', file: 'Inter' },
  Roboto: { pkg: 'roboto', file: 'Roboto' },
  'Open Sans': { pkg: 'open-sans', file: 'OpenSans' },
  Lato: { pkg: 'lato', file: 'Lato' },
  Montserrat: { pkg: 'montserrat', file: 'Montserrat' },
  Merriweather: { pkg: 'merriweather', file: 'Merriweather' },
}

export const DEFAULT_FONT = 'Inter'
/** The fonts reference list's fixed ids (migration 0002), for the preview's `fontId`. */
export const FONT_KEY_BY_ID: Record<number, string> = {
  1: 'Inter',
  2: 'Roboto',
  3: 'Open Sans',
  4: 'Lato',
  5: 'Montserrat',
  6: 'Merriweather',
}
export const FONT_KEYS = Object.keys(FAMILIES)

type Weight = 'regular' | 'bold'
/** A parsed fontkit font; pdfkit 0.20 accepts it as a registerFont source (it has `layout`). */
export type ParsedFont = { layout: (...args: unknown[]) => unknown; postscriptName: string }

export function fontPath(key: string, weight: Weight): string {
  const family = FAMILIES[key] ?? (FAMILIES[DEFAULT_FONT] as { pkg: string; file: string })
  const variant = weight === 'bold' ? '700Bold' : '400Regular'
  return require.resolve(`@expo-google-fonts/${family.pkg}/${variant}/${family.file}_${variant}.ttf`)
}

const parsed = new Map<string, ParsedFont>()

type Run = { glyphs: unknown[]; positions: Record<string, number>[] }
const LAYOUT_CACHE_LIMIT = 50_000
/** Digits and the signs around them: no ligature or contextual form joins them, so they shape one by one. */
const NUMERIC = /^[-+0-9.,:/%€\u00a0\u202f]+$/
/**
 * Contextual alternates are the costliest lookups of Inter (chained contexts on every glyph) and change nothing an
 * invoice prints (arrows, case-sensitive punctuation): off. Kerning and ligatures stay; amounts get tabular figures,
 * so that they line up in their columns.
 */
const LAYOUT_FEATURES = { calt: false, rclt: false, curs: false }
const NUMERIC_FEATURES = { ...LAYOUT_FEATURES, tnum: true }

/**
 * Shaping (OpenType GSUB/GPOS) is most of a PDF's cost. pdfkit caches each word's shaping per document; this cache
 * keeps it across documents: a word met once ("Total", "TVA", "20,00") is never shaped again by this process.
 * pdfkit scales the positions it gets in place, so every call hands out fresh position objects.
 */
function withSharedLayoutCache(font: ParsedFont): ParsedFont {
  const layout = font.layout.bind(font) as (text: string, ...rest: unknown[]) => Run
  const cache = new Map<string, Run>()
  /** `part` is a character of a composed number: a figure (tabular) or a sign (its own width). */
  const shaped = (text: string, part: 'figure' | 'sign' | null = null): Run => {
    const key = part ? `\u0000${part}${text}` : text
    let run = cache.get(key)
    if (!run) {
      if (!part && text.length > 1 && NUMERIC.test(text)) {
        // Amounts, dates and quantities change with every document: composed from their characters' shapes,
        // tabular figures for digits and separators, signs at their own width ("-450,00 €", not "- 450,00 €").
        const parts = [...text].map((char) => shaped(char, char === '-' || char === '+' ? 'sign' : 'figure'))
        run = { glyphs: parts.flatMap((one) => one.glyphs), positions: parts.flatMap((one) => one.positions) }
      } else {
        const fresh = layout(text, part === 'figure' ? NUMERIC_FEATURES : LAYOUT_FEATURES)
        run = { glyphs: fresh.glyphs, positions: fresh.positions.map((position) => ({ ...position })) }
      }
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear()
      cache.set(key, run)
    }
    return run
  }
  font.layout = (text: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || rest.some((arg) => arg !== undefined)) return layout(text as string, ...rest)
    const run = shaped(text)
    const positions = run.positions.map((position) => ({ ...position }))
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        let width = 0
        for (const position of positions) width += position.xAdvance ?? 0
        return width
      },
    }
  }
  return font
}

/** The family's TTF, parsed once per process and shared by every document. Unknown keys fall back to Inter. */
export function loadFont(key: string, weight: Weight): ParsedFont {
  const family = FAMILIES[key] ? key : DEFAULT_FONT
  const id = `${family}:${weight}`
  let font = parsed.get(id)
  if (!font) {
    font = withSharedLayoutCache(fontkit.create(readFileSync(fontPath(family, weight))) as unknown as ParsedFont)
    parsed.set(id, font)
  }
  return font
}

/** Names the document's four fonts: body text always Inter, titles in the organisation's font. */
export const FONT = { body: 'Body', bodyBold: 'BodyBold', title: 'Title', titleBold: 'TitleBold' } as const

type FontHost = { registerFont(name: string, src: never): unknown }

/**
 * Registers the document's fonts and returns the names of the title fonts: Inter titles reuse the body's fonts
 * (pdfkit would otherwise compare two copies of the same font at every switch).
 */
export function registerFonts(doc: FontHost, titleKey: string): { title: string; titleBold: string } {
  doc.registerFont(FONT.body, loadFont(DEFAULT_FONT, 'regular') as never)
  doc.registerFont(FONT.bodyBold, loadFont(DEFAULT_FONT, 'bold') as never)
  if (!FAMILIES[titleKey] || titleKey === DEFAULT_FONT) return { title: FONT.body, titleBold: FONT.bodyBold }
  doc.registerFont(FONT.title, loadFont(titleKey, 'regular') as never)
  doc.registerFont(FONT.titleBold, loadFont(titleKey, 'bold') as never)
  return { title: FONT.title, titleBold: FONT.titleBold }
}
