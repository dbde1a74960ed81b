import { describe, expect, it } from 'vitest'
import { ACTIVITY_CODES } from './codes'
import { type ActivityForSentence, activitySentence } from './sentences'

const me = { id: 1, name: 'Camille Martin' }
const C = ACTIVITY_CODES
const invoice = { kind: 'invoice' as const, reference: 'F-2026-0001', name: 'Site vitrine' }
const receipt = { kind: 'receipt' as const, reference: 'FA-2026-0457', name: 'FA-2026-0457.xml' }

const network = (code: string, payload: Record<string, unknown>, subject: ActivityForSentence['subject'] = invoice) =>
  activitySentence({ code, isOperator: true, user: null, payload, subject }, { currentUserId: me.id })
const member = (code: string, payload: Record<string, unknown>, user = me) =>
  activitySentence({ code, isOperator: false, user, payload, subject: receipt }, { currentUserId: me.id })

describe('activity sentences of the e-invoicing network', () => {
  it('tells a platform status received, and says when it came too late to change anything', () => {
    expect(network(C.invoiceEInvoiceStatus, { code: 205, source: 'platform', applied: true })).toBe(
      'Statut Approuvée reçu de la plateforme.',
    )
    expect(network(C.invoiceEInvoiceStatus, { code: 213, source: 'platform', reason: 'REJ_ADR', applied: true })).toBe(
      'Statut Rejetée reçu de la plateforme : Rejet : adresse de facturation électronique inconnue.',
    )
    expect(network(C.invoiceEInvoiceStatus, { code: 212, source: 'seller', applied: true })).toBe(
      'Carnet a transmis le statut Encaissée à la plateforme.',
    )
    expect(network(C.invoiceEInvoiceStatus, { code: 202, source: 'platform', applied: false })).toBe(
      'Statut Reçue par la plateforme reçu de la plateforme. Il arrive après un statut plus avancé : la facture le garde sans changer.',
    )
  })

  it("tells the buyer's answer with its reason and the action asked, in French", () => {
    expect(
      network(C.invoiceEInvoiceStatus, {
        code: 210,
        source: 'buyer',
        party: 'Danone',
        reason: 'TX_TVA_ERR',
        action: 'CNF',
        applied: true,
      }),
    ).toBe('Refusée par Danone : Taux de TVA erroné — action demandée : Émettre un avoir total.')
    expect(network(C.invoiceEInvoiceStatus, { code: 207, source: 'buyer', message: 'Livraison partielle' })).toBe(
      'Mise en litige par le client : Livraison partielle.',
    )
    expect(network(C.invoiceEInvoiceStatus, { code: 205, source: 'buyer', party: 'Danone', action: 'NOA' })).toBe(
      'Approuvée par Danone.',
    )
  })

  it('tells a supplier invoice received and the statuses sent to its supplier, by whom', () => {
    expect(network(C.receiptEInvoiceReceived, { flowId: 'f-1' }, receipt)).toBe(
      'Facture électronique reçue de la plateforme agréée.',
    )
    expect(member(C.receiptEInvoiceStatus, { code: 210, reason: 'DOUBLON' })).toBe(
      'Tu as envoyé le statut Refusée au fournisseur : Facture en double.',
    )
    expect(member(C.receiptEInvoiceStatus, { code: 205 }, { id: 2, name: 'Léa Petit' })).toBe(
      'Léa Petit a envoyé le statut Approuvée au fournisseur.',
    )
    expect(network(C.receiptEInvoiceStatus, { code: 211 }, receipt)).toBe(
      'Carnet a envoyé le statut Paiement transmis au fournisseur.',
    )
  })
})
