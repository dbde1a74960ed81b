import { z } from 'zod'
import { messages } from '../messages/index'
import { idField, idParam } from './common'
import { pagingFields, searchFields } from './lists'

const v = messages.validation

/** A comment on a document: at most this many characters. */
export const COMMENT_MAX = 5000
/** A document's note: at most 2000 characters (spec/sales.md §5). */
export const NOTE_MAX = 2000

/** POST /{model}/{id}/comments: the text is required and trimmed; private unless told otherwise. */
export const commentSchema = z.strictObject({
  comment: z
    .string({ error: v.required })
    .trim()
    .min(1, { error: v.required })
    .max(COMMENT_MAX, { error: v.tooLong(COMMENT_MAX) }),
  isPublic: z.boolean({ error: v.invalidData }).optional().default(false),
})
export type CommentBody = z.input<typeof commentSchema>

/** PUT /{model}/{id}/note: the whole note, kept as typed; an empty (or blank) note clears it. */
export const noteSchema = z.strictObject({
  comment: z
    .string({ error: v.required })
    .max(NOTE_MAX, { error: v.tooLong(NOTE_MAX) })
    .nullish()
    .transform((value) => (value?.trim() ? value : '')),
})
export type NoteBody = z.input<typeof noteSchema>

/** GET /{model}/{id}/comments and GET /{model}/{id}/activities: they page like every list. */
export const discussionListQuerySchema = z.strictObject({ ...pagingFields(), ...searchFields() })
export type DiscussionListQuery = z.output<typeof discussionListQuerySchema>

/** DELETE /{model}/{id}/comments/{commentId}. */
export const commentParams = idParam.extend({ commentId: idField() })
