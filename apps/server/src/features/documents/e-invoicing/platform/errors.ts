import { eInvoicingMessages as m } from '@app/domain'
import { PlatformError } from './types'

/**
 * The PA's reason codes (XP Z12-013 ReasonCode, the acknowledgement's and the Error body's), said in French with what
 * to do. The PA's own errorMessage is "not intended to be displayed to an end user": the code is what we translate.
 */
const REASONS: Record<string, string> = {
  EmptyAttachement: 'une pièce jointe est vide (EmptyAttachement).',
  AttachmentTypeError: "le type d'une pièce jointe n'est pas accepté (AttachmentTypeError).",
  EmptyFlow: 'le fichier envoyé est vide (EmptyFlow).',
  OtherTechnicalError: 'erreur technique de la plateforme (OtherTechnicalError).',
  InvalidSchema: 'le fichier ne respecte pas le schéma XML attendu (InvalidSchema) : corrige la facture et renvoie-la.',
  FileSizeExceeded: 'le fichier dépasse la taille acceptée (FileSizeExceeded).',
  FlowTypeError: "le type du flux ou l'extension du fichier n'est pas accepté (FlowTypeError).",
  AlreadyExistingFlow: 'ce flux a déjà été reçu par la plateforme (AlreadyExistingFlow).',
  VirusFound: 'la plateforme a détecté un virus dans le fichier (VirusFound).',
  ChecksumMismatch: "l'empreinte du fichier ne correspond pas à son contenu (ChecksumMismatch).",
  InvoiceLCInvalidStatus: 'un statut est incohérent avec ceux déjà reçus (InvoiceLCInvalidStatus).',
  InvoiceLCStatusError: "un statut est incorrect ou n'est pas permis (InvoiceLCStatusError).",
  InvoiceLCRuleError: "une règle du cycle de vie n'est pas respectée (InvoiceLCRuleError).",
  InvoiceLCAccessDenied: "la plateforme n'autorise pas ce statut pour ce compte (InvoiceLCAccessDenied).",
  InvoiceLCAmountError: 'les montants ne sont pas cohérents avec la TVA (InvoiceLCAmountError).',
}

/** A PA reason code in French; an unknown code is named as is, so the user can quote it to the PA's support. */
export const platformReasonLabel = (code: string): string => REASONS[code] ?? `code d'erreur « ${code.slice(0, 100)} ».`

/** The errorCode of the PA's Error body, when it sent one we can read. */
function errorCodeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { errorCode?: unknown }
    return typeof parsed.errorCode === 'string' && parsed.errorCode.trim() ? parsed.errorCode.trim() : null
  } catch {
    return null
  }
}

/**
 * A PA's answer that is not a success, as a PlatformError: its status, its errorCode, the user's French message and
 * whether trying again later may work. Nothing of the request (token, secret) goes into it.
 */
export function platformErrorOf(status: number, body: string): PlatformError {
  const code = errorCodeOf(body)
  if (status === 401) return new PlatformError(status, code ?? 'UNAUTHORIZED', m.platformCredentials, false)
  if (status === 403) return new PlatformError(status, code ?? 'FORBIDDEN', m.platformForbidden, false)
  if (status === 413) return new PlatformError(status, code ?? 'PAYLOAD_TOO_LARGE', m.platformTooLarge, false)
  if (status === 429 || status === 503) return new PlatformError(status, code ?? 'BUSY', m.platformBusy, true)
  if (status >= 400 && status < 500 && status !== 408) {
    const reason = code ? platformReasonLabel(code) : `erreur ${status}.`
    return new PlatformError(status, code ?? `HTTP_${status}`, m.platformRefused(reason), false)
  }
  return new PlatformError(status, code ?? `HTTP_${status}`, m.platformUnreachable, true)
}

/** The PA did not answer (network, timeout) or answered something we cannot read: try again later. */
export const platformUnreachable = (code: 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE') =>
  new PlatformError(code === 'BAD_RESPONSE' ? 502 : 0, code, m.platformUnreachable, true)
