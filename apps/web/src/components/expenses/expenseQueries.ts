import {
  type ExpenseCreateBody,
  expenseJournalTypeFor,
  type ItemResponse,
  type JournalDto,
  type ListResponse,
  type TransactionDto,
  type TransactionUpdateBody,
} from '@app/domain'
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMe } from '../../app/session'
import { del, get, patch, post } from '../../lib/api'
import { journalsKey } from '../journals/journalQueries'
import { transactionKey } from '../transactions/detail/transactionQueries'
import { transactionsKey } from '../transactions/transactionQueries'

export const EXPENSES_PATH = '/app/purchase/expenses'
export const expensePath = (id: number) => `${EXPENSES_PATH}/${id}`

/**
 * Notes are transactions: their queries live under the transactions' key, so that a note changed here or from the bank
 * drawer refreshes both, and the accounts' balances (journals) with them.
 */
const expensesKey = [...transactionsKey, 'expenses'] as const

export type ExpenseListParams = { page: number; pageSize: number; search: string }

export function useExpenseList(params: ExpenseListParams) {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  if (params.search) query.set('filter[search]', params.search)
  return useQuery({
    queryKey: [...expensesKey, 'list', query.toString()],
    queryFn: () => get<ListResponse<TransactionDto>>(`/expenses?${query}`),
    placeholderData: keepPreviousData,
  })
}

/** One note (GET /transactions/{id}); the form owns what is typed, so no refetch on focus. */
export function useExpense(id: number | null) {
  return useQuery({
    queryKey: transactionKey(id ?? 0),
    queryFn: async () => (await get<ItemResponse<TransactionDto>>(`/transactions/${id}`)).data,
    enabled: id !== null,
    refetchOnWindowFocus: false,
  })
}

/**
 * The accounts a note can go to: the active associate (CC) and operator (EX) accounts, and the kind the organisation
 * uses (operator for EI, PL, ME). `hasAccount`: one of that kind is active, so a note can be made (spec/money.md §5).
 */
export function useExpenseAccounts() {
  const organization = useMe().data?.currentOrganization
  const kind = expenseJournalTypeFor(organization?.legalFormType)
  const accounts = useQuery({
    queryKey: [...journalsKey, 'expense-accounts'],
    queryFn: async () =>
      (
        await get<ListResponse<JournalDto>>(
          '/journals?filter[journalTypeCode]=CC,EX&filter[isActive]=true&pageSize=900',
        )
      ).data,
  })
  const list = accounts.data ?? []
  return {
    kind,
    accounts: list,
    isPending: accounts.isPending,
    hasAccount: list.some((account) => account.journalType.code === kind),
    /** The categories standing for these accounts: a bank line split on one can become a note. */
    entryIds: list.flatMap((account) => (account.accountingEntryId === null ? [] : [account.accountingEntryId])),
  }
}

/** After a note changed: the lists (notes and bank lines, which show their note) and the balances. */
const refresh = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: transactionsKey }),
    client.invalidateQueries({ queryKey: journalsKey }),
  ])

/** POST /expenses for a new note, PATCH /transactions/{id} for a saved one; answered with the note. */
export function useSaveExpense(id: number | null) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: ExpenseCreateBody | TransactionUpdateBody) =>
      (id === null
        ? await post<ItemResponse<TransactionDto>>('/expenses', body)
        : await patch<ItemResponse<TransactionDto>>(`/transactions/${id}`, body)
      ).data,
    onSuccess: (saved) => {
      client.setQueryData(transactionKey(saved.id), saved)
      return refresh(client)
    },
  })
}

export function useDeleteExpense() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (note: TransactionDto) => del(`/transactions/${note.id}`),
    onSuccess: (_, note) => {
      client.removeQueries({ queryKey: transactionKey(note.id) })
      return refresh(client)
    },
  })
}

/** POST /transactions/{id}/expense: the note of a bank line paid to an associate. */
export function useCreateExpenseFromTransaction(transactionId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async () => (await post<ItemResponse<TransactionDto>>(`/transactions/${transactionId}/expense`)).data,
    onSuccess: (note) => {
      client.setQueryData(transactionKey(note.id), note)
      return refresh(client)
    },
  })
}
