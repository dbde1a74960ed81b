import type { CommentableSubjectType } from '@app/domain'

/**
 * The API collections that carry comments, a note and a history (API.md "Comments, notes, activity"), and the
 * subject type their rows are stored under. A new model is one line here plus its finder in repo.ts.
 */
export const SUBJECT_MODELS = {
  invoices: 'invoice',
  quotes: 'quote',
  receipts: 'receipt',
  transactions: 'transaction',
} as const satisfies Record<string, CommentableSubjectType>

export type SubjectModel = keyof typeof SUBJECT_MODELS
export const subjectModels = Object.keys(SUBJECT_MODELS) as SubjectModel[]

/** How a route's summary names one document of each model: "Liste les commentaires d'une facture". */
export const SUBJECT_NAMES = {
  invoices: { of: "d'une facture", to: 'à une facture' },
  quotes: { of: "d'un devis", to: 'à un devis' },
  receipts: { of: "d'un justificatif", to: 'à un justificatif' },
  transactions: { of: "d'une transaction", to: 'à une transaction' },
} as const satisfies Record<SubjectModel, { of: string; to: string }>

/** The tag of the comment, note and history routes (lib/openapi.ts API_TAGS). */
export const DISCUSSION_TAGS = ['Commentaires, notes et historique']
