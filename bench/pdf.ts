/**
 * Invoice PDFs (issue 5 "Performance"), all in one run, sequential, after a warm-up:
 * (a) our complete PDF of a 20-line validated invoice: embedded Inter (subset), logo, PDF/A-3b, the Factur-X XML
 *     (features/documents/factur-x/cii.ts), from a prepared print model → docs/s, ms p50/p95;
 * (b) @react-pdf/renderer 4.9 (Midday's engine) rendering the same invoice (same lines, table and totals) with the same
 *     Inter TTF registered → docs/s, and our ratio to it (goal ≥ 2×);
 * (c) our 60-line, three-page invoice → ms p50/p95 (goal < 50 ms).
 * Each document differs from the previous one (reference, quantities, amounts), so caches keyed by text do not make
 * the figures look better than a real batch.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { formatEuro, type InvoicePrint } from '@app/domain'
import { facturXml } from '../apps/server/src/features/documents/factur-x/cii'
import { renderDocumentPdf } from '../apps/server/src/features/documents/pdf/render'
import { sampleInvoicePrint } from '../apps/server/src/features/documents/pdf/sample'
import { fontPath } from '../apps/server/src/lib/pdf/fonts'

const require = createRequire(import.meta.url)
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 200)
const WARMUP = 30

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0

const NAMES = [
  ['Atelier de cadrage', 'Objectifs, publics et arborescence'],
  ['Maquettes graphiques', "Page d'accueil et gabarits"],
  ['Intégration et développement', null],
  ['Hébergement et maintenance', '12 mois, sauvegardes quotidiennes'],
  ['Rédaction des contenus', 'Textes des pages principales'],
] as const

/** A validated invoice of `count` lines; `variant` changes its number and amounts. */
export function benchInvoice(count: number, variant: number): InvoicePrint {
  const print = sampleInvoicePrint({
    seller: {
      name: 'Atelier Martin',
      brandName: 'Studio Martin',
      legalForm: { code: 'SARL', name: 'Société à responsabilité limitée' },
      capital: '10000',
      siren: '732829320',
      siret: '73282932000074',
      registry: 'RCS Lyon',
      vatNumber: 'FR44732829320',
      ape: '6201Z',
      address: {
        name: null,
        street: '3 rue des Lilas',
        complement1: null,
        complement2: null,
        postcode: '69003',
        city: 'Lyon',
        countryCode: 'FR',
        countryName: 'France',
      },
      email: 'contact@atelier-martin.fr',
      phone: '04 72 00 00 00',
      url: null,
      taxFree: false,
    },
    payment: {
      modes: [
        { code: 'TRANSFERT', name: 'Virement bancaire', untdidCode: '58' },
        { code: 'CHEQUE', name: 'Chèque', untdidCode: '20' },
      ],
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      accountName: null,
    },
    branding: {
      colorPrimary: '#0f766e',
      fontTitle: 'Inter',
      logoKey: 'bench/logo.png',
      iconKey: null,
      backgroundKey: null,
      backgroundNextPagesKey: null,
    },
    today: '2026-11-02',
  })
  const template = print.document.lines[0]
  if (!template) throw new Error('sample without lines')
  let total = 0
  const lines = Array.from({ length: count }, (_, i) => {
    const [name, description] = NAMES[i % NAMES.length] ?? NAMES[0]
    const quantity = String(1 + ((i + variant) % 9))
    const cents = 4500 + ((i * 137 + variant * 31) % 90000)
    const net = Number(quantity) * cents
    total += net
    return {
      ...template,
      id: i + 1,
      position: i + 1,
      name: `${name} ${i + 1}`,
      description,
      quantity,
      amount: (cents / 100).toFixed(2),
      totalTaxExcluded: (net / 100).toFixed(2),
    }
  })
  const ht = total / 100
  const vat = Math.round(total * 0.2) / 100
  print.document = {
    ...print.document,
    reference: `F-2026-${String(variant).padStart(4, '0')}`,
    lines,
    totalTaxExcluded: ht.toFixed(2),
    totalTaxes: vat.toFixed(2),
    totalTaxIncluded: (ht + vat).toFixed(2),
    amount: (ht + vat).toFixed(2),
    vatBreakdown: [
      { ratePercent: '20', taxExcluded: ht.toFixed(2), taxAmount: vat.toFixed(2), taxIncluded: (ht + vat).toFixed(2) },
    ],
  }
  return print
}

async function time(rounds: number, render: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await render(100_000 + i)
  const times: number[] = []
  const start = performance.now()
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    await render(i)
    times.push(performance.now() - t)
  }
  const elapsed = performance.now() - start
  times.sort((a, b) => a - b)
  return { perSecond: (rounds * 1000) / elapsed, p50: percentile(times, 0.5), p95: percentile(times, 0.95) }
}

/** The same invoice with @react-pdf/renderer: header, parties, the lines table, VAT and totals, payment block. */
async function reactPdfRenderer() {
  const React = (await import('react')).default
  const { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } = await import('@react-pdf/renderer')
  Font.register({
    family: 'Inter',
    fonts: [{ src: fontPath('Inter', 'regular') }, { src: fontPath('Inter', 'bold'), fontWeight: 700 }],
  })
  const h = React.createElement
  const s = StyleSheet.create({
    page: { fontFamily: 'Inter', fontSize: 9, padding: 48, color: '#1f2328' },
    row: { flexDirection: 'row' },
    title: { fontSize: 24, fontWeight: 700, color: '#0f766e', textAlign: 'right' },
    th: { backgroundColor: '#e7f1f0', color: '#0f766e', fontWeight: 700, fontSize: 7.5, padding: 6 },
    td: { padding: 6, borderBottomWidth: 0.5, borderBottomColor: '#d8dee4' },
    name: { flexGrow: 1, flexBasis: 0 },
    num: { width: 70, textAlign: 'right' },
    muted: { color: '#656d76', fontSize: 8 },
  })
  type TextStyle = Parameters<typeof StyleSheet.create>[0][string]
  const cell = (value: string, style: TextStyle | TextStyle[]) => h(Text, { style }, value)
  return (print: InvoicePrint) => {
    const doc = print.document
    const element = h(
      Document,
      { title: `Facture ${doc.reference}`, author: print.seller.name, language: 'fr-FR' },
      h(
        Page,
        { size: 'A4', style: s.page },
        h(
          View,
          { style: [s.row, { justifyContent: 'space-between', marginBottom: 24 }] },
          h(Text, { style: { fontSize: 15, fontWeight: 700 } }, print.seller.brandName ?? print.seller.name),
          h(
            View,
            null,
            h(Text, { style: s.title }, 'Facture'),
            h(Text, { style: { textAlign: 'right', fontWeight: 700 } }, `N° ${doc.reference}`),
            h(Text, { style: { textAlign: 'right' } }, `Date d'émission ${doc.datedAt}`),
          ),
        ),
        h(
          View,
          { style: [s.row, { marginBottom: 24 }] },
          h(
            View,
            { style: s.name },
            h(Text, { style: { fontWeight: 700 } }, print.seller.name),
            h(Text, null, 'SARL au capital de 10 000 €'),
            h(Text, null, '3 rue des Lilas, 69003 Lyon'),
            h(Text, { style: s.muted }, 'SIRET 732 829 320 00074 · RCS Lyon · N° TVA FR44732829320'),
          ),
          h(
            View,
            { style: s.name },
            h(Text, { style: { fontWeight: 700 } }, print.buyer?.name ?? ''),
            h(Text, null, '8 rue des Lilas, 69003 Lyon'),
          ),
        ),
        h(
          View,
          { style: s.row, fixed: true },
          cell('Désignation', [s.th, s.name]),
          cell('Qté', [s.th, s.num]),
          cell('Prix unit. HT', [s.th, s.num]),
          cell('TVA', [s.th, s.num]),
          cell('Total HT', [s.th, s.num]),
        ),
        ...doc.lines.map((line) =>
          h(
            View,
            { style: s.row, key: line.id, wrap: false },
            h(
              View,
              { style: [s.td, s.name] },
              h(Text, null, line.name),
              line.description ? h(Text, { style: s.muted }, line.description) : null,
            ),
            cell(line.quantity, [s.td, s.num]),
            cell(formatEuro(line.amount), [s.td, s.num]),
            cell('20 %', [s.td, s.num]),
            cell(formatEuro(line.totalTaxExcluded), [s.td, s.num, { fontWeight: 700 }]),
          ),
        ),
        h(
          View,
          { style: { marginTop: 16, marginLeft: 280 } },
          h(View, { style: s.row }, cell('Total HT', s.name), cell(formatEuro(doc.totalTaxExcluded), s.num)),
          h(View, { style: s.row }, cell('Total TVA', s.name), cell(formatEuro(doc.totalTaxes), s.num)),
          h(
            View,
            { style: [s.row, { backgroundColor: '#e7f1f0', padding: 6, fontWeight: 700 }] },
            cell('Net à payer', s.name),
            cell(formatEuro(doc.amount), s.num),
          ),
        ),
        h(
          View,
          { style: { marginTop: 24 } },
          h(Text, null, 'Paiement à 30 jours · Échéance le 02/12/2026'),
          h(Text, null, 'IBAN FR76 3000 6000 0112 3456 7890 189 · BIC AGRIFRPP'),
          ...print.mentions.map((mention) => h(Text, { style: s.muted, key: mention }, mention)),
        ),
        h(Text, {
          style: { position: 'absolute', bottom: 30, right: 48, fontSize: 7 },
          fixed: true,
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
            `Page ${pageNumber}/${totalPages}`,
        }),
      ),
    )
    // biome-ignore lint/suspicious/noExplicitAny: react-pdf's typings want its own Document element type.
    return renderToBuffer(element as any)
  }
}

export async function benchPdf() {
  const logo = readFileSync(require.resolve('@expo-google-fonts/inter/font-family.png'))
  const ours = (count: number) => async (variant: number) => {
    const print = benchInvoice(count, variant)
    const facturX = facturXml(print)
    return renderDocumentPdf(print, { logo, icon: null, background: null, backgroundNextPages: null, facturX })
  }
  const a = await time(ROUNDS, ours(20))
  console.log(
    `PDF ours, 20 lines (Inter embedded, logo, PDF/A-3b, Factur-X XML): ${a.perSecond.toFixed(0)} docs/s, p50 ${a.p50.toFixed(1)} ms, p95 ${a.p95.toFixed(1)} ms`,
  )
  const react = await reactPdfRenderer()
  const b = await time(Math.max(20, Math.round(ROUNDS / 4)), (variant) => react(benchInvoice(20, variant)))
  console.log(
    `PDF @react-pdf/renderer 4.9, same 20 lines, Inter TTF: ${b.perSecond.toFixed(0)} docs/s, p50 ${b.p50.toFixed(1)} ms, p95 ${b.p95.toFixed(1)} ms`,
  )
  console.log(`ratio ours / @react-pdf/renderer          : ${(a.perSecond / b.perSecond).toFixed(1)}× (goal ≥ 2×)`)
  const c = await time(Math.max(20, Math.round(ROUNDS / 2)), ours(60))
  console.log(
    `PDF ours, 60 lines over three pages        : p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms (goal < 50 ms), ${c.perSecond.toFixed(0)} docs/s`,
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchPdf().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
