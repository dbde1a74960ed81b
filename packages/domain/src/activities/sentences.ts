import { isIsoDate } from '../dates/calendar'
import { formatDateFr } from '../dates/format'
import { formatEuro } from '../money/format'
import { ACTIVITY_CODES, isKnownActivityCode, PLATFORM_NAME_FALLBACK } from './codes'
import { eInvoicingActivitySentence } from './e-invoicing-sentences'
import { moneyActivityRest } from './money-sentences'

/** The document or record an entry is about, as the history names it. */
export type ActivitySubject = {
  kind: 'invoice' | 'creditNote' | 'quote' | 'item' | 'contact' | 'receipt' | 'transaction'
  /** The document's number once it has one ("F-2026-0001"). */
  reference?: string | null
  /** Its name, used while it has no number ("Site vitrine"). */
  name?: string | null
}

export type ActivityForSentence = {
  code: string
  isOperator: boolean
  user: { id: number; name: string } | null
  payload: Record<string, unknown>
  subject?: ActivitySubject | null
}

export type ActivitySentenceOptions = {
  currentUserId: number | null
  /** The organisation's platform name; "Carnet" when missing. */
  platformName?: string | null
}

/** spec/sales.md §8: an unknown code reads "Quelque chose s'est produit : {code}", with a note (unknownActivityNote). */
export const unknownActivitySentence = (code: string) => `Quelque chose s'est produit : ${code}`
export const unknownActivityNote = "La signification de cet événement n'a pas été trouvée."

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)

type Noun = { the: string; feminine: boolean }

/** "la facture F-2026-0001", "l'avoir AV-2026-0001", "le devis « Refonte »", or just "la facture". */
function nounOf(subject: ActivitySubject | null | undefined, fallbackKind: ActivitySubject['kind']): Noun {
  const kind = subject?.kind ?? fallbackKind
  const base: Record<ActivitySubject['kind'], Noun> = {
    invoice: { the: 'la facture', feminine: true },
    creditNote: { the: "l'avoir", feminine: false },
    quote: { the: 'le devis', feminine: false },
    item: { the: "l'article", feminine: false },
    contact: { the: 'le contact', feminine: false },
    receipt: { the: 'le justificatif', feminine: false },
    transaction: { the: 'la transaction', feminine: true },
  }
  const noun = base[kind]
  const reference = text(subject?.reference)
  const name = text(subject?.name)
  if (reference) return { ...noun, the: `${noun.the} ${reference}` }
  if (name) return { ...noun, the: `${noun.the} « ${name} »` }
  return noun
}

/** "de la facture …", "du devis …", "de l'avoir …". */
const ofThe = (noun: Noun) => (noun.the.startsWith('le ') ? `du ${noun.the.slice(3)}` : `de ${noun.the}`)
const agree = (noun: Noun, participle: string) => (noun.feminine ? `${participle}e` : participle)
const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

function actorOf(entry: ActivityForSentence, options: ActivitySentenceOptions) {
  if (entry.isOperator) return { subject: text(options.platformName) ?? PLATFORM_NAME_FALLBACK, you: false }
  if (entry.user && options.currentUserId !== null && entry.user.id === options.currentUserId)
    return { subject: 'Tu', you: true }
  return { subject: text(entry.user?.name) ?? "Quelqu'un", you: false }
}

/** "Tu as {rest}." or "Camille Martin a {rest}." */
const did = (actor: { subject: string; you: boolean }, rest: string) =>
  `${actor.subject} ${actor.you ? 'as' : 'a'} ${rest}.`

function invoiceStateChange(noun: Noun, payload: Record<string, unknown>): string {
  const to = text(payload.to)
  const from = text(payload.from)
  switch (to) {
    case 'VALIDATED':
      return `validé ${noun.the}`
    case 'PENDING':
      return from === 'VALIDATED'
        ? `marqué ${noun.the} comme ${agree(noun, 'envoyé')}`
        : `passé ${noun.the} en attente de paiement`
    case 'LATE':
      // Marked as sent after its due date: it goes straight to late.
      return from === 'VALIDATED'
        ? `marqué ${noun.the} comme ${agree(noun, 'envoyé')}, déjà en retard`
        : `passé ${noun.the} en retard`
    case 'PAID':
      return `marqué ${noun.the} comme ${agree(noun, 'payé')}`
    case 'CANCELED':
      return `annulé ${noun.the}`
    case 'ARCHIVED':
      return `archivé ${noun.the}`
    case 'DRAFT':
      return `repassé ${noun.the} en brouillon`
    default:
      return to ? `changé l'état de ${noun.the} (${to})` : `changé l'état de ${noun.the}`
  }
}

function quoteStateChange(noun: Noun, payload: Record<string, unknown>): string {
  const to = text(payload.to)
  switch (to) {
    case 'DRAFT':
      return `repassé ${noun.the} en brouillon`
    case 'NEGO':
      return `passé ${noun.the} en négociation`
    case 'VALIDATED':
      return `validé ${noun.the}`
    case 'SENT':
      return `marqué ${noun.the} comme envoyé`
    case 'WON':
      return `marqué ${noun.the} comme gagné`
    case 'LOST':
      return `marqué ${noun.the} comme perdu`
    default:
      return to ? `changé l'état de ${noun.the} (${to})` : `changé l'état de ${noun.the}`
  }
}

const recipients = (payload: Record<string, unknown>) => {
  const list = Array.isArray(payload.to) ? payload.to.filter((value): value is string => typeof value === 'string') : []
  return list.length > 0 ? ` à ${list.join(', ')}` : ''
}

const amountOf = (payload: Record<string, unknown>) => {
  const amount = text(payload.amount)
  return amount && /^-?\d+(\.\d+)?$/.test(amount) ? amount : null
}

/**
 * One history entry as a French sentence (spec/sales.md §6, §8): "Tu as créé la facture F-2026-0001.", "Camille
 * Martin a validé le devis D-2026-0003.", "Carnet a passé la facture F-2026-0001 en retard.". An unknown code reads
 * "Quelque chose s'est produit : {code}".
 */
export function activitySentence(entry: ActivityForSentence, options: ActivitySentenceOptions): string {
  if (!isKnownActivityCode(entry.code)) return unknownActivitySentence(entry.code)
  const actor = actorOf(entry, options)
  const payload = entry.payload ?? {}
  const invoice = nounOf(entry.subject, 'invoice')
  const quote = nounOf(entry.subject, 'quote')
  const money = moneyActivityRest(entry.code, payload, {
    transaction: nounOf(entry.subject, 'transaction').the,
    receipt: nounOf(entry.subject, 'receipt').the,
    subjectName: text(entry.subject?.name),
  })
  if (money) return did(actor, money)
  const network = eInvoicingActivitySentence(entry.code, payload, actor)
  if (network) return network
  const C = ACTIVITY_CODES
  switch (entry.code) {
    case C.invoiceCreated:
      return did(actor, `créé ${invoice.the}`)
    case C.invoiceUpdated:
      return did(actor, `modifié ${invoice.the}`)
    case C.invoiceGenerated: {
      const date = text(payload.occurrence)
      return did(
        actor,
        `créé ${invoice.the} à partir d'une facture récurrente${date && isIsoDate(date) ? ` (échéance du ${formatDateFr(date)})` : ''}`,
      )
    }
    case C.recurringOccurrence: {
      const date = text(payload.occurrence)
      const reference = text(payload.invoiceReference)
      return did(
        actor,
        `créé la facture${reference ? ` ${reference}` : ''} de l'échéance${date && isIsoDate(date) ? ` du ${formatDateFr(date)}` : ''}`,
      )
    }
    case C.recurringSuspended: {
      const why =
        payload.reason === 'error'
          ? ` : la facture n'a pas pu être créée${text(payload.message) ? ` (${text(payload.message)})` : ''}`
          : ''
      return did(actor, `suspendu ${invoice.the}${why}`)
    }
    case C.recurringReactivated:
      return did(actor, `réactivé ${invoice.the}`)
    case C.invoiceNotIssued: {
      // The refusal's message ends its own sentence; `did` puts the full stop.
      const why = text(payload.message)?.replace(/\.$/, '')
      return did(actor, `laissé ${invoice.the} en brouillon sans l'envoyer${why ? ` : ${why}` : ''}`)
    }
    case C.invoiceStateUpdated:
      return did(actor, invoiceStateChange(invoice, payload))
    case C.invoicePaymentDateUpdated: {
      const date = text(payload.paymentDateAt)
      return did(
        actor,
        `modifié la date de paiement ${ofThe(invoice)}${date && isIsoDate(date) ? ` : ${formatDateFr(date)}` : ''}`,
      )
    }
    case C.invoiceMailSent:
      return did(actor, `envoyé ${invoice.the} par e-mail${recipients(payload)}`)
    case C.quoteMailSent:
      return did(actor, `envoyé ${quote.the} par e-mail${recipients(payload)}`)
    case C.invoiceReminderSent:
      return did(actor, `envoyé la relance ${ofThe(invoice)} par e-mail${recipients(payload)}`)
    case C.invoiceMailRead:
    case C.quoteMailRead: {
      const noun = entry.code === C.invoiceMailRead ? invoice : quote
      return `${text(payload.email) ?? 'Le destinataire'} a ouvert l'e-mail ${ofThe(noun)}.`
    }
    case C.invoiceCardPaymentPaid: {
      const amount = amountOf(payload)
      return `${capitalize(invoice.the)} a été ${agree(invoice, 'payé')} par carte bancaire${amount ? ` (${formatEuro(amount)})` : ''}.`
    }
    case C.invoiceCommentAdded:
    case C.quoteCommentAdded:
    case C.receiptCommentAdded:
    case C.transactionCommentAdded:
      return did(actor, 'ajouté un commentaire')
    case C.quoteCreated:
      return did(actor, `créé ${quote.the}`)
    case C.quoteUpdated:
      return did(actor, `modifié ${quote.the}`)
    case C.quoteStateUpdated:
      return did(actor, quoteStateChange(quote, payload))
    case C.quoteToInvoice: {
      const reference = text(payload.invoiceReference)
      if (payload.deposit === true)
        return did(
          actor,
          reference
            ? `créé la facture d'acompte ${reference} à partir ${ofThe(quote)}`
            : `créé une facture d'acompte à partir ${ofThe(quote)}`,
        )
      return did(actor, `transformé ${quote.the} en facture${reference ? ` ${reference}` : ''}`)
    }
    case C.itemUpdatePrice: {
      const item = nounOf({ kind: 'item', name: entry.subject?.name ?? text(payload.name) }, 'item')
      const amount = amountOf(payload)
      return did(actor, `mis à jour le prix de ${item.the}${amount ? ` : ${formatEuro(amount)} HT` : ''}`)
    }
    case C.contactCreated:
    case C.contactUpdated: {
      const contact = nounOf({ kind: 'contact', name: entry.subject?.name ?? text(payload.name) }, 'contact')
      return did(actor, `${entry.code === C.contactCreated ? 'créé' : 'modifié'} ${contact.the}`)
    }
  }
  return unknownActivitySentence(entry.code)
}
