import { abs, compare } from '../money/arithmetic'
import { formatEuro } from '../money/format'
import { ACTIVITY_CODES } from './codes'

/**
 * A bank line this large, in or out, is marked in its history by the platform (spec/money.md "Activity codes": big):
 * the amounts a freelancer's books turn on, worth finding again.
 */
export const BIG_TRANSACTION_AMOUNT = '5000'

/** Whether a signed amount ("-7500.00") makes a big transaction. */
export const isBigTransaction = (amount: string) => compare(abs(amount), BIG_TRANSACTION_AMOUNT) >= 0

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)
const quoted = (name: string | null) => (name ? ` « ${name} »` : '')

/** The categories of a `transaction.categorized` payload, as stored: `{ id, name, code }[]`. */
function categoryNames(payload: Record<string, unknown>): string[] {
  const list = Array.isArray(payload.categories) ? payload.categories : []
  return list.flatMap((category) =>
    category && typeof category === 'object' ? (text((category as { name?: unknown }).name) ?? []) : [],
  )
}

/**
 * The rest of the sentence ("créé la note de frais …") of the money side's codes, after "Tu as" / "Camille Martin a";
 * null for the codes that are not the money side's. `transaction` names the entry's transaction ("la transaction
 * « Orange »"), `receipt` its receipt, as the history finds them now; the other party comes from the payload, named
 * as it was then.
 */
export function moneyActivityRest(
  code: string,
  payload: Record<string, unknown>,
  nouns: { transaction: string; receipt: string; subjectName: string | null },
): string | null {
  const C = ACTIVITY_CODES
  switch (code) {
    case C.transactionCreateExpense: {
      const expenseName = text(payload.expenseName)
      // On the bank line, the payload names the note; on the note, it names the bank line (if any).
      if (expenseName) return `créé la note de frais « ${expenseName} » à partir de ${nouns.transaction}`
      const source = text(payload.sourceName)
      return `créé la note de frais${quoted(nouns.subjectName)}${source ? ` à partir de la transaction « ${source} »` : ''}`
    }
    case C.transactionCategorized: {
      const names = categoryNames(payload)
      if (names.length === 0) return `catégorisé ${nouns.transaction}`
      if (names.length === 1) return `catégorisé ${nouns.transaction} en « ${names[0]} »`
      return `ventilé ${nouns.transaction} sur ${names.length} catégories : ${names.join(', ')}`
    }
    case C.transactionUncategorized:
      return `retiré la catégorie de ${nouns.transaction}`
    case C.transactionAttachReceipt:
      return `associé le justificatif${quoted(text(payload.receiptName))} à ${nouns.transaction}`
    case C.transactionDetachReceipt:
      return `dissocié le justificatif${quoted(text(payload.receiptName))} de ${nouns.transaction}`
    case C.receiptAttached:
      return `associé ${nouns.receipt} à la transaction${quoted(text(payload.transactionName))}`
    case C.receiptDetached:
      return `dissocié ${nouns.receipt} de la transaction${quoted(text(payload.transactionName))}`
    case C.transactionBig: {
      const amount = text(payload.amount)
      return amount && /^-?\d+(\.\d+)?$/.test(amount)
        ? `repéré une transaction importante : ${formatEuro(amount)}`
        : 'repéré une transaction importante'
    }
    default:
      return null
  }
}
