import { describe, expect, it } from 'vitest'
import { buildCdar } from './build'
import { readCdar } from './read'
import { sampleMessage } from './samples.test-helper'
import { CdarError } from './syntax'
import type { CdarMessage } from './types'
import { mustValidateCdar, validateCdar } from './validate-cdar.test-helper'

const VALIDATION_TIMEOUT = 120_000

/** Every status Carnet writes or the tests use, with what the French rules demand of each. */
const STATUSES: { status: number; label: string; extra?: Partial<CdarMessage> }[] = [
  { status: 200, label: 'Déposée' },
  { status: 202, label: 'Reçue par la plateforme' },
  { status: 203, label: 'Mise à disposition' },
  { status: 204, label: 'Prise en charge' },
  { status: 205, label: 'Approuvée', extra: { actionCode: 'PIN' } },
  { status: 206, label: 'Approuvée partiellement', extra: { reasonCode: 'QTE_ERR', reasonText: '3 pièces sur 5' } },
  { status: 207, label: 'En litige', extra: { reasonCode: 'PU_ERR', actionCode: 'CNP' } },
  { status: 208, label: 'Suspendue', extra: { reasonCode: 'JUSTIF_ABS', reasonText: 'Bon de livraison manquant' } },
  { status: 210, label: 'Refusée', extra: { reasonCode: 'DOUBLON', actionCode: 'NOA' } },
  { status: 211, label: 'Paiement transmis' },
  {
    status: 212,
    label: 'Encaissée',
    extra: {
      payment: {
        date: '2026-10-02',
        amounts: [
          { rate: '20', amount: '1200' },
          { rate: '5.5', amount: '105.50' },
        ],
      },
    },
  },
  { status: 213, label: 'Rejetée', extra: { reasonCode: 'REJ_SEMAN', reasonText: 'BR-FR-12' } },
  { status: 220, label: 'Annulée', extra: { reasonText: 'Émise par erreur' } },
]

describe('buildCdar', () => {
  it('writes the status, its French name, the invoice and the parties, and escapes what users typed', () => {
    const xml = buildCdar(sampleMessage(210, { reasonCode: 'DOUBLON', reasonText: 'Déjà reçue <deux fois> & payée' }))
    expect(xml).toContain('<ram:ProcessConditionCode>210</ram:ProcessConditionCode>')
    expect(xml).toContain('<ram:ProcessCondition>Refusée</ram:ProcessCondition>')
    expect(xml).toContain('<ram:TypeCode>23</ram:TypeCode>')
    expect(xml).toContain('<ram:GlobalID schemeID="0002">732829320</ram:GlobalID>')
    expect(xml).toContain('Déjà reçue &lt;deux fois&gt; &amp; payée')
    expect(xml).toContain('Client &amp; Fils &lt;SARL&gt;')
  })

  it('puts the transmission statuses of the platforms in phase 305 and dates instants in UTC', () => {
    const xml = buildCdar(sampleMessage(202, { issuedAt: '2026-09-15T11:30:05+02:00' }))
    expect(xml).toContain('<ram:TypeCode>305</ram:TypeCode>')
    expect(xml).toContain('<udt:DateTimeString format="204">20260915093005</udt:DateTimeString>')
  })

  it('refuses, in French, a message the French rules would reject', () => {
    const refusal = (message: CdarMessage) => {
      try {
        buildCdar(message)
      } catch (error) {
        expect(error).toBeInstanceOf(CdarError)
        return (error as CdarError).message
      }
      throw new Error('buildCdar accepted the message')
    }
    expect(refusal(sampleMessage(210))).toBe('Statut 210 de la facture F-2026-0042 : un motif est obligatoire.')
    expect(refusal(sampleMessage(212))).toContain('montants encaissés par taux de TVA sont obligatoires')
    expect(refusal(sampleMessage(202, { sender: sampleMessage(205).sender }))).toContain('émis par une plateforme')
    expect(refusal(sampleMessage(205, { invoice: { ...sampleMessage(205).invoice, datedAt: '10/09/2026' } }))).toBe(
      'Date invalide : « 10/09/2026 ».',
    )
  })
})

describe.skipIf(!mustValidateCdar)('buildCdar passes the official CDAR XSD and BR-FR-CDV schematron', () => {
  it.each(STATUSES)(
    '$status $label',
    async ({ status, label, extra }) => {
      const message = sampleMessage(status, extra)
      const xml = buildCdar(message)
      const result = await validateCdar(xml)
      expect(result.ok, `validate-cdar.sh exited ${result.status}:\n${result.output}\n${xml}`).toBe(true)
      expect(xml).toContain(`<ram:ProcessCondition>${label}</ram:ProcessCondition>`)
      const [read] = readCdar(xml)
      expect(read?.status).toBe(status)
    },
    VALIDATION_TIMEOUT,
  )

  it(
    'an Encaissée names each amount received with its VAT rate (MEN blocks, BR-FR-CDV-14)',
    async () => {
      const xml = buildCdar(sampleMessage(212, STATUSES.find((s) => s.status === 212)?.extra))
      expect(xml.match(/<ram:TypeCode>MEN<\/ram:TypeCode>/g)).toHaveLength(2)
      expect(xml).toContain('<ram:ValueAmount>105.50</ram:ValueAmount>')
      expect(xml).toContain('<ram:ValuePercent>5.50</ram:ValuePercent>')
      expect((await validateCdar(xml)).ok).toBe(true)
    },
    VALIDATION_TIMEOUT,
  )
})
