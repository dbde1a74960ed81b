import {
  BUYER_REASONS,
  canMoveTo,
  isLifecycleStatusCode,
  LIFECYCLE_REASONS,
  type LifecycleReasonCode,
} from '@app/domain'

export type BuyerStatusCode = 205 | 206 | 207 | 208 | 210 | 211

/** The buyer's answers to a received e-invoice, as buttons say them and as the dialog explains them. */
export const BUYER_ANSWERS: { code: BuyerStatusCode; verb: string; title: string; explanation: string }[] = [
  {
    code: 205,
    verb: 'Approuver',
    title: 'Approuver la facture',
    explanation: 'Ton fournisseur saura que la facture est bonne pour paiement.',
  },
  {
    code: 206,
    verb: 'Approuver partiellement',
    title: 'Approuver la facture en partie',
    explanation: 'Dis à ton fournisseur ce que tu acceptes : il devra émettre un avoir pour le reste.',
  },
  {
    code: 207,
    verb: 'Mettre en litige',
    title: 'Mettre la facture en litige',
    explanation: 'Ton fournisseur saura ce qui ne va pas ; la facture reste ouverte le temps de régler le désaccord.',
  },
  {
    code: 208,
    verb: 'Suspendre',
    title: 'Suspendre la facture',
    explanation: 'Il manque quelque chose pour la traiter : dis à ton fournisseur quoi.',
  },
  {
    code: 210,
    verb: 'Refuser',
    title: 'Refuser la facture',
    explanation: 'Le refus est définitif : ton fournisseur devra annuler la facture par un avoir.',
  },
  {
    code: 211,
    verb: 'Paiement transmis',
    title: 'Signaler le paiement',
    explanation: 'Ton fournisseur saura que tu as payé cette facture.',
  },
]

/** The answers the code list allows after the invoice's current status: statuses only move forward. */
export function allowedAnswers(status: number | null) {
  const from = status !== null && isLifecycleStatusCode(status) ? status : null
  return BUYER_ANSWERS.filter((answer) => canMoveTo(from, answer.code))
}

/** The reasons a status takes, with their French names; none for the statuses that need no reason. */
export function reasonOptions(code: BuyerStatusCode) {
  const codes = (BUYER_REASONS as Record<number, readonly LifecycleReasonCode[]>)[code] ?? []
  return codes.map((reason) => ({ value: reason, label: LIFECYCLE_REASONS[reason] }))
}
