import { type CompanyDto, compactIdentifier, type ItemResponse, messages } from '@app/domain'
import { Loader } from '@mantine/core'
import { useRef, useState } from 'react'
import { ApiError, get } from '../lib/api'
import { toastWithTitle } from '../lib/toast'

/** The company lookup's toast lasts 3.5 s (spec/account.md §8). */
const COMPANY_FOUND_MS = 3500

/** The SIREN or SIRET typed, when it has the length of one (9 or 14 digits once spaces are removed). */
export function lookupKey(text: string): string | null {
  const compact = compactIdentifier(text)
  return /^(\d{9}|\d{14})$/.test(compact) ? compact : null
}

/**
 * The company lookup on leaving a SIREN/SIRET field (spec/sales.md §4, spec/account.md §4), for a customer or a
 * supplier as for the organisation itself: `GET /companies/{siret}` once per number typed. Found, `onFound` fills the
 * caller's form and a toast asks to check the official data; a non-disclosable company ("[ND]") fills nothing and says
 * why; a refusal or an outage gives the server's message to `onFailed`, for the field.
 */
export function useCompanyLookup({
  initial,
  onFound,
  onFailed,
}: {
  /** The number the form opens with (the saved one). */
  initial?: string | null
  onFound: (company: CompanyDto) => void
  onFailed: (message: string) => void
}) {
  const [lookingUp, setLookingUp] = useState(false)
  // The last number looked up, or the one the form opened with: leaving the field unchanged asks nothing again.
  const last = useRef<string | null>(initial ? compactIdentifier(initial) : null)

  async function lookup(text: string) {
    const key = lookupKey(text)
    if (!key || key === last.current) return
    last.current = key
    setLookingUp(true)
    try {
      const company = (await get<ItemResponse<CompanyDto>>(`/companies/${key}`)).data
      if (company.nonDisclosable) {
        toastWithTitle({
          title: messages.generic.errorShort,
          message: messages.contacts.companyNonDisclosable,
          color: 'red',
        })
        return
      }
      onFound(company)
      toastWithTitle({
        title: messages.contacts.companyFound,
        message: messages.contacts.companyVerify,
        autoClose: COMPANY_FOUND_MS,
      })
    } catch (error) {
      onFailed(error instanceof ApiError ? error.message : messages.generic.error)
    } finally {
      setLookingUp(false)
    }
  }

  return {
    lookup,
    lookingUp,
    /** The number the form shows as saved: it is not looked up again until it changes. */
    remember: (text: string | null | undefined) => {
      last.current = text ? compactIdentifier(text) : null
    },
    /** The field's right section while the directory answers. */
    rightSection: lookingUp ? <Loader size="xs" aria-label="Recherche de l'entreprise" /> : null,
  }
}
