import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useFakeBankProviders } from '../bank-providers/index'
import { asObject, isObject, type Schema } from '../fuzz/arbitraries'
import type { FuzzDocument } from '../fuzz/checker'
import { operationsOf } from '../fuzz/requests'
import { newWorld, type World } from '../fuzz/world'
import { json, useTestContext } from '../helpers'
import { baseBodies, longText, maxLengthOf, type Path, pathName, type Slot, setAt, slotsOf } from './walk'

/**
 * Issue 31, the API side of "nothing typed is lost in silence": every JSON body of the served document, each of its
 * texts, amounts and dates replaced in turn by what no column holds (10 000 characters, 99 999 999 999 999 €,
 * 31 February), and an unknown key added to each of its objects. Every such request is refused with a 4xx that names
 * the field in French, and the organisation's tables are exactly as before: nothing cut, nothing saved half.
 */

// The world (fuzz/world.ts) connects a bank through the local stand-in of Bridge: its connection's routes are walked too.
const banks = useFakeBankProviders()
const ctx = useTestContext({ config: banks.config })

/** Not walked, each with its reason. */
const LEFT_OUT: Record<string, string> = {
  'POST /webhooks/stripe':
    'Stripe’s own events, read again from Stripe: not typed by anyone, its extra keys are Stripe’s',
  'POST /webhooks/e-invoicing/{organizationId}':
    'the PA’s own Flow events, signed (a body without the signature is refused before it is read) and read again from the PA',
}

/** zod's own French texts (its locale): a field refused with one of them was refused without the domain's message. */
const ZOD_DEFAULT =
  /^(Entrée invalide|Option invalide|Trop (grand|petit) :|Chaîne de caractères invalide|Nombre invalide|Clés? non reconnues?|Clé invalide|Valeur invalide)/

/** A refusal that says what the text must look like (its format), which a text of 10 000 characters is not. */
const FORMAT =
  /(format|n'est pas valide|ne correspond pas|commence par|contient|Exemple|des chiffres|SIREN|#RRGGBB|Ce champ est rempli)/

/** The document tells the truth: an object that refuses unknown keys says so. */
const closedInDocument = (schema: Schema, root: unknown): boolean => {
  const resolved = asObject(schema, root)
  const branches = ((resolved.anyOf ?? resolved.oneOf) as Schema[] | undefined) ?? []
  if (branches.length > 0)
    return branches.every((branch) => !isObject(asObject(branch, root).properties) || closedInDocument(branch, root))
  return resolved.additionalProperties === false
}

type Case = { slot: Slot; path: Path; value: unknown; body: unknown; what: string }

function casesOf(bodies: unknown[], operationBody: unknown, document: unknown): Case[] {
  const seen = new Map<string, { slot: Slot; body: unknown }>()
  for (const body of bodies)
    for (const slot of slotsOf(body, operationBody as never, document))
      if (!seen.has(`${slot.kind} ${pathName(slot.path)}`))
        seen.set(`${slot.kind} ${pathName(slot.path)}`, { slot, body })
  const cases: Case[] = []
  for (const { slot, body } of seen.values()) {
    const replace = (value: unknown, what: string) =>
      cases.push({ slot, path: slot.path, value, body: setAt(body, slot.path, value), what })
    if (slot.kind === 'object') {
      const path = [...slot.path, 'champInconnu']
      cases.push({ slot, path, value: 'x', body: setAt(body, path, 'x'), what: 'an unknown key' })
      continue
    }
    replace(longText(slot.schema, document), 'a text too long')
    if (slot.kind === 'amount') replace('99999999999999', 'an amount out of bounds')
    if (slot.kind === 'date') replace('2026-02-31', 'an impossible date')
  }
  return cases
}

/** The URL of an operation with real ids of the run's organisation (the body is checked before anything else). */
function urlOf(key: string, world: World): string {
  const path = key.slice(key.indexOf(' ') + 1)
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const segments = path.split('/')
    const resource = segments[segments.indexOf(`{${name}}`) - 1] ?? ''
    const known = world.pools.strings[name]?.[0]
    return String(known ?? world.pools.byResource[resource]?.[0] ?? world.pools.ids[0])
  })
}

/** Every row of every table an organisation or a person writes to, as one hash per table. */
async function fingerprint(): Promise<Map<string, string>> {
  const db = ctx.database.db
  const tables = (
    await db.execute<{ table_name: string }>(sql`
      select distinct c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.column_name in ('organization_id', 'user_id') or c.table_name in ('users', 'organizations'))
      order by 1`)
  ).rows.map((row) => row.table_name)
  const union = tables
    .map(
      (table) =>
        `select '${table}' as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as hash from "${table}" x`,
    )
    .join(' union all ')
  const rows = (await db.execute<{ name: string; hash: string }>(sql.raw(union))).rows
  return new Map(rows.map((row) => [row.name, row.hash]))
}

/** Tables that change without anything being saved: a session seen again, a rate-limit window. */
const MOVING = new Set(['sessions', 'rate_limits', 'api_tokens'])

describe('every body of the API refuses what it cannot hold', () => {
  it('answers a 4xx naming the field in French for a long text, a huge amount, an impossible date or an unknown key, and saves nothing', async () => {
    const document = json<FuzzDocument>(await ctx.app.inject({ url: '/api/v1/openapi.json' }))
    let started = Date.now()
    const world = await newWorld(ctx.app, document)
    console.log(`limits: world in ${Date.now() - started} ms`)
    started = Date.now()
    const operations = operationsOf(document).filter(
      (operation) =>
        ['POST', 'PUT', 'PATCH'].includes(operation.method) && operation.body !== undefined && !LEFT_OUT[operation.key],
    )
    expect(operations.length).toBeGreaterThan(60)
    const failures: string[] = []
    let sent = 0
    for (const [index, operation] of operations.entries()) {
      const bodies = baseBodies(operation, document, world.pools, 31_000 + index)
      const url = urlOf(operation.key, world)
      const before = await fingerprint()
      for (const { path, body, what, slot } of casesOf(bodies, operation.body, document)) {
        const response = await world.client.request(operation.method, url, body as Record<string, unknown>)
        sent++
        const field = pathName(path)
        const at = `${operation.key} ${field || '(body)'} (${what})`
        if (response.statusCode < 400 || response.statusCode >= 500) {
          failures.push(`${at}: answered ${response.statusCode}`)
          continue
        }
        if (what === 'an unknown key' && !closedInDocument(slot.schema, document))
          failures.push(`${at}: the document does not say additionalProperties: false`)
        const answer = json<{ message?: string; errors?: Record<string, string[]> }>(response)
        const messages = answer.errors?.[field] ?? []
        if (messages.length === 0) {
          failures.push(`${at}: ${response.statusCode} without a message on the field: ${response.body.slice(0, 300)}`)
          continue
        }
        for (const message of messages)
          if (ZOD_DEFAULT.test(message)) failures.push(`${at}: zod's own text « ${message} »`)
        const said = messages.join(' | ')
        if (what === 'an unknown key' && !messages.includes('Champ inconnu : champInconnu'))
          failures.push(`${at}: « ${said} » does not name the key`)
        if (what === 'an amount out of bounds' && !said.includes('99 999 999,999999'))
          failures.push(`${at}: « ${said} » does not say the limit`)
        // A free text says its maximum; a text of a format (an e-mail, a colour, a code) may say the format instead.
        const max = maxLengthOf(slot.schema, document)
        if (what === 'a text too long' && max !== undefined && !said.includes(String(max)) && !FORMAT.test(said))
          failures.push(`${at}: « ${said} » does not say the maximum (${max})`)
      }
      const after = await fingerprint()
      for (const [table, hash] of after)
        if (!MOVING.has(table) && before.get(table) !== hash)
          failures.push(`${operation.key}: table ${table} changed while every request was refused`)
    }
    console.log(`limits: ${operations.length} operations, ${sent} refused requests in ${Date.now() - started} ms`)
    expect(failures).toEqual([])
  }, 180_000)
})
