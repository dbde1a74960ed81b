import { type InvoiceDto, messages } from '@app/domain'
import { Button, Center, Loader, Stack } from '@mantine/core'
import { Link, matchPath, useLocation } from 'react-router'
import { useMe } from '../../../app/session'
import { useEditorDocument, useSalesSettings } from '../../../components/documents/editor/editorQueries'
import type { EditorRoute } from '../../../components/documents/editor/editorRoute'
import { ErrorState } from '../../../components/ErrorState'
import { RecurringGate } from '../../../components/subscriptions/RecurringUpsell'
import { subscriptionTexts } from '../../../components/subscriptions/subscriptionTexts'
import { ApiError } from '../../../lib/api'
import { SUBSCRIPTIONS_BASE } from '../SubscriptionActions'
import { SubscriptionForm } from './SubscriptionForm'

/** What the path says: a new recurring invoice, or the one of that id (never a read-only view: always editable). */
function useSubscriptionRoute(): EditorRoute {
  const { pathname } = useLocation()
  const raw = matchPath(`${SUBSCRIPTIONS_BASE}/:id`, pathname)?.params.id
  const isNew = raw === 'new'
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null
  return { base: SUBSCRIPTIONS_BASE, id, isNew, isShow: false, isCreditNote: false, valid: isNew || id !== null }
}

/** /app/sales/subscriptions/new and /app/sales/subscriptions/{id}: the editor, or the upsell without the plan. */
export function SubscriptionEditorPage() {
  return (
    <RecurringGate>
      <SubscriptionEditor />
    </RecurringGate>
  )
}

function SubscriptionEditor() {
  const route = useSubscriptionRoute()
  const document = useEditorDocument('invoice', route.id)
  const settings = useSalesSettings()
  const me = useMe()

  if (!route.valid) return <NotFound />
  if (document.isError) {
    if (document.error instanceof ApiError && document.error.status === 404) return <NotFound />
    return <ErrorState message={messages.generic.errorShort} onRetry={() => document.refetch()} />
  }
  const waiting = (route.id !== null && document.isPending) || settings.isPending || me.isPending
  if (waiting)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  const saved = route.id !== null ? ((document.data as InvoiceDto | undefined) ?? null) : null
  // An invoice that is not a recurring one has its own editor.
  if (saved && !saved.isRecurring) return <NotFound />
  return (
    <SubscriptionForm
      // A new one, once saved, moves to its own route: the form starts again from what the server saved.
      key={route.id ?? 'new'}
      route={route}
      document={saved}
      settings={settings.data ?? null}
      taxFree={saved ? saved.taxFree : Boolean(me.data?.currentOrganization?.isTaxFree)}
    />
  )
}

function NotFound() {
  return (
    <Stack align="center" gap={0}>
      <ErrorState message={subscriptionTexts.notFound} />
      <Button component={Link} to={SUBSCRIPTIONS_BASE} variant="light">
        {subscriptionTexts.backToList}
      </Button>
    </Stack>
  )
}
