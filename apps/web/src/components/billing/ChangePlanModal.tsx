import { formatDateFr, formatEuro, type PaidPlanCode } from '@app/domain'
import { Anchor, Button, Checkbox, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import { useState } from 'react'
import { toastSuccess, toastWithTitle } from '../../lib/toast'
import { useChangePlan, useUpcomingInvoice } from './billingQueries'
import { billingTexts as t } from './billingTexts'
import { RELOAD_AFTER_CHANGE_MS, reloadAfter } from './browser'
import { PRORATA_HELP_PATH } from './paths'
import { type Plan, planTitle } from './plans'

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  )
}

/**
 * The plan change (spec/account.md §4): what it costs now, polled every 5 s since the proration moves with the clock,
 * a box to tick before confirming, then the page reloads with the new plan.
 */
export function ChangePlanModal({
  current,
  target,
  onClose,
}: {
  current: Plan | undefined
  target: Plan | null
  onClose: () => void
}) {
  const upcoming = useUpcomingInvoice(target?.code ?? null)
  const change = useChangePlan()
  const [accepted, setAccepted] = useState(false)
  const close = () => {
    setAccepted(false)
    onClose()
  }
  const confirm = () => {
    if (!target) return
    change.mutate(target.code as PaidPlanCode, {
      onSuccess: () => {
        toastSuccess(t.changed)
        reloadAfter(RELOAD_AFTER_CHANGE_MS)
      },
      onError: () => toastWithTitle({ title: t.errorTitle, message: t.changeFailed, color: 'red' }),
    })
  }
  const invoice = upcoming.data

  return (
    <Modal
      opened={target !== null}
      onClose={change.isPending ? () => {} : close}
      title={t.changeTitle}
      centered
      radius="lg"
    >
      {target ? (
        <Stack gap="md">
          <Text>{t.changeFromTo(current ? planTitle(current) : '—', planTitle(target))}</Text>
          {invoice ? (
            <SimpleGrid cols={2} spacing="md">
              <Figure label={t.amountDue} value={formatEuro(invoice.amount)} />
              <Figure label={t.nextDebit} value={formatDateFr(invoice.due)} />
              <Figure label={t.daysConsumed} value={String(invoice.data.days.consumed)} />
              <Figure label={t.remainingCredit} value={formatEuro(invoice.data.amount.remaining)} />
            </SimpleGrid>
          ) : upcoming.isError ? (
            <Text c="red" size="sm">
              {t.genericError}
            </Text>
          ) : (
            <Group gap="xs">
              <Loader size="xs" aria-label={t.upcomingLoading} />
              <Text size="sm" c="dimmed">
                {t.upcomingLoading}
              </Text>
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {t.upcomingRefresh}{' '}
            <Anchor href={PRORATA_HELP_PATH} target="_blank" rel="noopener" size="xs">
              <Group component="span" gap={4} display="inline-flex">
                {t.prorataHelp}
                <IconExternalLink size={12} aria-hidden />
              </Group>
            </Anchor>
          </Text>
          <Checkbox
            label={t.changeAccept}
            checked={accepted}
            onChange={(event) => setAccepted(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              Annuler
            </Button>
            <Button onClick={confirm} disabled={!accepted || !invoice || change.isSuccess} loading={change.isPending}>
              {t.changeConfirm}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
