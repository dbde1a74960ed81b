import { type InvoiceDto, messages, type QuoteDto } from '@app/domain'
import { Button, Center, Loader, Paper, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { useMe } from '../../../app/session'
import {
  type DocumentKind,
  type EditorDocument,
  useEditorDocument,
  useSalesSettings,
} from '../../../components/documents/editor/editorQueries'
import { BASES, useEditorRoute } from '../../../components/documents/editor/editorRoute'
import { editorTexts } from '../../../components/documents/editor/editorTexts'
import { InvoiceActionsButton, useInvoiceActions } from '../../../components/documents/invoices/InvoiceActions'
import { InvoicePaymentsSection } from '../../../components/documents/invoices/InvoicePaymentsSection'
import { QuoteActionsButton, useQuoteActions } from '../../../components/documents/quotes/QuoteActions'
import { ErrorState } from '../../../components/ErrorState'
import { ApiError } from '../../../lib/api'
import { DocumentForm, isEditable } from './DocumentForm'

/**
 * What a saved document's own page offers beside its form: the same actions and dialogs as its list's drawer
 * (useInvoiceActions, useQuoteActions), and for an invoice its payments.
 */
type PageActions = {
  menu: (document: EditorDocument) => ReactNode
  aside?: (document: EditorDocument) => ReactNode
  dialogs: ReactNode
}

/** /app/sales/invoices/new, /app/sales/invoices/{id}, /app/sales/invoices/{id}/show (credit notes too). */
export function InvoiceEditorPage() {
  const navigate = useNavigate()
  const actions = useInvoiceActions({ onDeleted: () => navigate(BASES.invoice) })
  return (
    <DocumentEditor
      kind="invoice"
      page={{
        menu: (document) => <InvoiceActionsButton invoice={document as InvoiceDto} actions={actions} />,
        aside: (document) => {
          const invoice = document as InvoiceDto
          // As in the drawer: a draft has nothing to pay yet, a credit note is paid back by other means.
          if (invoice.isCreditNote || invoice.state.code === 'DRAFT') return null
          return (
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <InvoicePaymentsSection invoice={invoice} actions={actions} />
            </Paper>
          )
        },
        dialogs: actions.dialogs,
      }}
    />
  )
}

/** /app/sales/quotes/new, /app/sales/quotes/{id}, /app/sales/quotes/{id}/show. */
export function QuoteEditorPage() {
  const navigate = useNavigate()
  const actions = useQuoteActions({ onDeleted: () => navigate(BASES.quote) })
  return (
    <DocumentEditor
      kind="quote"
      page={{
        menu: (document) => <QuoteActionsButton quote={document as QuoteDto} actions={actions} />,
        dialogs: actions.dialogs,
      }}
    />
  )
}

function DocumentEditor({ kind, page }: { kind: DocumentKind; page: PageActions }) {
  return (
    <>
      <DocumentEditorBody kind={kind} page={page} />
      {page.dialogs}
    </>
  )
}

function DocumentEditorBody({ kind, page }: { kind: DocumentKind; page: PageActions }) {
  const route = useEditorRoute(kind)
  const document = useEditorDocument(kind, route.id)
  const settings = useSalesSettings()
  const me = useMe()

  if (!route.valid) return <NotFound kind={kind} />
  if (document.isError) {
    const notFound = document.error instanceof ApiError && document.error.status === 404
    if (notFound) return <NotFound kind={kind} />
    return <ErrorState message={messages.generic.errorShort} onRetry={() => document.refetch()} />
  }
  const waiting = (route.id !== null && document.isPending) || settings.isPending || (route.id === null && me.isPending)
  if (waiting)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  const saved = route.id !== null ? (document.data ?? null) : null
  // A recurring invoice is an invoice row, edited by its own editor (links to /app/sales/invoices/{id} lead there).
  if (kind === 'invoice' && (saved as InvoiceDto | null)?.isRecurring)
    return <Navigate to={`/app/sales/subscriptions/${saved?.id}`} replace />
  const taxFree = saved ? saved.taxFree : Boolean(me.data?.currentOrganization?.isTaxFree)
  // Where nothing is typed (the read view, a document no longer a draft), the actions are offered; what they change
  // comes back with the document, and the form starts again from it.
  const readOnly = saved !== null && (route.isShow || !isEditable(kind, saved))
  return (
    <DocumentForm
      // A new document, once saved, moves to its own route: the form starts again from what the server saved.
      key={`${route.id ?? 'new'}-${route.isCreditNote}${readOnly ? `-${saved.state.code}-${saved.updatedAt}` : ''}`}
      kind={kind}
      route={route}
      document={saved}
      settings={settings.data ?? null}
      taxFree={taxFree}
      actions={readOnly ? page.menu(saved) : null}
      aside={readOnly ? page.aside?.(saved) : null}
    />
  )
}

/** A document that does not exist (or not in this organisation): said, with a way back to its list. */
function NotFound({ kind }: { kind: DocumentKind }) {
  return (
    <Stack align="center" gap={0}>
      <ErrorState message={editorTexts.notFound} />
      <Button component={Link} to={BASES[kind]} variant="light">
        {editorTexts.backToList[kind]}
      </Button>
    </Stack>
  )
}
