import type { EReportingPeriodDetailDto } from '@app/domain'
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { AppDrawer } from '../../../components/AppDrawer'
import { ConfirmModal } from '../../../components/ConfirmModal'
import { ErrorState } from '../../../components/ErrorState'
import { ApiError } from '../../../lib/api'
import { toastSuccess } from '../../../lib/toast'
import { NotConnectedBanner } from './EReportingHeader'
import { NOT_CONNECTED, type PeriodRef, useEReportingPeriod, useTransmit } from './eReportingQueries'
import {
  deadlineText,
  isOverdue,
  KIND_LABELS,
  periodName,
  STATE_COLORS,
  sendingText,
  summaryText,
  texts,
} from './eReportingTexts'
import { FiguresTables } from './FiguresTables'
import { TransmissionsList } from './TransmissionsList'

/** « Transmettre », its confirmation saying what goes, and the API's refusal in its own words. */
function useSending(detail: EReportingPeriodDetailDto | undefined, period: PeriodRef) {
  const transmit = useTransmit(period)
  const [confirming, setConfirming] = useState(false)
  // A refusal shown for one period is not carried to the next one opened.
  const { reset } = transmit
  const opened = `${period.kind}:${period.start}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another period opens, and only then.
  useEffect(() => reset(), [opened, reset])
  const correction = detail?.state === 'changed'
  const send = () =>
    transmit.mutate(undefined, {
      onSuccess: () => toastSuccess(texts.sent),
      onSettled: () => setConfirming(false),
    })
  const refusal = transmit.error instanceof ApiError ? transmit.error : null
  return { transmit, confirming, setConfirming, correction, send, refusal }
}

function PeriodBody({ detail, today }: { detail: EReportingPeriodDetailDto; today: string }) {
  const overdue = isOverdue(detail, today)
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={STATE_COLORS[detail.state]}>
            {detail.stateLabel}
          </Badge>
          <Text size="sm" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
            {texts.deadline} : {deadlineText(detail.deadline)}
          </Text>
        </Group>
        <Text size="sm">{summaryText(detail.kind, detail.summary)}</Text>
      </Stack>
      {detail.connected ? null : <NotConnectedBanner />}
      <FiguresTables detail={detail} />
      <Stack gap="xs" component="section" aria-label={texts.transmissions}>
        <Title order={3} size="h5">
          {texts.transmissions}
        </Title>
        <TransmissionsList transmissions={detail.transmissions} kind={detail.kind} />
      </Stack>
    </Stack>
  )
}

/** The period opened from the list (?open=transactions:2026-11-01): its figures, its transmissions, « Transmettre ». */
export function PeriodDrawer({
  period,
  today,
  onClose,
}: {
  period: PeriodRef | null
  today: string
  onClose: () => void
}) {
  const query = useEReportingPeriod(period)
  const detail = query.data
  const shown = period ?? { kind: 'transactions' as const, start: '' }
  const sending = useSending(detail, shown)
  const sendLabel = sending.correction ? texts.sendCorrection : texts.send
  const refusedNotConnected = sending.refusal?.body.code === NOT_CONNECTED
  return (
    <AppDrawer
      opened={period !== null}
      onClose={onClose}
      closeOnEscape={!sending.confirming}
      title={detail ? periodName(detail) : period ? KIND_LABELS[period.kind] : ''}
      footer={
        detail?.canSend ? (
          <Button leftSection={<IconSend size={16} />} onClick={() => sending.setConfirming(true)}>
            {sendLabel}
          </Button>
        ) : null
      }
    >
      {query.isPending && period ? (
        <Stack gap="md" aria-busy="true" aria-label="Chargement">
          <Skeleton height={24} width="60%" />
          <Skeleton height={160} />
          <Skeleton height={80} />
        </Stack>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <ErrorState message={query.error.message} />
        ) : (
          <ErrorState message={texts.detailError} onRetry={() => query.refetch()} />
        )
      ) : detail ? (
        <Stack gap="md">
          {sending.refusal && !refusedNotConnected ? (
            <Alert color="red" variant="light" role="alert">
              {sending.refusal.message}
            </Alert>
          ) : null}
          {refusedNotConnected && detail.connected ? <NotConnectedBanner /> : null}
          <PeriodBody detail={detail} today={today} />
        </Stack>
      ) : null}
      {detail ? (
        <ConfirmModal
          opened={sending.confirming}
          onClose={() => sending.setConfirming(false)}
          onConfirm={sending.send}
          danger={false}
          loading={sending.transmit.isPending}
          title={sending.correction ? texts.confirmCorrectionTitle : texts.confirmTitle}
          message={`${texts.confirmMessage(sendingText(detail.kind, detail.summary))}${sending.correction ? ` ${texts.correctionNote}` : ''}`}
          confirmLabel={sendLabel}
          stacked
        />
      ) : null}
    </AppDrawer>
  )
}
