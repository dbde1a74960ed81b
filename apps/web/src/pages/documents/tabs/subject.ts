/** The document a details drawer's tabs are about: its API collection, id and last update (refreshes the preview). */
export type DocumentSubject = { model: 'invoices' | 'quotes'; id: number; updatedAt: string }
