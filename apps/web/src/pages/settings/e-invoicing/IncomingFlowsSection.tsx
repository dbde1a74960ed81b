import { type IncomingFlowDto, incomingFlowMessages } from '@app/domain'
import { Anchor, Badge, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconCircleCheck, IconInbox, IconRefresh } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ErrorState } from '../../../components/ErrorState'
import { parisDateTime } from '../../../components/e-invoicing/parisTime'
import { ListPagination } from '../../../components/list/ListPagination'
import { SearchField } from '../../../components/SearchField'
import { SettingsSection } from '../../../components/SettingsSection'
import { toastError, toastSuccess, toastWarning } from '../../../lib/toast'
import {
  INCOMING_FLOWS_PAGE_SIZE,
  type IncomingFlowState,
  useIncomingFlows,
  useRetryIncomingFlow,
} from './incomingFlowsQueries'

const STATE_BADGES: Record<IncomingFlowState, { label: string; color: string }> = {
  processed: { label: 'Traité', color: 'teal' },
  failed: { label: 'En échec', color: 'red' },
}

/** Where a failed flow stands with the automatic tries: how many were made, and when the next one comes if any. */
function retrySchedule(flow: IncomingFlowDto): string {
  const tried = flow.attempts > 0 ? `Essayé ${flow.attempts} fois. ` : ''
  return flow.nextAttemptAt
    ? `${tried}Prochain essai automatique le ${parisDateTime(flow.nextAttemptAt)}.`
    : `${tried}Plus d'essai automatique : réessaie quand la cause est réglée.`
}

/** One flow as a card (a phone's width has no room for a table): what it is, when it came, what became of it. */
function FlowCard({ flow, retrying, onRetry }: { flow: IncomingFlowDto; retrying: boolean; onRetry: () => void }) {
  const badge = STATE_BADGES[flow.state]
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {flow.kindLabel}
          </Text>
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {flow.fileName}
        </Text>
        <Text size="xs" c="dimmed">
          Reçu le {parisDateTime(flow.receivedAt)}
        </Text>
        {flow.state === 'failed' ? (
          <>
            {flow.lastError ? (
              <Text size="sm" c="red.8">
                {flow.lastError}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {retrySchedule(flow)}
            </Text>
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={retrying}
                onClick={onRetry}
                aria-label={`Réessayer le flux ${flow.fileName}`}
              >
                Réessayer
              </Button>
            </Group>
          </>
        ) : null}
        {flow.state === 'processed' && flow.kind === 'supplierInvoice' && flow.receiptId !== null ? (
          <Anchor component={Link} to={`/app/purchase/receipts/${flow.receiptId}`} size="sm">
            Voir le justificatif
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  )
}

/**
 * « Flux reçus de la plateforme »: what the PA sent (supplier invoices, lifecycle statuses) and what became of each.
 * A failed flow says why and when Carnet tries it again by itself; « Réessayer » tries it now. The failed ones come
 * first when there are any: they are the ones waiting for the user.
 */
export function IncomingFlowsSection() {
  const [chosen, setChosen] = useState<IncomingFlowState | null>(null)
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [settledSearch] = useDebouncedValue(search.trim(), 300)
  // The failed flows' first page is the default list as well as the tab's count: one request in the usual case.
  const failed = useIncomingFlows('failed', 1, '')
  const failedTotal = failed.data?.meta.total
  useEffect(() => {
    if (chosen === null && failedTotal !== undefined) setChosen(failedTotal > 0 ? 'failed' : 'processed')
  }, [chosen, failedTotal])
  const state = chosen ?? 'failed'
  const flows = useIncomingFlows(state, page, settledSearch)
  const retry = useRetryIncomingFlow()
  // The last flow of a later page retried away: back to the last page that still has some.
  const emptiedPage = flows.data && flows.data.data.length === 0 && page > 1
  const lastPage = Math.max(1, Math.ceil((flows.data?.meta.total ?? 0) / INCOMING_FLOWS_PAGE_SIZE))
  useEffect(() => {
    if (emptiedPage && !flows.isPlaceholderData) setPage(lastPage)
  }, [emptiedPage, lastPage, flows.isPlaceholderData])

  const retryFlow = (flow: IncomingFlowDto) =>
    retry.mutate(flow.id, {
      onSuccess: (after) =>
        after.state === 'processed'
          ? toastSuccess(incomingFlowMessages.retried)
          : toastWarning(incomingFlowMessages.stillFailing),
      // A 409 (already processed, platform unlinked) or a 502 (the PA does not answer) says why in French.
      onError: (error) => toastError(error),
    })

  let content: ReactNode
  if (flows.isPending)
    content = (
      <Center py="md">
        <Loader size="sm" aria-label="Chargement des flux" />
      </Center>
    )
  else if (flows.isError) content = <ErrorState onRetry={() => flows.refetch()} />
  else if (flows.data.data.length === 0)
    content = settledSearch ? (
      <EmptyBlock icon={<IconInbox />} title="Aucun flux pour cette recherche" />
    ) : state === 'failed' ? (
      <EmptyBlock
        icon={<IconCircleCheck />}
        title="Aucun flux en échec"
        description="Tout ce que ta plateforme a envoyé a pu être traité."
      />
    ) : (
      <EmptyBlock icon={<IconInbox />} title="Aucun flux reçu pour l’instant" />
    )
  else {
    const pages = Math.max(1, Math.ceil(flows.data.meta.total / INCOMING_FLOWS_PAGE_SIZE))
    content = (
      <Stack gap="sm">
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Flux reçus">
          {flows.data.data.map((flow) => (
            <FlowCard
              key={flow.id}
              flow={flow}
              retrying={retry.isPending && retry.variables === flow.id}
              onRetry={() => retryFlow(flow)}
            />
          ))}
        </Stack>
        {pages > 1 ? (
          <Group justify="center">
            <ListPagination page={page} pages={pages} onChange={setPage} />
          </Group>
        ) : null}
      </Stack>
    )
  }

  return (
    <SettingsSection
      id="incoming-flows"
      title="Flux reçus de la plateforme"
      description="Les factures de tes fournisseurs et les statuts de tes factures que ta plateforme agréée envoie à Carnet. Un flux que Carnet n’a pas pu utiliser est réessayé automatiquement (après 5 min, 30 min, 2 h, 6 h puis 24 h), puis attend que tu le relances."
    >
      <Stack gap="sm">
        <SegmentedControl
          value={state}
          onChange={(value) => {
            setChosen(value as IncomingFlowState)
            setPage(1)
          }}
          data={[
            { value: 'failed', label: failedTotal ? `En échec (${failedTotal})` : 'En échec' },
            { value: 'processed', label: 'Traités' },
          ]}
          aria-label="État des flux"
          fullWidth
          maw={420}
        />
        <SearchField
          label="Chercher un flux"
          value={search}
          onChange={(value) => {
            setSearch(value)
            setPage(1)
          }}
          maw={420}
        />
      </Stack>
      {content}
    </SettingsSection>
  )
}
