import {
  dataOf,
  idParam,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationDtoSchema,
  invitationPreviewDtoSchema,
  listOf,
  meDtoSchema,
  memberDtoSchema,
  memberUpdateSchema,
  noContent,
  patchBodyOf,
  roleDtoSchema,
  searchedPageOfList,
  shortListQuerySchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUserId } from '../../../lib/auth-context'
import { errorResponses } from '../../../lib/contract'
import { mergePatch } from '../../../lib/patch'
import type { TenantResolver } from '../../../lib/tenant'
import type { AccountService } from '../account/service'
import type { MemberService } from './service'

type Deps = { members: MemberService; account: AccountService; tenant: TenantResolver }

/** A page of a short list held whole in memory (roles, members, invitations: a handful of rows), searched first. */
const pageOf = <T>(
  rows: T[],
  query: { page: number; pageSize: number; search?: string },
  textsOf: (row: T) => (string | null)[],
) => searchedPageOfList(rows, query, textsOf)

export function registerMemberRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Collaborateurs']
  const { members } = deps

  api.get(
    '/roles',
    {
      schema: {
        summary: "Liste les rôles qu'un membre peut avoir",
        tags,
        querystring: shortListQuerySchema,
        response: { 200: listOf(roleDtoSchema) },
      },
    },
    async (request) => {
      requireUserId(request)
      return pageOf(await members.listRoles(), request.query, (role) => [role.code, role.name, role.label])
    },
  )

  api.get(
    '/organization/members',
    {
      schema: {
        summary: "Liste les membres de l'entreprise",
        tags,
        querystring: shortListQuerySchema,
        response: { 200: listOf(memberDtoSchema) },
      },
    },
    async (request) =>
      pageOf(await members.listMembers(await deps.tenant(request)), request.query, (member) => [
        member.firstname,
        member.lastname,
        member.email,
        member.role.name,
      ]),
  )

  api.patch(
    '/organization/members/:id',
    {
      schema: {
        summary: "Change le rôle d'un membre",
        tags,
        params: idParam,
        body: patchBodyOf(memberUpdateSchema),
        response: { 200: dataOf(memberDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const member = await members.member(tenant, request.params.id)
      const body = mergePatch(memberUpdateSchema, { roleId: member.role.id }, request.body)
      return { data: await members.changeRole(tenant, request.params.id, body.roleId) }
    },
  )

  api.delete(
    '/organization/members/:id',
    {
      schema: {
        summary: "Retire un membre de l'entreprise",
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await members.removeMember(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.get(
    '/organization/invitations',
    {
      schema: {
        summary: 'Liste les invitations en attente',
        tags,
        querystring: shortListQuerySchema,
        response: { 200: listOf(invitationDtoSchema) },
      },
    },
    async (request) =>
      pageOf(await members.listInvitations(await deps.tenant(request)), request.query, (invitation) => [
        invitation.email,
        invitation.role.name,
      ]),
  )

  api.post(
    '/organization/invitations',
    {
      schema: {
        summary: "Invite une personne à rejoindre l'entreprise",
        tags,
        body: invitationCreateSchema,
        response: { 201: dataOf(invitationDtoSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await members.invite(await deps.tenant(request), request.body) }),
  )

  api.delete(
    '/organization/invitations/:id',
    {
      schema: { summary: 'Supprime une invitation en attente', tags, params: idParam, response: { 204: noContent } },
    },
    async (request, reply) => {
      await members.deleteInvitation(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  /** Public: what the invitee sees before signing in or up. */
  api.get(
    '/invitations/:token',
    {
      schema: {
        summary: "Présente une invitation à la personne invitée, avant qu'elle se connecte",
        tags,
        security: [],
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: dataOf(invitationPreviewDtoSchema) },
      },
    },
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

  api.post(
    '/invitations/accept',
    {
      schema: {
        summary: "Accepte une invitation : l'utilisateur connecté rejoint l'entreprise",
        tags,
        body: invitationAcceptSchema,
        response: { 200: dataOf(meDtoSchema) },
      },
    },
    async (request) => {
      const userId = requireUserId(request)
      await members.accept(userId, request.body.token)
      return { data: await deps.account.me(userId) }
    },
  )
}
