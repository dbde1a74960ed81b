import type { CommentableSubjectType } from '@app/domain'

/**
 * The API collections that carry comments, a note and a history (API.md "Comments, notes, activity"), and the
 * subject type their rows are stored under. A new model is one line here plus its finder in repo.ts.
 */
export const SUBJECT_MODELS = {
  invoices: 'invoice',
  quotes: 'quote',
} as const satisfies Record<string, CommentableSubjectType>

export type SubjectModel = keyof typeof SUBJECT_MODELS
export const subjectModels = Object.keys(SUBJECT_MODELS) as SubjectModel[]
