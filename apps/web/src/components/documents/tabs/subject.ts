/** The document a details drawer's tabs are about: its API collection, id and last update (refreshes the preview). */
export type DocumentSubject = { model: 'invoices' | 'quotes'; id: number; updatedAt: string }

/** What comments, a note and a history are about: a document, a receipt or a bank transaction (the same routes, API.md). */
export type DiscussionSubject = { model: DocumentSubject['model'] | 'receipts' | 'transactions'; id: number }
