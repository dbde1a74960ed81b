import { messages, TAX_REGIME_IDS } from '@app/domain'
import { safeRedirect } from '../../app/redirect'
import type { OrganizationValues } from './organizationForm'

export const LEGAL_INFO_PATH = '/app/start/legal-infos'
export const NEED_LEGAL_INFO_PATH = '/app/oups/need-legal-infos'
/** Where the legal-info page goes once complete when no callback says otherwise (spec/account.md "Owner screens"). */
export const LEGAL_INFO_DONE_PATH = '/app/sales/quotes'

/** A `callback` is only followed when it is a page of the app (/app…): never another site, never the auth pages. */
export function legalInfoCallback(value: string | null | undefined): string | null {
  const path = safeRedirect(value)
  return path && (path === '/app' || path.startsWith('/app/') || path.startsWith('/app?')) ? path : null
}

const withCallback = (path: string, callback: string | null) =>
  callback ? `${path}?callback=${encodeURIComponent(callback)}` : path

/** The owner's page, coming back to `callback` once the information is complete. */
export const legalInfoPath = (callback: string | null) => withCallback(LEGAL_INFO_PATH, legalInfoCallback(callback))

/** Where a 409 LEGAL_INFO_REQUIRED sends someone: the owner completes it, anyone else asks the owner. */
export const legalInfoRedirect = (isOwner: boolean, currentPath: string) =>
  isOwner ? legalInfoPath(currentPath) : withCallback(NEED_LEGAL_INFO_PATH, legalInfoCallback(currentPath))

/**
 * What this page asks beyond the settings form (spec/account.md §5, onboarding variant): the SIREN, the address (the
 * form always sends it here) and, for an organisation that charges VAT, its VAT number — what the server's
 * LEGAL_INFO_REQUIRED asks for.
 */
export function legalInfoErrors(values: OrganizationValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (values.registrySiren.replace(/\s+/g, '') === '') errors.registrySiren = messages.validation.sirenInvalid
  if (values.taxRegimeId !== String(TAX_REGIME_IDS.FREE) && values.registryIntra.trim() === '')
    errors.registryIntra = messages.validation.required
  return errors
}

export type LegalInfoTab = 'legal' | 'address' | 'contact'

/** The tab that holds a field, so that a refused submit shows the first one in error. */
export function tabOfField(field: string): LegalInfoTab {
  if (field.startsWith('address')) return 'address'
  if (field === 'url' || field === 'email' || field === 'phone') return 'contact'
  return 'legal'
}
