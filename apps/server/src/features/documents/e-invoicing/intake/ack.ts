import type { AcknowledgementDetail } from '../platform/types'

/** The acknowledgement reasons of XP Z12-013 (ReasonCodeEnum), in French, with what to do when there is something. */
const ACK_REASONS: Record<string, string> = {
  EmptyAttachement: 'une pièce jointe est vide',
  AttachmentTypeError: "le type d'une pièce jointe n'est pas accepté",
  EmptyFlow: 'le fichier envoyé est vide',
  OtherTechnicalError: 'erreur technique de la plateforme',
  InvalidSchema: 'le fichier ne respecte pas le format attendu (schéma XML invalide)',
  FileSizeExceeded: 'le fichier dépasse la taille acceptée',
  FlowTypeError: "le type de flux ou l'extension du fichier n'est pas accepté",
  AlreadyExistingFlow: 'ce fichier a déjà été envoyé et reçu par la plateforme',
  VirusFound: 'la plateforme a détecté un virus dans le fichier',
  ChecksumMismatch: "l'empreinte du fichier ne correspond pas à son contenu",
  InvoiceLCInvalidStatus: 'un statut est incohérent avec ceux déjà reçus',
  InvoiceLCStatusError: "un statut n'est pas autorisé",
  InvoiceLCRuleError: "une règle du cycle de vie n'est pas respectée",
  InvoiceLCAccessDenied: "ce statut n'est pas autorisé pour ton compte",
  InvoiceLCAmountError: 'les montants du statut sont incohérents',
}

/** "Ta plateforme agréée a refusé le fichier : le fichier ne respecte pas … (BR-FR-12)." from the errors of an ack. */
export function ackErrorMessage(details: AcknowledgementDetail[] | undefined): string {
  const errors = (details ?? []).filter((detail) => detail.level === 'Error')
  if (errors.length === 0) return 'Ta plateforme agréée a refusé le fichier sans en donner la raison.'
  const reasons = errors.map((detail) => {
    const known = ACK_REASONS[detail.reasonCode]
    const item = detail.item?.trim() ? ` (${detail.item.trim().slice(0, 80)})` : ''
    return known ? `${known}${item}` : `${detail.reasonCode}${item}`
  })
  return `Ta plateforme agréée a refusé le fichier : ${[...new Set(reasons)].join(' ; ')}.`.slice(0, 1000)
}
