import Bowser from 'bowser'

export type Device = { device: string | null; browser: string | null; os: string | null; platform: string | null }

/**
 * "Chrome sur macOS", from the user agent alone (no client hints, no fingerprinting). Bowser knows the browsers' and
 * systems' names; a user agent it cannot read (a script, curl) keeps its raw product name, cut short.
 */
export function deviceOf(userAgent: string | null): Device {
  if (!userAgent?.trim()) return { device: null, browser: null, os: null, platform: null }
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name || null
  const os = parsed.os.name || null
  const platform = parsed.platform.type || null
  const device =
    browser && os ? `${browser} sur ${os}` : (browser ?? os ?? (userAgent.split(/[\s/;(]/)[0]?.slice(0, 40) || null))
  return { device, browser, os, platform }
}
