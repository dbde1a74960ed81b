import { formatNumberFr } from '@app/domain'

/**
 * Why a received e-invoice is refused, in the app's words (tu), naming the EN 16931 term so that the supplier's
 * software can be told exactly what to fix.
 */

/** "1 234,50": amounts as people read them, without the currency, which may not be the euro. */
export const amountFr = (value: string) => formatNumberFr(value, { decimals: 2, maxDecimals: 2 })

const quoted = (value: string) => `« ${value.length > 40 ? `${value.slice(0, 40)}…` : value} »`

/** The totals of BG-22 and their names in a sentence. */
export const TOTAL_LABELS = {
  'BT-109': 'total hors taxes',
  'BT-110': 'montant total de TVA',
  'BT-112': 'total TTC',
  'BT-115': 'montant à payer',
} as const
export type TotalTerm = keyof typeof TOTAL_LABELS

export const eInvoiceMessages = {
  doctype:
    'Cette facture électronique déclare un DOCTYPE, refusé par sécurité : demande à ton fournisseur un fichier sans DOCTYPE.',
  malformed: (line: number | null) =>
    `Le fichier XML de cette facture électronique est mal formé ou incomplet${line ? ` (ligne ${line})` : ''}.`,
  encoding: (encoding: string) =>
    `Le fichier XML de cette facture électronique n'est pas lisible dans l'encodage qu'il annonce (${encoding}).`,
  unexpectedRoot: (name: string) =>
    `Le fichier ${name} joint à ce PDF n'est pas une facture au format CII ou UBL : Carnet ne peut pas le lire.`,
  zugferd1: 'Cette facture suit le format ZUGFeRD 1.0, abandonné en 2017 : Carnet lit Factur-X et ZUGFeRD 2.',
  attachment: {
    compression: (name: string) =>
      `Le fichier ${name} joint à ce PDF est compressé d'une façon que Carnet ne sait pas lire.`,
    corrupt: (name: string) => `Le fichier ${name} joint à ce PDF est endommagé : Carnet ne peut pas le lire.`,
    'too-large': (name: string) => `Le fichier ${name} joint à ce PDF est trop volumineux pour une facture.`,
  },
  missingNumber: "Cette facture électronique n'a pas de numéro (BT-1).",
  missingIssueDate: "Cette facture électronique n'a pas de date d'émission (BT-2).",
  badIssueDate: (raw: string) =>
    `La date d'émission de cette facture électronique n'est pas une date valide : ${quoted(raw)} (BT-2).`,
  badDueDate: (raw: string) =>
    `La date d'échéance de cette facture électronique n'est pas une date valide : ${quoted(raw)} (BT-9).`,
  missingTypeCode: "Cette facture électronique n'indique pas son type de document (BT-3).",
  badTypeCode: (raw: string) =>
    `Le type de document de cette facture électronique n'est pas un code valide : ${quoted(raw)} (BT-3).`,
  missingCurrency: "Cette facture électronique n'indique pas sa devise (BT-5).",
  badCurrency: (raw: string) =>
    `La devise de cette facture électronique n'est pas un code ISO 4217 : ${quoted(raw)} (BT-5).`,
  missingSeller: 'Cette facture électronique ne donne pas le nom du vendeur (BT-27).',
  missingTotal: (term: TotalTerm) => `Cette facture électronique n'a pas de ${TOTAL_LABELS[term]} (${term}).`,
  badTotal: (term: TotalTerm, raw: string) =>
    `Le ${TOTAL_LABELS[term]} de cette facture électronique n'est pas un montant valide : ${quoted(raw)} (${term}).`,
  missingVatBreakdown: "Cette facture électronique n'a pas de ventilation de la TVA (BG-23).",
  badVatEntry: (position: number, term: 'BT-116' | 'BT-117' | 'BT-118' | 'BT-119', raw: string | null) => {
    const what = {
      'BT-116': 'sa base imposable',
      'BT-117': 'son montant de TVA',
      'BT-118': 'sa catégorie de TVA',
      'BT-119': 'son taux de TVA',
    }[term]
    return raw === null
      ? `La ligne ${position} de la ventilation de TVA n'indique pas ${what} (${term}).`
      : `La ligne ${position} de la ventilation de TVA a une valeur invalide pour ${what} : ${quoted(raw)} (${term}).`
  },
  totalsMismatch: (taxExcluded: string, tax: string, taxIncluded: string) =>
    `Les totaux de cette facture ne concordent pas : ${amountFr(taxExcluded)} + ${amountFr(tax)} ≠ ${amountFr(taxIncluded)} (BT-109 + BT-110 ≠ BT-112).`,
  basesMismatch: (bases: string, taxExcluded: string) =>
    `La ventilation de TVA ne concorde pas avec le total hors taxes : ${amountFr(bases)} ≠ ${amountFr(taxExcluded)} (somme des BT-116 ≠ BT-109).`,
  taxesMismatch: (taxes: string, tax: string) =>
    `La ventilation de TVA ne concorde pas avec le montant total de TVA : ${amountFr(taxes)} ≠ ${amountFr(tax)} (somme des BT-117 ≠ BT-110).`,
}
