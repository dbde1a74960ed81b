import type { BillingSubscriptionDto } from '@app/domain'
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { billingKey, useCancelSubscription } from '../../../components/billing/billingQueries'
import { billingTexts as t } from '../../../components/billing/billingTexts'
import { RELOAD_AFTER_CHANGE_MS, reloadAfter } from '../../../components/billing/browser'
import { CANCEL_PAGE_PATH } from '../../../components/billing/paths'
import { isPaidPlan, type Plan, planTitle } from '../../../components/billing/plans'
import { usePortalRedirect } from '../../../components/billing/usePortal'
import { ConfirmModal } from '../../../components/ConfirmModal'
import { SettingsSection } from '../../../components/SettingsSection'
import { toastSuccess, toastWithTitle } from '../../../lib/toast'
import { dayFr, relativeFr } from './dates'

function StateText({ subscription }: { subscription: BillingSubscriptionDto }) {
  if (subscription.onGracePeriod && subscription.endsAt) return <Text>{t.grace(dayFr(subscription.endsAt))}</Text>
  if (isPaidPlan(subscription.planCode))
    return subscription.currentPeriodEnd ? <Text>{t.renewal(dayFr(subscription.currentPeriodEnd))}</Text> : null
  if (subscription.isOnTrial && subscription.trialEndsAt)
    return <Text>{t.trial(dayFr(subscription.trialEndsAt), relativeFr(subscription.trialEndsAt))}</Text>
  return <Text>{t.freePlanText}</Text>
}

/**
 * What the organisation is on: the plan, its trial, its grace period or its failed payment, with the payment means and
 * the cancellation (only with a plan and outside the grace period, spec/account.md §4).
 */
export function CurrentPlan({ subscription, plans }: { subscription: BillingSubscriptionDto; plans: readonly Plan[] }) {
  const plan = plans.find((candidate) => candidate.code === subscription.planCode)
  const paid = isPaidPlan(subscription.planCode)
  const portal = usePortalRedirect()
  const cancel = useCancelSubscription()
  const client = useQueryClient()
  const [confirming, confirm] = useDisclosure(false)

  const doCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        confirm.close()
        toastSuccess(t.cancelled)
        client.invalidateQueries({ queryKey: billingKey })
        reloadAfter(RELOAD_AFTER_CHANGE_MS)
      },
      onError: () => {
        confirm.close()
        toastWithTitle({ title: t.errorTitle, message: t.cancelFailed, color: 'red' })
      },
    })

  return (
    <SettingsSection title={t.currentTitle} id="current-plan">
      <Stack gap="md">
        <Text fz="lg" fw={600}>
          {subscription.isOnTrial && !paid
            ? t.trialTitle
            : plan
              ? paid
                ? planTitle(plan)
                : plan.name
              : subscription.planCode}
        </Text>
        <StateText subscription={subscription} />
        {subscription.paymentRequired ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t.paymentProblemTitle}>
            <Stack gap="sm">
              <Text size="sm">{t.paymentProblemText}</Text>
              {subscription.configured ? (
                <Group>
                  <Button color="red" size="xs" onClick={portal.open} loading={portal.pending}>
                    {t.regularize}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {paid && subscription.configured ? (
          <Group gap="sm">
            <Button variant="default" onClick={portal.open} loading={portal.pending}>
              {t.managePayment}
            </Button>
            {subscription.onGracePeriod ? null : (
              <Button variant="subtle" color="red" onClick={confirm.open} disabled={cancel.isSuccess}>
                {t.cancelButton}
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        onConfirm={doCancel}
        loading={cancel.isPending}
        title={t.cancelConfirmTitle}
        message={t.cancelConfirmText}
        confirmLabel={t.cancelConfirmLabel}
        cancelLabel={t.keepSubscription}
      >
        <Anchor component={Link} to={CANCEL_PAGE_PATH} size="sm">
          {t.cancelDetails}
        </Anchor>
      </ConfirmModal>
    </SettingsSection>
  )
}
