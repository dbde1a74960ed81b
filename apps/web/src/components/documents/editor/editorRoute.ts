import { matchPath, useLocation } from 'react-router'
import type { DocumentKind } from './editorQueries'

export const BASES: Record<DocumentKind, string> = { invoice: '/app/sales/invoices', quote: '/app/sales/quotes' }

/** What the path says: a new document (credit note with ?credit=true), an edit, or the read view (/show). */
export function useEditorRoute(kind: DocumentKind) {
  const location = useLocation()
  const base = BASES[kind]
  const show = matchPath(`${base}/:id/show`, location.pathname)
  const edit = matchPath(`${base}/:id`, location.pathname)
  const raw = show?.params.id ?? edit?.params.id
  const isNew = !show && raw === 'new'
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const isCreditNote = isNew && new URLSearchParams(location.search).get('credit') === 'true'
  return { base, id, isNew, isShow: Boolean(show), isCreditNote, valid: isNew || id !== null }
}

export type EditorRoute = ReturnType<typeof useEditorRoute>
