/**
 * What build.ts and read.ts share about the CDAR D22B syntax as the French reform profiles it (AFNOR XP Z12-012 v1.4,
 * FNFE-MPE schematron BR-FR-CDV, test-kits/france-rfe-cdar): namespaces, fixed codes, which statuses belong to which
 * phase and need a reason, the date formats, and the error both throw.
 */

export const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100'
export const RAM_NS = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100'
export const QDT_NS = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100'
export const UDT_NS = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100'

/** MDT-3 (BR-FR-CDV-02): the guideline of a status exchanged between companies and platforms. */
export const CDV_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice'
/** MDT-2 (BR-FR-CDV-CL-01): invoices between French companies subject to the reform. */
export const CDV_REGULATED = 'REGULATED'

/** ISO 6523 schemes: 0002 SIREN (MDT-129 and the parties), 0225 the directory's electronic addresses. */
export const SCHEME_SIREN = '0002'
export const SCHEME_ADDRESS = '0225'

/**
 * MDT-77 (BR-FR-CDV-09): 305 for the statuses of the transmission phase, said by the platforms (sender and issuer
 * "WK", BR-FR-CDV-CL-02/03), 23 for those of the processing phase, said by the buyer or the seller.
 */
export const TRANSMISSION_STATUSES: readonly number[] = [200, 201, 202, 203, 213, 221]
export const phaseTypeCode = (status: number): '305' | '23' => (TRANSMISSION_STATUSES.includes(status) ? '305' : '23')

/** BR-FR-CDV-15: these statuses are refused without a reason (MDT-113). */
export const REASON_REQUIRED: readonly number[] = [206, 207, 208, 210, 213, 501]

/** MDT-207 characteristic "MEN": an amount received, per VAT rate, on an Encaissée (212) status (BR-FR-CDV-14). */
export const CHARACTERISTIC_RECEIVED = 'MEN'

/** Party roles (UNCL 3035 as the CDAR lists them) that build.ts writes; read.ts keeps whatever it reads. */
export const ROLE_PLATFORM = 'WK'
export const ROLE_SELLER = 'SE'
export const ROLE_BUYER = 'BY'

export type CdarErrorCode = 'NOT_XML' | 'NOT_CDAR' | 'INCOMPLETE' | 'UNBUILDABLE'

/** A message that is not a CDAR we can read, or that we cannot write; `message` is French, for the user or the log. */
export class CdarError extends Error {
  constructor(
    readonly code: CdarErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'CdarError'
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/**
 * An ISO instant → the "204" format CCYYMMDDHHMMSS, in UTC (the format carries no zone; UTC keeps two platforms'
 * clocks comparable).
 */
export function instant204(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) throw new CdarError('UNBUILDABLE', `Date-heure invalide : « ${iso} ».`)
  const day = `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`
  return `${day}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
}

/** YYYY-MM-DD → the "102" format CCYYMMDD. */
export function date102(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new CdarError('UNBUILDABLE', `Date invalide : « ${day} ».`)
  return day.replace(/-/g, '')
}

/**
 * A CDAR date-time as another platform may write it → an ISO instant: formats 102 (a day, taken at midnight UTC),
 * 203 (CCYYMMDDHHMM), 204 (CCYYMMDDHHMMSS), 205 (CCYYMMDDHHMMSS±HHMM), or an XML dateTime (udt:DateTime). Times
 * without a zone are read as UTC. Null when it is none of these.
 */
export function parseCdarDateTime(value: string, format?: string | null): string | null {
  const v = value.trim()
  const digits = v.match(/^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(?:([+-]\d{2}):?(\d{2})|Z)?$/)
  if (digits && (format === undefined || format === null || ['102', '203', '204', '205'].includes(format))) {
    const [, y, mo, d, h = '00', mi = '00', s = '00', zh, zm] = digits
    const zone = zh ? `${zh}:${zm}` : 'Z'
    const daysInMonth = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate()
    if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > daysInMonth) return null
    const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`)
    return Number.isNaN(date.getTime()) ? null : date.toISOString()
  }
  const iso = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) || !v.includes('T') ? v : `${v}Z`)
  return /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(iso.getTime()) ? iso.toISOString() : null
}
