import { computeCa3, type VatDueRow } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { flatText, poppler } from '../../documents/pdf/poppler.test-helper'
import { ca3FileName, renderCa3Pdf } from './ca3-pdf'

const row = (ratePercent: string, base: string, tax: string, more: Partial<VatDueRow> = {}): VatDueRow => ({
  kind: 'collected',
  ratePercent,
  base,
  tax,
  operation: 'domestic',
  fixedAsset: false,
  ...more,
})

const MARCH = computeCa3(
  [
    row('20', '12345.67', '2469.13'),
    row('20', '-100', '-20'),
    row('10', '500.40', '50.04'),
    row('5.5', '200', '11'),
    row('0', '800', '0', { operation: 'export' }),
    row('0', '1200', '0', { operation: 'intraCommunitySupply' }),
    row('20', '1500', '300', { kind: 'deductible', fixedAsset: true }),
    row('20', '300', '60', { kind: 'deductible' }),
  ],
  { previousCredit: '150' },
)

const ORGANIZATION = { name: 'Atelier Dupont', siren: '732829320', address: '12 rue des Lilas\n75011 Paris' }

async function textOf(pdf: Buffer) {
  const reader = poppler(pdf)
  return reader ? { text: flatText(await reader.text()), info: await reader.info() } : null
}

describe('the 3310-CA3-SD PDF', () => {
  it('is one A4 page with the form’s title, the period and who declares', async () => {
    const pdf = await renderCa3Pdf({
      organization: ORGANIZATION,
      period: { year: 2026, month: 3 },
      periodLabel: 'mars 2026',
      boxes: MARCH,
    })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const read = await textOf(pdf)
    if (!read) return
    expect(read.info.Pages).toBe('1')
    expect(read.info['Page size']).toContain('595.28 x 841.89')
    expect(read.text).toContain('TVA et taxes assimilées — 3310-CA3-SD')
    expect(read.text).toContain('Période : mars 2026')
    expect(read.text).toContain('Période close le 31/03/2026')
    expect(read.text).toContain('Atelier Dupont')
    expect(read.text).toContain('SIREN : 732 829 320')
    expect(read.text).toContain('12 rue des Lilas, 75011 Paris')
    expect(read.text).toContain('MONTANT DES OPÉRATIONS RÉALISÉES')
    expect(read.text).toContain('DÉCOMPTE DE LA TVA À PAYER')
  })

  it('prints each box with its code and its amount in whole euros, rounded half-up', async () => {
    const pdf = await renderCa3Pdf({
      organization: ORGANIZATION,
      period: { year: 2026, month: 3 },
      periodLabel: 'mars 2026',
      boxes: MARCH,
    })
    const read = await textOf(pdf)
    if (!read) return
    // Section A and the credit / tax to pay blocks have two columns: a text line may hold a box of each.
    const lineWith = (label: string) => read.text.split('\n').find((line) => line.includes(label)) ?? ''
    // A1 = 12 345,67 − 100 + 500,40 + 200 = 12 946,07; the 10 % base 500,40 → 500 and its tax 50,04 → 50.
    expect(lineWith('Ventes, prestations de services')).toMatch(/services A1 12 946 Exportations hors UE E1 800$/)
    // Found by its code: its two-line label may wrap at another word with the font's shaping cache warm.
    expect(lineWith(' F2 ')).toMatch(/ F2 1 200$/)
    expect(lineWith('Taux normal 20 %')).toMatch(/ 08 12 246 2 449$/)
    expect(lineWith('Taux réduit 5,5 %')).toMatch(/ 09 200 11$/)
    expect(lineWith('Taux réduit 10 %')).toMatch(/ 9B 500 50$/)
    expect(lineWith('Taux 2,1 %')).toMatch(/ T6$/)
    // 16 = 2 449 + 11 + 50 from the rounded lines; 23 = 300 + 60 + 150; 2 510 − 510 = 2 000 to pay.
    expect(lineWith('Total de la TVA brute due')).toMatch(/ 16 2 510$/)
    expect(lineWith('immobilisations')).toMatch(/ 19 300$/)
    expect(lineWith('Autres biens et services')).toMatch(/ 20 60$/)
    expect(lineWith('Report du crédit')).toMatch(/ 22 150$/)
    expect(lineWith('Total TVA déductible')).toMatch(/ 23 510$/)
    expect(lineWith('TVA due (ligne 16 – ligne 23)')).toMatch(/ TD 2 000$/)
    expect(lineWith('TVA nette due')).toMatch(/ 28 2 000$/)
    expect(lineWith('Total à payer')).toMatch(/ 32 2 000$/)
    // No credit this month: 25 and 27 stay blank.
    expect(lineWith('Crédit de TVA')).toMatch(/ 25$/)
    expect(lineWith('Crédit à reporter')).toMatch(/ 27$/)
  })

  it('shows a credit on 25 and 27, and 0 to pay on 32', async () => {
    const boxes = computeCa3([row('20', '100', '20'), row('20', '1000', '200', { kind: 'deductible' })])
    const read = await textOf(
      await renderCa3Pdf({
        organization: { name: 'Atelier Dupont', siren: null },
        period: { year: 2026, month: 6 },
        periodLabel: '2e trimestre 2026',
        boxes,
      }),
    )
    if (!read) return
    expect(read.text).toContain('SIREN : non renseigné')
    expect(read.text).toContain('Période close le 30/06/2026')
    const lineWith = (label: string) => read.text.split('\n').find((line) => line.includes(label)) ?? ''
    expect(lineWith('Crédit de TVA')).toMatch(/ 25 180$/)
    expect(lineWith('Crédit à reporter')).toMatch(/ 27 180$/)
    expect(lineWith('TVA due (ligne 16 – ligne 23)')).toMatch(/ TD$/)
    expect(lineWith('Total à payer')).toMatch(/ 32 0$/)
  })

  it('refuses a period without a month', async () => {
    const period = { year: 2026, month: 0 }
    await expect(renderCa3Pdf({ organization: ORGANIZATION, period, periodLabel: '', boxes: MARCH })).rejects.toThrow(
      RangeError,
    )
  })

  it('is named with the year and the month', () => {
    expect(ca3FileName(2026, 3)).toBe('declaration-tva-2026-03.pdf')
    expect(ca3FileName(2025, 12)).toBe('declaration-tva-2025-12.pdf')
  })
})
