import type { MeDto } from '@app/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { meQueryKey } from '../../app/session'
import { ApiError } from '../../lib/api'
import { legalInfoRedirect } from './legalInfo'

/**
 * A document action refused with 409 LEGAL_INFO_REQUIRED (issuing a quote or an invoice without the legal
 * information): the owner is sent to the legal-info page, which comes back here once complete; anyone else to the
 * need-legal-infos screen. The signed-in user is read from the cache the guards filled, without a request.
 */
export function useLegalInfoRequired() {
  const client = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  return (error: unknown) => {
    if (!(error instanceof ApiError) || error.body.code !== 'LEGAL_INFO_REQUIRED') return
    const me = client.getQueryData<MeDto | null>(meQueryKey)
    // Unknown (no cached user): the need-legal-infos screen sends an owner on to the legal-info page itself.
    const isOwner = me?.currentOrganization?.isOwner ?? false
    navigate(legalInfoRedirect(isOwner, `${location.pathname}${location.search}`))
  }
}
