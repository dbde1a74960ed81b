import { Alert, Box, Center, Loader, Stack, Text, Title } from '@mantine/core'
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { meQueryKey } from '../../../app/session'
import { billingKey, useBillingSubscription, usePlans } from '../../../components/billing/billingQueries'
import { billingTexts as t } from '../../../components/billing/billingTexts'
import { ChangePlanModal } from '../../../components/billing/ChangePlanModal'
import { PlanChooser } from '../../../components/billing/PlanCards'
import { isPaidPlan, offerFrom, offerOf, type Period, periodOf } from '../../../components/billing/plans'
import { usePlanChoice } from '../../../components/billing/usePlanChoice'
import { ErrorState } from '../../../components/ErrorState'
import { SettingsSection } from '../../../components/SettingsSection'
import { toastSuccess } from '../../../lib/toast'
import { BillsSection } from './BillsSection'
import { ComparisonTable } from './ComparisonTable'
import { CurrentPlan } from './CurrentPlan'

/** Back from the provider's page the webhook may not have landed yet: the plan is read again every 2 s until then. */
const CHECKOUT_POLL_MS = 2000

/**
 * /app/setting/subscription (spec/account.md §2 "Organisation, plans and subscriptions"): the current plan, the plan
 * cards (offer and period in the address, ?offer=classic&period=yearly), the comparison and the subscription's bills.
 */
export function SubscriptionPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const checkout = searchParams.get('checkout')
  const client = useQueryClient()
  const plans = usePlans()
  const waitingForPayment = checkout === 'success'
  const subscription = useBillingSubscription((query) =>
    waitingForPayment && !isPaidPlan(query.state.data?.planCode ?? 'free') ? CHECKOUT_POLL_MS : false,
  )
  const choice = usePlanChoice(subscription.data)

  const paidNow = waitingForPayment && subscription.data !== undefined && isPaidPlan(subscription.data.planCode)
  const toasted = useRef(false)
  useEffect(() => {
    if (!paidNow || toasted.current) return
    toasted.current = true
    toastSuccess(t.paymentSucceeded, 20_000)
    // The rest of the app reads the plan from /me: its menus and gates open now.
    client.invalidateQueries({ queryKey: meQueryKey })
    client.invalidateQueries({ queryKey: billingKey })
  }, [paidNow, client])

  const setParam = (name: string, value: string) =>
    setSearchParams(
      (params) => {
        params.set(name, value)
        return params
      },
      { replace: true },
    )

  if (subscription.isPending || plans.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  if (subscription.isError || plans.isError)
    return <ErrorState onRetry={() => (subscription.isError ? subscription.refetch() : plans.refetch())} />

  const current = subscription.data
  const currentPlan = plans.data.find((plan) => plan.code === current.planCode)
  const paid = isPaidPlan(current.planCode)
  const offer = searchParams.has('offer') || !paid ? offerFrom(searchParams.get('offer')) : offerOf(current.planCode)
  const period: Period =
    searchParams.get('period') === 'yearly' ||
    (!searchParams.has('period') && paid && periodOf(current.planCode) === 'yearly')
      ? 'yearly'
      : 'monthly'

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          {t.pageTitle}
        </Title>
        <Text c="dimmed" size="sm">
          {t.pageDescription}
        </Text>
      </Box>

      {waitingForPayment && !paidNow ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title={t.checkoutThanks}>
          {t.checkoutSuccess}
        </Alert>
      ) : null}
      {checkout === 'cancel' ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} />} title={t.checkoutCancelled}>
          {t.checkoutCancelledText}
        </Alert>
      ) : null}
      {current.configured ? null : (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} />} title={t.notConfigured}>
          {t.notConfiguredHint}
        </Alert>
      )}

      <CurrentPlan subscription={current} plans={plans.data} />

      <SettingsSection title={t.plansTitle} description={t.plansDescription} id="plans">
        <PlanChooser
          plans={plans.data}
          offer={offer}
          period={period}
          onPeriodChange={(value) => setParam('period', value)}
          onOfferChange={(value) => setParam('offer', value)}
          action={{ subscription: current, onChoose: choice.choose, pendingCode: choice.pendingCode }}
        />
      </SettingsSection>

      <ComparisonTable plans={plans.data} />

      {current.configured ? <BillsSection /> : null}

      <ChangePlanModal current={currentPlan} target={choice.changing} onClose={choice.stopChanging} />
    </Stack>
  )
}
