import {
  canSendIn,
  type EReportingKind,
  type EReportingPeriodDto,
  type EReportingState,
  type EReportingSummaryDto,
  type EReportingTransmissionDto,
  formatDateFr,
  formatEuro,
  type IsoDate,
  isZero,
  type REPORTING_CATEGORIES,
  type TaxRegimeCode,
} from '@app/domain'

const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
] as const

const shortMonth = (month: number) => SHORT_MONTHS[month - 1] ?? ''

const dateParts = (date: IsoDate) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
  day: Number(date.slice(8, 10)),
})

/** "du 1 au 10 nov. 2026", or "du 1 janv. au 28 févr. 2026" when the period spans two months (franchise). */
export function periodSpan(start: IsoDate, end: IsoDate): string {
  const from = dateParts(start)
  const to = dateParts(end)
  const toText = `${to.day} ${shortMonth(to.month)} ${to.year}`
  if (from.year !== to.year) return `du ${from.day} ${shortMonth(from.month)} ${from.year} au ${toText}`
  if (from.month !== to.month) return `du ${from.day} ${shortMonth(from.month)} au ${toText}`
  return `du ${from.day} au ${toText}`
}

export const KIND_LABELS: Record<EReportingKind, string> = { transactions: 'Transactions', payments: 'Paiements' }

/** "Transactions du 1 au 10 nov. 2026": a period's name, its row's and its drawer's. */
export const periodName = (period: Pick<EReportingPeriodDto, 'kind' | 'start' | 'end'>) =>
  `${KIND_LABELS[period.kind]} ${periodSpan(period.start, period.end)}`

/** The deadline of a row: « avant le 20/11/2026 ». */
export const deadlineText = (deadline: IsoDate) => `avant le ${formatDateFr(deadline)}`

/** Past its deadline with something still to send: the deadline shows in red. */
export const isOverdue = (period: Pick<EReportingPeriodDto, 'state' | 'deadline'>, today: IsoDate) =>
  canSendIn(period.state) && period.deadline < today

/** Grey while nothing is asked, blue for what is to do or under way, green once accepted, orange or red for trouble. */
export const STATE_COLORS: Record<EReportingState, string> = {
  running: 'gray',
  nothingToReport: 'gray',
  toSend: 'blue',
  late: 'red',
  sending: 'cyan',
  sent: 'cyan',
  accepted: 'green',
  rejected: 'red',
  changed: 'orange',
}

/** Each regime's cadence, as the header says it (decision 0044: calendar.ts). */
export const CADENCES: Record<TaxRegimeCode, string> = {
  MONTH: 'Réel normal mensuel : transactions par décade, paiements par mois',
  QUARTER: 'Réel normal trimestriel : transactions et paiements par mois',
  YEAR: 'Réel simplifié : transactions et paiements par mois',
  FREE: 'Franchise en base de TVA : transactions et paiements tous les deux mois',
}

export const CATEGORY_LABELS: Record<(typeof REPORTING_CATEGORIES)[number], string> = {
  TLB1: 'Livraisons de biens',
  TPS1: 'Prestations de services',
  TNT1: 'Hors TVA française',
  TMA1: 'Régime de la marge',
}

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`

/**
 * What a period holds, in a sentence a row can show: B2C sales (HT + TVA) or takings (TTC), then the foreign
 * businesses one by one; « Aucune vente concernée » when there is nothing.
 */
export function summaryText(kind: EReportingKind, summary: EReportingSummaryDto): string {
  const parts: string[] = []
  if (summary.aggregatedCount > 0 || !isZero(summary.aggregatedAmount)) {
    parts.push(
      kind === 'transactions'
        ? `Particuliers : ${formatEuro(summary.aggregatedAmount)} HT + ${formatEuro(summary.aggregatedTax ?? '0')} de TVA`
        : `Particuliers : ${formatEuro(summary.aggregatedAmount)} encaissés TTC`,
    )
  }
  if (summary.unitaryCount > 0) {
    parts.push(
      kind === 'transactions'
        ? `International : ${plural(summary.unitaryCount, 'facture', 'factures')}, ${formatEuro(summary.unitaryAmount)} HT`
        : `International : ${plural(summary.unitaryCount, 'paiement', 'paiements')}, ${formatEuro(summary.unitaryAmount)} TTC`,
    )
  }
  if (parts.length > 0) return parts.join(' · ')
  return kind === 'transactions' ? 'Aucune vente concernée' : 'Aucun encaissement concerné'
}

/** What « Transmettre » will send, said in the confirmation. */
export function sendingText(kind: EReportingKind, summary: EReportingSummaryDto): string {
  const parts: string[] = []
  if (kind === 'transactions') {
    if (summary.aggregatedCount > 0 || !isZero(summary.aggregatedAmount))
      parts.push(
        `tes ventes aux particuliers, totalisées par jour et par taux (${formatEuro(summary.aggregatedAmount)} HT, ${formatEuro(summary.aggregatedTax ?? '0')} de TVA)`,
      )
    if (summary.unitaryCount > 0)
      parts.push(
        `${plural(summary.unitaryCount, 'facture', 'factures')} à des entreprises étrangères, une par une (${formatEuro(summary.unitaryAmount)} HT)`,
      )
  } else {
    if (summary.aggregatedCount > 0 || !isZero(summary.aggregatedAmount))
      parts.push(
        `les paiements reçus de particuliers, totalisés par jour et par taux (${formatEuro(summary.aggregatedAmount)} TTC)`,
      )
    if (summary.unitaryCount > 0)
      parts.push(
        `${plural(summary.unitaryCount, 'paiement', 'paiements')} d'entreprises étrangères, un par un (${formatEuro(summary.unitaryAmount)} TTC)`,
      )
  }
  return parts.length > 0 ? parts.join(' et ') : 'des chiffres à zéro'
}

/** The file's content, in words: never the flow type's English name. */
export const FLOW_LABELS: Record<string, string> = {
  AggregatedCustomerTransactionReport: 'Ventes aux particuliers',
  UnitaryCustomerTransactionReport: 'Ventes à des entreprises étrangères',
  AggregatedCustomerPaymentReport: 'Paiements de particuliers',
  UnitaryCustomerPaymentReport: "Paiements d'entreprises étrangères",
  MultiFlowReport: 'Particuliers et entreprises étrangères',
}

/** Where a transmission stands: its delivery, then the PA's acknowledgement. */
export function transmissionStatus(transmission: Pick<EReportingTransmissionDto, 'delivery' | 'ackStatus'>): {
  label: string
  color: string
} {
  if (transmission.delivery === 'queued') return { label: "En cours d'envoi", color: 'cyan' }
  if (transmission.delivery === 'failed') return { label: "Échec de l'envoi", color: 'red' }
  if (transmission.ackStatus === 'Ok') return { label: 'Acceptée', color: 'green' }
  if (transmission.ackStatus === 'Error') return { label: 'Rejetée', color: 'red' }
  return { label: "En attente d'accusé", color: 'cyan' }
}

export const texts = {
  title: 'E-reporting',
  intro:
    "Le e-reporting, c'est l'envoi à l'administration, par ta plateforme agréée, de ce que tes factures électroniques ne disent pas : tes ventes aux particuliers et aux entreprises étrangères, et les paiements reçus pour tes prestations de services.",
  cadence: 'Ton rythme',
  regimeUnknown: 'Indique ton régime de TVA pour connaître ton calendrier.',
  nextDeadline: 'Prochaine échéance',
  year: 'Année',
  kind: 'Type de données',
  all: 'Tous',
  search: 'Rechercher une période',
  empty: 'Aucune période à afficher pour cette année.',
  listError: 'Une erreur est survenue lors du chargement de tes périodes de e-reporting.',
  view: 'Voir',
  notConnectedTitle: "Ta plateforme agréée n'est pas reliée",
  notConnected:
    'Sans plateforme agréée, Carnet peut te montrer tes chiffres mais ne peut pas les transmettre à l’administration.',
  connect: 'Relier ma plateforme agréée',
  regimeSettings: 'Indiquer mon régime de TVA',
  detailError: 'Une erreur est survenue lors du chargement de cette période.',
  deadline: 'Date limite',
  state: 'État',
  nothingToSend: 'Rien à transmettre pour cette période',
  nothingToSendHint: 'Aucune vente ni aucun paiement de cette période ne doit être déclaré.',
  transmissions: 'Transmissions',
  noTransmission: "Cette période n'a pas encore été transmise.",
  send: 'Transmettre',
  sendCorrection: 'Transmettre la correction',
  confirmTitle: 'Transmettre cette période ?',
  confirmCorrectionTitle: 'Transmettre la correction ?',
  confirmMessage: (what: string) => `Carnet va transmettre à ta plateforme agréée ${what}.`,
  correctionNote: 'Elle remplace ce que tu as déjà transmis pour cette période.',
  sent: 'Données transmises à ta plateforme agréée.',
  byCarnet: 'Carnet',
  correction: 'Correction',
  download: 'Télécharger le fichier envoyé',
  downloadFailed: "Le fichier n'a pas pu être téléchargé.",
  close: 'Fermer',
} as const
