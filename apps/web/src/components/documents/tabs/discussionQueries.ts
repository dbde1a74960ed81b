import {
  type ActivityDto,
  type CommentDto,
  type ItemResponse,
  type ListResponse,
  type NoteDto,
  PAGE_SIZE_MAX,
} from '@app/domain'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, del, get, post } from '../../../lib/api'
import type { DiscussionSubject } from './subject'

type Subject = DiscussionSubject

/**
 * Comments, note and history live under the document's root key (['invoices', …] or ['quotes', …]): every document
 * action already invalidates that root, so the history follows a validation without more code.
 */
export const commentsKey = (subject: Subject) => [subject.model, 'comments', subject.id] as const
export const noteKey = (subject: Subject) => [subject.model, 'note', subject.id] as const
export const activitiesKey = (subject: Subject) => [subject.model, 'activities', subject.id] as const

const base = (subject: Subject) => `/${subject.model}/${subject.id}`
/** A document's whole discussion and history in one page: the panels show them all. */
const all = `?pageSize=${PAGE_SIZE_MAX}`

export const useComments = (subject: Subject) =>
  useQuery({
    queryKey: commentsKey(subject),
    queryFn: async () => (await get<ListResponse<CommentDto>>(`${base(subject)}/comments${all}`)).data,
  })

export const useActivities = (subject: Subject) =>
  useQuery({
    queryKey: activitiesKey(subject),
    queryFn: async () => (await get<ListResponse<ActivityDto>>(`${base(subject)}/activities${all}`)).data,
  })

export const useNote = (subject: Subject) =>
  useQuery({
    queryKey: noteKey(subject),
    queryFn: async () => (await get<ItemResponse<NoteDto>>(`${base(subject)}/note`)).data,
    // The field owns the text once shown: a refetch on focus must not replace what is being typed.
    refetchOnWindowFocus: false,
  })

/** Saves the whole note; works after the field is gone (the drawer closed mid-typing). */
export async function saveNote(client: QueryClient, subject: Subject, comment: string) {
  client.setQueryData<NoteDto>(noteKey(subject), (old) => ({
    comment,
    updatedAt: old?.updatedAt ?? null,
    commentator: old?.commentator ?? null,
  }))
  const saved = (await api<ItemResponse<NoteDto>>('PUT', `${base(subject)}/note`, { comment })).data
  client.setQueryData(noteKey(subject), saved)
  return saved
}

/** After a comment is added or deleted: the comments, the history and the lists' comment counts. */
function useRefreshAfterComment(subject: Subject) {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: [subject.model] })
}

export function useAddComment(subject: Subject) {
  const refresh = useRefreshAfterComment(subject)
  return useMutation({
    mutationFn: async (comment: string) =>
      (await post<ItemResponse<CommentDto>>(`${base(subject)}/comments`, { comment, isPublic: false })).data,
    onSuccess: refresh,
  })
}

export function useDeleteComment(subject: Subject) {
  const refresh = useRefreshAfterComment(subject)
  return useMutation({
    mutationFn: (commentId: number) => del(`${base(subject)}/comments/${commentId}`),
    onSuccess: refresh,
  })
}
