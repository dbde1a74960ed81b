import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30
/** One step either side: a phone's clock a little off, or a code typed as it changes, still passes. */
const WINDOW = 1
const ISSUER = 'Carnet'

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })

/** A new seed of 160 bits (RFC 4226's recommended length), in base 32 as the apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

export async function enrolmentOf(secretBase32: string, label: string) {
  const otpauthUrl = totpOf(secretBase32, label).toString()
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return {
    secret: secretBase32,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  }
}

/**
 * The time step the code belongs to, within the window around `now`; null when it matches none. The caller
 * refuses a step already used (a code never serves twice).
 */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpOf(secretBase32, ISSUER)
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW })
  if (delta === null) return null
  return totp.counter({ timestamp: now.getTime() }) + delta
}
