import { describe, expect, it } from 'vitest'
import {
  Client,
  json,
  PASSWORD,
  signUp,
  signUpWithOrganization,
  uniqueEmail,
  useTestContext,
} from '../../../../test/helpers'

const ctx = useTestContext()

const roleId = async (client: Client, code: string) => {
  const roles = json(await client.get('/roles')).data as { id: number; code: string }[]
  const role = roles.find((r) => r.code === code)
  if (!role) throw new Error(`no role ${code}`)
  return role.id
}

const tokenFrom = (text: string | undefined) => /token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? ''

/** An owner and a collaborator who joined through an invitation. */
async function teamOfTwo() {
  const owner = await signUpWithOrganization(ctx.app)
  const collaboratorEmail = uniqueEmail('collab')
  const invite = await owner.client.post('/organization/invitations', {
    email: collaboratorEmail,
    roleId: await roleId(owner.client, 'collaborator'),
  })
  expect(invite.statusCode).toBe(201)
  const token = tokenFrom((await ctx.smtp.waitFor(collaboratorEmail)).text)
  const collaborator = await signUp(ctx.app, { email: collaboratorEmail })
  const accepted = await collaborator.client.post('/invitations/accept', { token })
  expect(accepted.statusCode).toBe(200)
  return { owner, collaborator }
}

describe('invitations', () => {
  it('e-mails a link; the invitee signs up, accepts and lands in the organisation with the role', async () => {
    const { owner, collaborator } = await teamOfTwo()
    const me = json(await collaborator.client.get('/me')).data
    expect(me.currentOrganizationId).toBe(owner.organization.id)
    expect(me.currentOrganization.currentUserRole.code).toBe('collaborator')
    expect(me.currentOrganization.isOwner).toBe(false)
    const members = json(await owner.client.get('/organization/members')).data
    expect(members).toHaveLength(2)
    expect(json(await owner.client.get('/organization/invitations')).data).toEqual([])
  })

  it('shows the invitation publicly by its token, and refuses it to another signed-in address', async () => {
    const owner = await signUpWithOrganization(ctx.app, { organizationName: 'Agence Nord' })
    const email = uniqueEmail('invitee')
    await owner.client.post('/organization/invitations', { email, roleId: await roleId(owner.client, 'accountant') })
    const token = tokenFrom((await ctx.smtp.waitFor(email)).text)
    const preview = await new Client(ctx.app).get(`/invitations/${token}`)
    expect(json(preview).data).toMatchObject({ organizationName: 'Agence Nord', email })
    const stranger = await signUp(ctx.app)
    const response = await stranger.client.post('/invitations/accept', { token })
    expect(response.statusCode).toBe(403)
    expect((await new Client(ctx.app).get('/invitations/nimporte-quoi')).statusCode).toBe(404)
  })

  it('an existing user signs in and accepts', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const existing = await signUpWithOrganization(ctx.app)
    await owner.client.post('/organization/invitations', {
      email: existing.email,
      roleId: await roleId(owner.client, 'admin'),
    })
    const token = tokenFrom((await ctx.smtp.waitFor(existing.email)).text)
    const client = new Client(ctx.app)
    await client.post('/auth/login', { username: existing.email, password: PASSWORD })
    const accepted = json(await client.post('/invitations/accept', { token })).data
    expect(accepted.organizations).toHaveLength(2)
    expect(accepted.currentOrganizationId).toBe(owner.organization.id)
  })

  it('lists pending invitations and deletes one', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const created = json(
      await owner.client.post('/organization/invitations', {
        email: uniqueEmail(),
        roleId: await roleId(owner.client, 'collaborator'),
      }),
    ).data
    expect(json(await owner.client.get('/organization/invitations')).data).toHaveLength(1)
    expect((await owner.client.delete(`/organization/invitations/${created.id}`)).statusCode).toBe(204)
    expect(json(await owner.client.get('/organization/invitations')).data).toEqual([])
    expect((await owner.client.delete(`/organization/invitations/${created.id}`)).statusCode).toBe(404)
  })

  it('refuses the role "0" and an e-mail of a current member', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const noRole = await owner.client.post('/organization/invitations', { email: uniqueEmail(), roleId: '0' })
    expect(noRole.statusCode).toBe(422)
    expect(json(noRole).errors.roleId).toEqual(['Ce champ est obligatoire'])
    const self = await owner.client.post('/organization/invitations', {
      email: owner.email,
      roleId: await roleId(owner.client, 'collaborator'),
    })
    expect(self.statusCode).toBe(422)
    expect(json(self).errors.email).toBeDefined()
  })
})

describe('members', () => {
  it("changes a member's role", async () => {
    const { owner, collaborator } = await teamOfTwo()
    const response = await owner.client.patch(`/organization/members/${collaborator.id}`, {
      roleId: await roleId(owner.client, 'admin'),
    })
    expect(response.statusCode).toBe(200)
    expect(json(response).data.role.code).toBe('admin')
  })

  it('keeps the role when the PATCH body leaves it out; lists page like every list', async () => {
    const { owner, collaborator } = await teamOfTwo()
    const response = await owner.client.patch(`/organization/members/${collaborator.id}`, {})
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data.role.code).toBe('collaborator')
    const listed = json(await owner.client.get('/organization/members?page=2&pageSize=1'))
    expect(listed.meta).toEqual({ total: 2, page: 2, pageSize: 1 })
    expect(listed.data).toHaveLength(1)
    expect(json(await owner.client.get('/roles')).meta.total).toBeGreaterThan(1)
    expect(json(await owner.client.get('/organization/invitations')).meta).toEqual({
      total: 0,
      page: 1,
      pageSize: 1000,
    })
    expect((await owner.client.get('/organization/members?pageSize=5000')).statusCode).toBe(400)
  })

  it('answers 422 on roleId, never 500, for a role id out of range or unknown', async () => {
    const { owner, collaborator } = await teamOfTwo()
    for (const roleId of [2 ** 40, 999_999]) {
      const patched = await owner.client.patch(`/organization/members/${collaborator.id}`, { roleId })
      expect(patched.statusCode, `${roleId}`).toBe(422)
      expect(Object.keys(json(patched).errors)).toEqual(['roleId'])
      const invited = await owner.client.post('/organization/invitations', { email: uniqueEmail(), roleId })
      expect(invited.statusCode, `${roleId}`).toBe(422)
      expect(Object.keys(json(invited).errors)).toEqual(['roleId'])
    }
  })

  it('removes a member, who then no longer sees the organisation', async () => {
    const { owner, collaborator } = await teamOfTwo()
    expect((await owner.client.delete(`/organization/members/${collaborator.id}`)).statusCode).toBe(204)
    const me = json(await collaborator.client.get('/me')).data
    expect(me.currentOrganizationId).toBeNull()
    expect((await collaborator.client.get('/organization')).statusCode).toBe(404)
  })

  it('refuses to remove the only member', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const response = await owner.client.delete(`/organization/members/${owner.id}`)
    expect(response.statusCode).toBe(409)
    expect(json(response).message).toBe("Impossible de retirer le seul membre de l'entreprise.")
  })

  it('refuses to demote the last owner', async () => {
    const { owner } = await teamOfTwo()
    const response = await owner.client.patch(`/organization/members/${owner.id}`, {
      roleId: await roleId(owner.client, 'collaborator'),
    })
    expect(response.statusCode).toBe(409)
  })

  it('keeps owner-only settings away from a collaborator', async () => {
    const { owner, collaborator } = await teamOfTwo()
    const collaboratorRole = await roleId(owner.client, 'collaborator')
    const calls = [
      collaborator.client.patch('/organization', {
        name: 'Piraté',
        legalFormId: 1,
        sectorId: 1,
        taxRegimeId: 1,
        taxAreaId: 1,
      }),
      collaborator.client.post('/organization/invitations', { email: uniqueEmail(), roleId: collaboratorRole }),
      collaborator.client.patch(`/organization/members/${owner.id}`, { roleId: collaboratorRole }),
      collaborator.client.delete(`/organization/members/${owner.id}`),
    ]
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403)
    expect(json(await collaborator.client.get('/organization')).data.name).toBe(owner.organization.name)
  })
})

describe('tenancy', () => {
  it("answers 404 for another organisation's member and invitation", async () => {
    const alice = await teamOfTwo()
    const bob = await signUpWithOrganization(ctx.app)
    const invitation = json(
      await alice.owner.client.post('/organization/invitations', {
        email: uniqueEmail(),
        roleId: await roleId(alice.owner.client, 'collaborator'),
      }),
    ).data
    const collaboratorRole = await roleId(bob.client, 'collaborator')
    expect(
      (await bob.client.patch(`/organization/members/${alice.collaborator.id}`, { roleId: collaboratorRole }))
        .statusCode,
    ).toBe(404)
    expect((await bob.client.delete(`/organization/members/${alice.collaborator.id}`)).statusCode).toBe(404)
    expect((await bob.client.delete(`/organization/invitations/${invitation.id}`)).statusCode).toBe(404)
    expect(json(await bob.client.get('/organization/members')).data).toHaveLength(1)
    expect(json(await alice.owner.client.get('/organization/invitations')).data).toHaveLength(1)
  })
})

describe('plan gates', () => {
  it('refuses a collaborator beyond the free formula once the trial is over', async () => {
    const start = new Date('2026-01-10T10:00:00Z')
    ctx.setNow(() => start)
    const { email } = await signUpWithOrganization(ctx.app)
    ctx.setNow(() => new Date('2026-05-01T10:00:00Z'))
    const owner = new Client(ctx.app)
    await owner.post('/auth/login', { username: email, password: PASSWORD })
    const response = await owner.post('/organization/invitations', {
      email: uniqueEmail(),
      roleId: await roleId(owner, 'collaborator'),
    })
    expect(response.statusCode).toBe(403)
    expect(json(response).code).toBe('PLAN_LIMIT')
    ctx.setNow(() => new Date())
  })
})
