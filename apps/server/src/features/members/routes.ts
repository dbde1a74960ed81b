import { idParam, invitationAcceptSchema, invitationCreateSchema, memberUpdateSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUserId } from '../../lib/auth-context'
import type { AccountService } from '../account/service'
import type { TenantResolver } from '../account/tenant'
import type { MemberService } from './service'

type Deps = { members: MemberService; account: AccountService; tenant: TenantResolver }

export function registerMemberRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Membres et invitations']
  const { members } = deps

  api.get('/roles', { schema: { tags } }, async (request) => {
    requireUserId(request)
    return { data: await members.listRoles() }
  })

  api.get('/organization/members', { schema: { tags } }, async (request) => ({
    data: await members.listMembers(await deps.tenant(request)),
  }))

  api.patch(
    '/organization/members/:id',
    { schema: { tags, params: idParam, body: memberUpdateSchema } },
    async (request) => ({
      data: await members.changeRole(await deps.tenant(request), request.params.id, request.body.roleId),
    }),
  )

  api.delete('/organization/members/:id', { schema: { tags, params: idParam } }, async (request, reply) => {
    await members.removeMember(await deps.tenant(request), request.params.id)
    return reply.code(204).send()
  })

  api.get('/organization/invitations', { schema: { tags } }, async (request) => ({
    data: await members.listInvitations(await deps.tenant(request)),
  }))

  api.post('/organization/invitations', { schema: { tags, body: invitationCreateSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await members.invite(await deps.tenant(request), request.body) }),
  )

  api.delete('/organization/invitations/:id', { schema: { tags, params: idParam } }, async (request, reply) => {
    await members.deleteInvitation(await deps.tenant(request), request.params.id)
    return reply.code(204).send()
  })

  /** Public: what the invitee sees before signing in or up. */
  api.get(
    '/invitations/:token',
    { schema: { tags, params: z.object({ token: z.string().min(1).max(200) }) } },
    async (request) => {
      const invitation = await members.findInvitation(request.params.token)
      return {
        data: {
          organizationName: invitation.organizationName,
          email: invitation.email,
          role: { id: invitation.roleId, label: invitation.roleLabel },
          invitedBy: invitation.invitedBy,
        },
      }
    },
  )

  api.post('/invitations/accept', { schema: { tags, body: invitationAcceptSchema } }, async (request) => {
    const userId = requireUserId(request)
    await members.accept(userId, request.body.token)
    return { data: await deps.account.me(userId) }
  })
}
