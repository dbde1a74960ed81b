import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../test/helpers'
import { contacts } from './schema/index'
import { APP_ROLE, actInOrganization, withRequestScope } from './tenant-scope'

const ctx = useTestContext()

/** Two organisations with a customer each, made through the API. */
async function twoOrganizations() {
  const made = []
  for (const name of ['Atelier Nord', 'Atelier Sud']) {
    const user = await signUpWithOrganization(ctx.app, { organizationName: name })
    const response = await user.client.post('/contacts?relation=customer', { contactTypeId: 2, name: `Client ${name}` })
    expect(response.statusCode, response.body).toBe(201)
    made.push({ ...user, contactId: json(response).data.id as number })
  }
  return made as [(typeof made)[0], (typeof made)[0]]
}

/** What a request does once its tenant is known (features/account/account/tenant.ts). */
const asRequestOf = <T>(organizationId: number, work: () => Promise<T>) =>
  withRequestScope(async () => {
    actInOrganization(organizationId)
    return work()
  })

const sqlState = async (work: Promise<unknown>) => {
  const error = (await work.then(
    () => null,
    (failure: { cause?: { code?: string }; code?: string }) => failure,
  )) as { cause?: { code?: string }; code?: string } | null
  return error?.cause?.code ?? error?.code ?? null
}

describe('row-level security: an organisation sees its rows only, whatever the query says', () => {
  it('returns no other organisation’s row to a query that forgot its WHERE organization_id, alone or in a transaction', async () => {
    const [north, south] = await twoOrganizations()
    const { db } = ctx.database
    // The repo query with its organisation filter removed on purpose.
    const unscoped = (handle: Pick<typeof db, 'select'>) =>
      handle.select({ id: contacts.id, organizationId: contacts.organizationId }).from(contacts)

    const alone = await asRequestOf(north.organization.id, () => unscoped(db))
    expect(alone.map((row) => row.id)).toContain(north.contactId)
    expect(alone.every((row) => row.organizationId === north.organization.id)).toBe(true)

    const inTransaction = await asRequestOf(south.organization.id, () => db.transaction((tx) => unscoped(tx)))
    expect(inTransaction.map((row) => row.id)).toContain(south.contactId)
    expect(inTransaction.every((row) => row.organizationId === south.organization.id)).toBe(true)

    // Out of any organisation (migrations, jobs) the connection's own role sees both.
    const everything = (await unscoped(db)).map((row) => row.id)
    expect(everything).toEqual(expect.arrayContaining([north.contactId, south.contactId]))
  })

  it('changes nothing of another organisation and refuses to write a row in its name', async () => {
    const [north, south] = await twoOrganizations()
    const { db } = ctx.database
    const changed = await asRequestOf(north.organization.id, () =>
      db
        .update(contacts)
        .set({ name: 'Piraté' })
        .where(eq(contacts.id, south.contactId))
        .returning({ id: contacts.id }),
    )
    expect(changed).toEqual([])
    const deleted = await asRequestOf(north.organization.id, () =>
      db.delete(contacts).where(eq(contacts.id, south.contactId)).returning({ id: contacts.id }),
    )
    expect(deleted).toEqual([])
    const [kept] = await db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, south.contactId))
    expect(kept?.name).toBe('Client Atelier Sud')

    const smuggled = asRequestOf(north.organization.id, () =>
      db.execute(
        sql`insert into contacts (organization_id, contact_type_id, name) values (${south.organization.id}, 2, 'Intrus')`,
      ),
    )
    expect(await sqlState(smuggled)).toBe('42501')
    const southNames = await db
      .select({ name: contacts.name })
      .from(contacts)
      .where(eq(contacts.organizationId, south.organization.id))
    expect(southNames.map((row) => row.name)).toEqual(['Client Atelier Sud'])
  })

  it('runs a request’s queries as a role with neither BYPASSRLS nor ownership, its organisation set', async () => {
    const [north] = await twoOrganizations()
    const { db } = ctx.database
    const [who] = (
      await asRequestOf(north.organization.id, () =>
        db.execute<{ role: string; organization: string; bypass: boolean; superuser: boolean }>(sql`
          select current_user as role, current_setting('carnet.organization_id') as organization,
            r.rolbypassrls as bypass, r.rolsuper as superuser
          from pg_roles r where r.rolname = current_user`),
      )
    ).rows
    expect(who).toEqual({
      role: APP_ROLE,
      organization: String(north.organization.id),
      bypass: false,
      superuser: false,
    })
  })

  it('scopes what an API request writes: a row made by POST /contacts was written as carnet_app in its organisation', async () => {
    const { db } = ctx.database
    // A probe that refuses any contact written by another role or for another organisation than the one set.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('citus.enable_unsafe_triggers', 'on', true)`)
      await tx.execute(
        sql.raw(`
        create or replace function probe_contact_scope() returns trigger language plpgsql as $$
        begin
          if current_user <> '${APP_ROLE}'
            or new.organization_id is distinct from nullif(current_setting('carnet.organization_id', true), '')::integer then
            raise exception 'contact written out of its organisation''s scope';
          end if;
          return new;
        end $$`),
      )
      await tx.execute(sql`create trigger probe_contact_scope before insert on contacts
        for each row execute function probe_contact_scope()`)
    })
    try {
      const [north] = await twoOrganizations()
      const listed = json(await north.client.get('/contacts?filter[relation]=customer')).data as { id: number }[]
      expect(listed.map((row) => row.id)).toEqual([north.contactId])
      const outOfScope = db.execute(
        sql`insert into contacts (organization_id, contact_type_id, name) values (${north.organization.id}, 2, 'Hors champ')`,
      )
      expect(await sqlState(outOfScope)).toBe('P0001')
    } finally {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('citus.enable_unsafe_triggers', 'on', true)`)
        await tx.execute(sql`drop trigger probe_contact_scope on contacts`)
      })
    }
  })
})
