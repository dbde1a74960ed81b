import type { MeDto } from '@app/domain'

/**
 * A ?redirect= value is only followed when it is a path of this app: "/app/…", never "//evil.example" or
 * "https://…", so a crafted link cannot send a freshly signed-in user to another site.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}

/** Invitations can be accepted without an organisation of one's own: accepting one makes it the current one. */
const worksWithoutOrganization = (path: string) => path.startsWith('/auth/invitation')

/** `?redirect=…` to append to a link, or '' when there is none. */
export const redirectQuery = (redirect: string | null) => (redirect ? `?redirect=${encodeURIComponent(redirect)}` : '')

/**
 * Where a signed-in user goes after logging in, signing up or resetting their password. The guards use the same
 * function, so an explicit navigation and a guard's redirect always agree.
 */
export function afterSignInPath(me: Pick<MeDto, 'id' | 'currentOrganizationId'>, redirect: string | null): string {
  if (me.currentOrganizationId === null) {
    if (redirect && worksWithoutOrganization(redirect)) return redirect
    return `/auth/register/${me.id}${redirectQuery(redirect)}`
  }
  return redirect ?? '/app'
}
