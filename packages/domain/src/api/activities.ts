/** Response shapes of API.md "Comments, notes, activity". */

/** A comment on a document; `canDelete` is true for its author only. */
export type CommentDto = {
  id: number
  comment: string
  isPublic: boolean
  createdAt: string
  updatedAt: string
  commentator: { id: number; firstname: string } | null
  canDelete: boolean
}

/** A document's note; an empty `comment` when none was written. */
export type NoteDto = {
  comment: string
  updatedAt: string | null
  commentator: { id: number; firstname: string } | null
}

/** One history entry, newest first; `sentence` is the French sentence the History tab shows. */
export type ActivityDto = {
  id: number
  code: string
  isOperator: boolean
  user: { id: number; name: string } | null
  payload: Record<string, unknown>
  createdAt: string
  sentence: string
  /** False for a code the app does not know: the tab then adds that its meaning was not found. */
  known: boolean
}
