import type { ContactDetailDto, ContactDto, ContactRelationFilter, ItemResponse, ListResponse } from '@app/domain'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { get } from '../../lib/api'

export const contactsKey = ['contacts'] as const

export type ContactListParams = { page: number; pageSize: number; search: string }

export function contactListPath(relation: ContactRelationFilter, params: ContactListParams) {
  const query = new URLSearchParams({
    'filter[relation]': relation,
    page: String(params.page),
    pageSize: String(params.pageSize),
  })
  if (params.search) query.set('search', params.search)
  return `/contacts?${query}`
}

/** One page of customers or suppliers, with their addresses and contact persons. */
export function useContacts(relation: ContactRelationFilter, params: ContactListParams) {
  return useQuery({
    queryKey: [...contactsKey, 'list', relation, params],
    queryFn: () => get<ListResponse<ContactDto>>(contactListPath(relation, params)),
    placeholderData: keepPreviousData,
  })
}

/** One contact with the detail panel's totals. */
export function useContact(id: number | null) {
  return useQuery({
    queryKey: [...contactsKey, 'detail', id],
    queryFn: async () => (await get<ItemResponse<ContactDetailDto>>(`/contacts/${id}`)).data,
    enabled: id !== null,
  })
}

/** The words of each relation. */
export const RELATION_TEXTS = {
  customer: {
    title: 'Clients',
    one: 'client',
    newLabel: 'Nouveau client',
    editTitle: 'Modifier le client',
    empty: "Tu n'as pas encore renseigné de client.",
  },
  supplier: {
    title: 'Fournisseurs',
    one: 'fournisseur',
    newLabel: 'Nouveau fournisseur',
    editTitle: 'Modifier le fournisseur',
    empty: "Tu n'as pas encore renseigné de fournisseur.",
  },
} as const
