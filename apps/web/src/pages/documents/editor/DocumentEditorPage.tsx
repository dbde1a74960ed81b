import { type InvoiceDto, messages } from '@app/domain'
import { Button, Center, Loader, Stack } from '@mantine/core'
import { Link, Navigate } from 'react-router'
import { useMe } from '../../../app/session'
import { ErrorState } from '../../../components/ErrorState'
import { ApiError } from '../../../lib/api'
import { DocumentForm } from './DocumentForm'
import { type DocumentKind, useEditorDocument, useSalesSettings } from './editorQueries'
import { BASES, useEditorRoute } from './editorRoute'
import { editorTexts } from './editorTexts'

/** /app/sales/invoices/new, /app/sales/invoices/{id}, /app/sales/invoices/{id}/show (credit notes too). */
export function InvoiceEditorPage() {
  return <DocumentEditor kind="invoice" />
}

/** /app/sales/quotes/new, /app/sales/quotes/{id}, /app/sales/quotes/{id}/show. */
export function QuoteEditorPage() {
  return <DocumentEditor kind="quote" />
}

function DocumentEditor({ kind }: { kind: DocumentKind }) {
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
  return (
    <DocumentForm
      // A new document, once saved, moves to its own route: the form starts again from what the server saved.
      key={`${route.id ?? 'new'}-${route.isCreditNote}`}
      kind={kind}
      route={route}
      document={saved}
      settings={settings.data ?? null}
      taxFree={taxFree}
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
