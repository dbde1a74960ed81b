import { LIFECYCLE_ACTIONS, LIFECYCLE_REASONS, lifecycleStatusLabel } from '../e-invoicing/lifecycle'
import { ACTIVITY_CODES } from './codes'

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)
const codeOf = (payload: Record<string, unknown>) => (typeof payload.code === 'number' ? payload.code : null)

/** A reason or an action code in French; a code outside the lists as it came. */
const reasonLabel = (code: string | null) =>
  code ? ((LIFECYCLE_REASONS as Record<string, string>)[code] ?? code) : null
const actionLabel = (code: string | null) =>
  code && code !== 'NOA' ? ((LIFECYCLE_ACTIONS as Record<string, string>)[code] ?? code) : null

/** " : Taux de TVA erroné — action demandée : Émettre un avoir total", or what of it there is. */
function why(payload: Record<string, unknown>): string {
  const reason = reasonLabel(text(payload.reason)) ?? text(payload.message)
  const action = actionLabel(text(payload.action))
  if (reason && action) return ` : ${reason} — action demandée : ${action}`
  if (reason) return ` : ${reason}`
  if (action) return ` — action demandée : ${action}`
  return ''
}

/**
 * The e-invoicing network's history sentences (issue 33, decision 0043), whole sentences since the network speaks,
 * not a member: "Statut Approuvée reçu de la plateforme.", "Refusée par Danone : Taux de TVA erroné — action
 * demandée : Émettre un avoir total.". A status that arrived late (it would go back) says it changed nothing. Null
 * for the other codes. `actor` is "Tu as" / "Camille Martin a" / "Carnet a" for the statuses a member sends.
 */
export function eInvoicingActivitySentence(
  code: string,
  payload: Record<string, unknown>,
  actor: { subject: string; you: boolean },
): string | null {
  const C = ACTIVITY_CODES
  switch (code) {
    case C.invoiceEInvoiceStatus: {
      const status = codeOf(payload)
      const label = status === null ? 'inconnu' : lifecycleStatusLabel(status)
      const late =
        payload.applied === false ? ' Il arrive après un statut plus avancé : la facture le garde sans changer.' : ''
      if (payload.source === 'buyer') {
        // "En litige par Danone" does not read: the dispute is put, the others are participles.
        const done = status === 207 ? 'Mise en litige' : label
        return `${done} par ${text(payload.party) ?? 'le client'}${why(payload)}.${late}`
      }
      // A status the seller sends itself: Encaissée, once per payment recorded (decision 0043); a second one for a
      // later payment is no late news, so it says nothing of the order.
      if (payload.source === 'seller') return `Carnet a transmis le statut ${label} à la plateforme.`
      return `Statut ${label} reçu de la plateforme${why(payload)}.${late}`
    }
    case C.receiptEInvoiceReceived:
      return 'Facture électronique reçue de la plateforme agréée.'
    case C.receiptEInvoiceStatus: {
      const status = codeOf(payload)
      const label = status === null ? 'inconnu' : lifecycleStatusLabel(status)
      const verb = actor.you ? 'as' : 'a'
      return `${actor.subject} ${verb} envoyé le statut ${label} au fournisseur${why(payload)}.`
    }
    default:
      return null
  }
}
