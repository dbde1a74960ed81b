import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The organisation the current work acts in (decision 0048). A request gets an empty scope when it arrives; once the
 * tenant is resolved, every query of the request runs in a transaction as the role `carnet_app` with
 * `carnet.organization_id` set, and the row-level security policies (db/security/row-level-security.sql) hide every
 * other organisation's rows, whatever the query forgot to say. Work with no organisation in scope (migrations, the
 * jobs, sign-in, public links by token, providers' webhooks) keeps the connection's own role.
 */
type Scope = { organizationId: number | null }

const scopes = new AsyncLocalStorage<Scope>()

/** The role organisation-scoped work runs as: no BYPASSRLS, not the tables' owner (the policies apply to it). */
export const APP_ROLE = 'carnet_app'

/** Runs a request (or anything that should be scoped later by `actInOrganization`) with a scope of its own. */
export function withRequestScope<T>(work: () => T): T {
  return scopes.run({ organizationId: null }, work)
}

/** From here to the end of the current request, queries see this organisation's rows only. */
export function actInOrganization(organizationId: number): void {
  const scope = scopes.getStore()
  if (scope) scope.organizationId = organizationId
}

/** Runs work in one organisation's scope, wherever it is called from (a notification fanned out to its streams). */
export function inOrganization<T>(organizationId: number, work: () => T): T {
  return scopes.run({ organizationId }, work)
}

/**
 * Work that spans organisations on purpose, called from a request: the process's one LISTEN, a membership list of
 * the caller across organisations. It runs with the connection's role.
 */
export function acrossOrganizations<T>(work: () => T): T {
  return scopes.exit(work)
}

export const scopedOrganization = (): number | null => scopes.getStore()?.organizationId ?? null

/**
 * Opens an organisation's transaction: after BEGIN, as one round trip. Citus passes SET LOCAL to the workers only
 * with `citus.propagate_set_commands` (elsewhere the setting is an inert placeholder). The id is an integer from the
 * server, never from the request text.
 */
export function scopeStatements(organizationId: number): string {
  if (!Number.isSafeInteger(organizationId)) throw new Error(`organisation id ${organizationId} is not an integer`)
  return [
    `set local citus.propagate_set_commands = 'local'`,
    `set local role ${APP_ROLE}`,
    `set local carnet.organization_id = '${organizationId}'`,
  ].join('; ')
}
