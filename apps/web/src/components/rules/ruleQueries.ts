import type {
  GlobalRuleDto,
  ItemResponse,
  ListResponse,
  RuleApplicationDto,
  RuleApplicationPlanDto,
  RuleDto,
  RulePreviewBody,
  RulePreviewDto,
  RuleProposalDto,
} from '@app/domain'
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { del, get, patch, post } from '../../lib/api'
import { useReferenceList } from '../ReferenceSelect'
import { transactionsKey } from '../transactions/transactionQueries'

/** A row of /condition-targets or /condition-functions (valueType "any": every target). */
export type ConditionChoice = { id: number; code: string; name: string; valueType: string }

/** Every rule query (the list, the platform's rules, the proposals, the previews) lives under this key. */
export const rulesKey = ['rules'] as const
const listKey = [...rulesKey, 'list'] as const
const globalKey = [...rulesKey, 'global'] as const
/** The proposals: the rules page lists them, the transaction drawer reads them after a categorisation. */
export const proposalsKey = [...rulesKey, 'proposals'] as const

/** The spec's page size for rules (spec/money.md §9): every rule in one page. */
const RULES_PAGE_SIZE = 9999
/** After saving a rule, the lists are read again after 3 s (spec/money.md §4, §9): the server applies it meanwhile. */
export const RULE_REFRESH_DELAY = 3000

/** `{data}` whether the server pages it or not. */
const dataOf = async <T>(path: string) => (await get<{ data: T }>(path)).data

/** GET /rules: the organisation's rules in their order (position 1 first). */
export function useRules() {
  return useQuery({
    queryKey: listKey,
    queryFn: async () =>
      (await get<ListResponse<RuleDto>>(`/rules?pageSize=${RULES_PAGE_SIZE}`)).data.toSorted(
        (a, b) => a.position - b.position,
      ),
  })
}

/** GET /rules/global: the rules Carnet offers, each saying whether it has been adopted. */
export const useGlobalRules = (enabled: boolean) =>
  useQuery({ queryKey: globalKey, queryFn: () => dataOf<GlobalRuleDto[]>('/rules/global'), enabled })

/** GET /rules/proposals: rules proposed after three identical categorisations. */
export const proposalsQuery = queryOptions({
  queryKey: proposalsKey,
  queryFn: () => dataOf<RuleProposalDto[]>('/rules/proposals'),
})
export const useProposals = () => useQuery(proposalsQuery)

/** The reference lists of the conditions editor (names and value types). */
export const useConditionTargets = () => useReferenceList<ConditionChoice>('/condition-targets')
export const useConditionFunctions = () => useReferenceList<ConditionChoice>('/condition-functions')

/** The rules read again at once, then rules and transactions again once the server has applied the change (3 s). */
export function refreshRules(client: QueryClient) {
  void client.invalidateQueries({ queryKey: rulesKey })
  setTimeout(() => {
    void client.invalidateQueries({ queryKey: rulesKey })
    void client.invalidateQueries({ queryKey: transactionsKey })
  }, RULE_REFRESH_DELAY)
}

/** PATCH /rules/{id} (partial): the active state, the place in the order, or the whole rule. */
export const patchRule = async (id: number, body: Record<string, unknown>) =>
  (await patch<ItemResponse<RuleDto>>(`/rules/${id}`, body)).data

/** The list's switch when it turns a rule off (turning one on goes through the application plan, useActivation). */
export function useDeactivateRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (rule: RuleDto) => patchRule(rule.id, { isActive: false }),
    onMutate: async (rule) => {
      await client.cancelQueries({ queryKey: listKey })
      const previous = client.getQueryData<RuleDto[]>(listKey)
      client.setQueryData<RuleDto[]>(listKey, (list) =>
        list?.map((item) => (item.id === rule.id ? { ...item, isActive: false } : item)),
      )
      return { previous }
    },
    onError: (_error, _rule, context) => {
      if (context?.previous) client.setQueryData(listKey, context.previous)
    },
    onSettled: () => refreshRules(client),
  })
}

/** Moves a rule one place up or down: PATCH {position}; the server shifts the others. */
export function useMoveRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ rule, position }: { rule: RuleDto; position: number }) => patchRule(rule.id, { position }),
    onSettled: () => client.invalidateQueries({ queryKey: rulesKey }),
  })
}

/** POST /rules/sort: every rule ranked from the most precise to the broadest; the answer is the new list. */
export function useSortRules() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => (await post<ListResponse<RuleDto> | { data: RuleDto[] }>('/rules/sort')).data,
    onSuccess: (list) => {
      client.setQueryData<RuleDto[]>(
        listKey,
        list.toSorted((a, b) => a.position - b.position),
      )
      void client.invalidateQueries({ queryKey: rulesKey })
    },
  })
}

export function useDeleteRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (rule: RuleDto) => del(`/rules/${rule.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKey }),
  })
}

/** POST /rules/global {rules: ids}: the platform's rules chosen become the organisation's. */
export function useAdoptGlobalRules() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (ids: number[]) => (await post<{ data: RuleDto[] }>('/rules/global', { rules: ids })).data,
    onSuccess: () => refreshRules(client),
  })
}

/** POST /rules/proposals/decline: never propose this label and category again. */
export const declineProposal = (proposal: Pick<RuleProposalDto, 'key' | 'accountingEntryId'>) =>
  post('/rules/proposals/decline', { key: proposal.key, accountingEntryId: proposal.accountingEntryId })

export function useDeclineProposal() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (proposal: RuleProposalDto) => declineProposal(proposal),
    onSuccess: () => client.invalidateQueries({ queryKey: proposalsKey }),
  })
}

/** POST /rules/preview: how many transactions the conditions match, and the latest of them (up to 50). */
export function useRulePreview(body: RulePreviewBody | null) {
  return useQuery({
    queryKey: [...rulesKey, 'preview', body],
    queryFn: async () => (await post<ItemResponse<RulePreviewDto>>('/rules/preview', body)).data,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

/** GET /rules/{id}/application: what applying the rule to the transactions already there would change. */
export const fetchApplicationPlan = async (id: number) =>
  (await get<ItemResponse<RuleApplicationPlanDto>>(`/rules/${id}/application`)).data

/** POST /rules/{id}/apply: the rule applied to the uncategorised and holding-account transactions, undoable at once. */
export const applyRule = async (id: number) => (await post<ItemResponse<RuleApplicationDto>>(`/rules/${id}/apply`)).data

/** POST /rule-applications/{id}/undo: every transaction put back, except those changed since. */
export const undoApplication = async (id: number) =>
  (await post<ItemResponse<{ restored: number; skipped: number }>>(`/rule-applications/${id}/undo`)).data
