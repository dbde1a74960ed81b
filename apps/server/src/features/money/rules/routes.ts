import {
  dataOf,
  globalRuleDtoSchema,
  idParam,
  listOf,
  noContent,
  referencePagingFields,
  ruleApplicationDtoSchema,
  ruleApplicationPlanDtoSchema,
  ruleCreateSchema,
  ruleDtoSchema,
  ruleGlobalAdoptSchema,
  rulePreviewDtoSchema,
  rulePreviewSchema,
  ruleProposalDeclineSchema,
  ruleProposalDtoSchema,
  ruleUndoDtoSchema,
  ruleUpdateSchema,
  searchedPageOfList,
  searchFields,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import type { TenantResolver } from '../../../lib/tenant'
import type { RuleService } from './service'

const listQuery = z.strictObject({ ...referencePagingFields(), ...searchFields() })
const pagingQuery = z.strictObject({ ...referencePagingFields(), ...searchFields() })

/** Assignment rules (API.md "Money side": /rules; spec/money.md §7 "Categories and rules"). */
export function registerRuleRoutes(app: FastifyInstance, deps: { rules: RuleService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ["Règles d'affectation"]
  const { rules } = deps

  api.get(
    '/rules',
    {
      schema: {
        summary: "Liste les règles d'affectation dans leur ordre d'application",
        tags,
        querystring: listQuery,
        response: { 200: listOf(ruleDtoSchema) },
      },
    },
    async (request) => rules.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/rules',
    {
      schema: {
        summary: 'Crée une règle, placée selon sa précision (inactive sauf isActive)',
        tags,
        body: ruleCreateSchema,
        response: { 201: dataOf(ruleDtoSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await rules.create(await deps.tenant(request), request.body) }),
  )

  api.post(
    '/rules/preview',
    {
      schema: {
        summary: 'Les transactions auxquelles des conditions correspondent : leur nombre et les plus récentes',
        tags,
        body: rulePreviewSchema,
        response: { 200: dataOf(rulePreviewDtoSchema) },
      },
    },
    async (request) => ({ data: await rules.preview(await deps.tenant(request), request.body) }),
  )

  api.post(
    '/rules/sort',
    {
      schema: {
        summary: 'Range les règles de la plus précise à la plus large (égalité : la plus ancienne d’abord)',
        tags,
        response: { 200: listOf(ruleDtoSchema) },
      },
    },
    async (request) => rules.sort(await deps.tenant(request)),
  )

  api.get(
    '/rules/global',
    {
      schema: {
        summary: 'Les règles proposées par Carnet, à adopter',
        tags,
        response: { 200: z.object({ data: z.array(globalRuleDtoSchema) }) },
      },
    },
    async (request) => ({ data: await rules.globalRules(await deps.tenant(request)) }),
  )

  api.post(
    '/rules/global',
    {
      schema: {
        summary: "Adopte des règles proposées : elles deviennent des règles actives de l'organisation",
        tags,
        body: ruleGlobalAdoptSchema,
        response: { 201: z.object({ data: z.array(ruleDtoSchema) }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await rules.adoptGlobal(await deps.tenant(request), request.body.rules) }),
  )

  api.get(
    '/rules/:id',
    {
      schema: { summary: 'Lit une règle', tags, params: idParam, response: { 200: dataOf(ruleDtoSchema) } },
    },
    async (request) => ({ data: await rules.get(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/rules/:id',
    {
      schema: {
        summary: 'Modifie une règle (partiel) ; position la déplace dans l’ordre, isActive l’active',
        tags,
        params: idParam,
        body: ruleUpdateSchema,
        response: { 200: dataOf(ruleDtoSchema) },
      },
    },
    async (request) => ({ data: await rules.update(await deps.tenant(request), request.params.id, request.body) }),
  )

  api.delete(
    '/rules/:id',
    {
      schema: { summary: 'Supprime une règle', tags, params: idParam, response: { 204: noContent } },
    },
    async (request, reply) => {
      await rules.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.get(
    '/rules/proposals',
    {
      schema: {
        summary: 'Règles proposées après trois catégorisations identiques d’un même libellé (jamais créées seules)',
        tags,
        querystring: pagingQuery,
        response: { 200: listOf(ruleProposalDtoSchema) },
      },
    },
    async (request) =>
      searchedPageOfList(await rules.proposals(await deps.tenant(request)), request.query, (proposal) => [
        proposal.name,
        proposal.accountingEntry.code,
        proposal.accountingEntry.name,
      ]),
  )

  api.post(
    '/rules/proposals/decline',
    {
      schema: {
        summary: 'Refuse une proposition : ce libellé et cette catégorie ne seront plus proposés',
        tags,
        body: ruleProposalDeclineSchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await rules.declineProposal(await deps.tenant(request), request.body)
      return reply.code(204).send()
    },
  )

  api.get(
    '/rules/:id/application',
    {
      schema: {
        summary:
          'Ce que l’application de la règle aux transactions existantes changera : leur nombre et un échantillon',
        tags,
        params: idParam,
        response: { 200: dataOf(ruleApplicationPlanDtoSchema) },
      },
    },
    async (request) => ({ data: await rules.applicationPlan(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/rules/:id/apply',
    {
      schema: {
        summary:
          'Applique la règle (active) aux transactions à catégoriser ou en attente (471000), non verrouillées ; annulable en une fois',
        tags,
        params: idParam,
        response: { 201: dataOf(ruleApplicationDtoSchema), ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await rules.apply(await deps.tenant(request), request.params.id) }),
  )

  api.post(
    '/rule-applications/:id/undo',
    {
      schema: {
        summary: 'Annule une application : chaque transaction redevient comme avant, sauf celles modifiées depuis',
        tags,
        params: idParam,
        response: { 200: dataOf(ruleUndoDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({ data: await rules.undo(await deps.tenant(request), request.params.id) }),
  )
}
