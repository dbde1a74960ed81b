import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** A webhook older than this is refused: a captured call cannot be played later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60
/** A call dated ahead is refused beyond this: the PA's clock and ours may differ by a few seconds, not more. */
export const WEBHOOK_CLOCK_SKEW_SECONDS = 30

export type SignatureCheck = { ok: true; sentAt: number } | { ok: false; reason: 'signature' | 'timestamp' }

/**
 * The keys the signature may have been made with. XP Z12-013 types the signing key as `format: byte` (base64), so the
 * PA most likely HMACs with the decoded bytes; some implementations use the string as given. Both are tried.
 */
function keysOf(key: string): Buffer[] {
  const keys = [Buffer.from(key, 'utf8')]
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(key)) {
    const decoded = Buffer.from(key.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (decoded.length >= 16) keys.push(decoded)
  }
  return keys
}

/**
 * The signatures a PA may send for this body and timestamp. The createWebhook description of XP Z12-013 v1.3.0 says: a
 * SHA-256 fingerprint of `payload@epochSeconds`, then "a HMAC signature computed over the fingerprint", base64. It
 * leaves open whether the HMAC takes the fingerprint as hex text, as its raw 32 bytes, or whether "fingerprint" means
 * the concatenation itself (HMAC-SHA256 of `payload@epochSeconds`); PAs differ, so the three are accepted.
 */
function expectedSignatures(payload: string, timestamp: string, key: string): Buffer[] {
  const signed = `${payload}@${timestamp}`
  const digest = createHash('sha256').update(signed, 'utf8').digest()
  const messages = [Buffer.from(digest.toString('hex'), 'utf8'), digest, Buffer.from(signed, 'utf8')]
  return keysOf(key).flatMap((k) => messages.map((message) => createHmac('sha256', k).update(message).digest()))
}

/** The header's base64 (standard or URL-safe, padded or not) as bytes; null when it is not base64 at all. */
function decodeSignature(header: string): Buffer | null {
  const text = header.trim()
  if (!/^[A-Za-z0-9+/_-]{20,200}={0,2}$/.test(text)) return null
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
}

/**
 * Checks the Afnor-Signature and Afnor-Signature-Timestamp headers of a webhook call against the raw body, in
 * constant time for each candidate (every candidate is compared, so the time does not say which form matched).
 */
export function checkWebhookSignature(input: {
  payload: string
  signature: string | undefined
  timestamp: string | undefined
  key: string
  now: Date
}): SignatureCheck {
  const timestamp = input.timestamp?.trim() ?? ''
  // No timestamp at all is an unsigned call, not a late one.
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'signature' }
  const sentAt = Number(timestamp)
  const nowSeconds = Math.floor(input.now.getTime() / 1000)
  if (sentAt > nowSeconds + WEBHOOK_CLOCK_SKEW_SECONDS || nowSeconds - sentAt > WEBHOOK_TOLERANCE_SECONDS)
    return { ok: false, reason: 'timestamp' }
  const given = input.signature ? decodeSignature(input.signature) : null
  if (given?.length !== 32) return { ok: false, reason: 'signature' }
  let matched = false
  for (const expected of expectedSignatures(input.payload, timestamp, input.key))
    if (timingSafeEqual(expected, given)) matched = true
  return matched ? { ok: true, sentAt } : { ok: false, reason: 'signature' }
}

/** How a PA signs (the most literal reading: HMAC over the hex fingerprint, with the decoded key); for the tests. */
export function signWebhook(payload: string, timestamp: number, key: string): string {
  const digest = createHash('sha256').update(`${payload}@${timestamp}`, 'utf8').digest('hex')
  const keys = keysOf(key)
  return createHmac('sha256', keys[keys.length - 1] as Buffer)
    .update(digest)
    .digest('base64')
}
