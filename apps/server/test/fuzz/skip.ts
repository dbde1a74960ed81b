/**
 * What the fuzzer leaves alone, in one place, each with its reason. Everything else in the served OpenAPI document is
 * fuzzed, so a new route is covered the day it is added. Keep this list short: a route belongs here only when fuzzing
 * it would end the run itself, never because it fails.
 *
 * Decided and not listed:
 * - GET /companies/{siret} is fuzzed against a local stand-in of the company directory (fuzz.test.ts), never the
 *   real one: the run sends traffic to 127.0.0.1 only.
 * - POST /auth/login is fuzzed: its limits count per address and window in this file's own database, the run never
 *   signs in through it, and a 429 is an answer the document must declare.
 * - POST /auth/register and /auth/register/organization, POST /organizations are fuzzed: they create users and
 *   organisations in this file's database; the run switches back to its own organisation after each operation.
 * - POST /me/current-organization is fuzzed: the run's user belongs to its organisations only, and the run switches
 *   back after each operation.
 * - POST /me/close/code is fuzzed: it only e-mails a code (to the in-process SMTP server); the step that uses the
 *   code is skipped below.
 */

export type Identity = 'session' | 'token'

export type Skip = {
  /** `METHOD /path` as in the document, without the `/api/v1` prefix. */
  operation: string
  /** Only with these identities; every identity when absent. */
  identities?: Identity[]
  reason: string
}

export const SKIPPED: readonly Skip[] = [
  {
    operation: 'POST /auth/logout',
    identities: ['session'],
    reason: 'closes the session the run is signed in with (with a token there is no session to close: fuzzed)',
  },
  {
    operation: 'DELETE /me/sessions/{id}',
    identities: ['session'],
    reason: 'may end the session the run is signed in with, when a generated id is its own (a token ends none: fuzzed)',
  },
  {
    operation: 'POST /me/close',
    reason: 'closes the account the run is signed in with, its sessions and its tokens',
  },
  {
    operation: 'GET /notifications/stream',
    reason:
      'an event stream never ends: each request would wait for the timeout (tested in features/platform/notifications)',
  },
]

/**
 * Path ids an operation must never receive, by operation: the run's own objects whose loss would end the run.
 * The fuzzer filters them out of every generated path (whatever their spelling: 7, "7", "07", "7.0", "7e0").
 */
export const PROTECTED: Readonly<Record<string, { ids: (run: { tokenId: number }) => number[]; reason: string }>> = {
  'DELETE /me/tokens/{id}': {
    ids: (run) => [run.tokenId],
    reason: "the run's own API token: deleting it would end the token pass (a spare token is deleted instead)",
  },
}

export function skipOf(operation: string, identity: Identity): Skip | undefined {
  return SKIPPED.find(
    (skip) => skip.operation === operation && (!skip.identities || skip.identities.includes(identity)),
  )
}
