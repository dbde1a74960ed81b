import type { BillingSubscriptionDto } from '@app/domain'
import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertTriangle, IconCreditCardOff, IconHourglassEmpty, IconRocket } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { Navigate, Link as RouterLink, useNavigate } from 'react-router'
import { meQueryKey, useMe } from '../../app/session'
import { useBillingSubscription, usePlans } from '../../components/billing/billingQueries'
import { billingTexts as t } from '../../components/billing/billingTexts'
import { ChangePlanModal } from '../../components/billing/ChangePlanModal'
import { PlanCard, PlanChooser } from '../../components/billing/PlanCards'
import { SUBSCRIPTION_PATH } from '../../components/billing/paths'
import type { Offer, Period, Plan } from '../../components/billing/plans'
import { usePlanChoice } from '../../components/billing/usePlanChoice'
import { usePortalRedirect } from '../../components/billing/usePortal'
import { ErrorState } from '../../components/ErrorState'
import { OUPS_SLUGS } from './NotOwnerPage'
import { markTrialEndSeen } from './subscriptionGate'

/** The plan the upgrade screen offers (spec/account.md "Must upgrade"). */
export const UPGRADE_PLAN = 'pop-plus-monthly'
/** Where the suspended screen goes once the payment is settled (spec/account.md §4 "Redirects"). */
export const SUBSCRIBED_AGAIN_PATH = '/app?you-are-subbed=yay'
/** While suspended, the subscription is read again every 5 s: the provider's webhook lifts it. */
const SUSPENDED_POLL_MS = 5000

function Frame({
  icon,
  color,
  title,
  text,
  children,
  wide = false,
}: {
  icon: ReactNode
  color: string
  title: string
  text: ReactNode
  children: ReactNode
  wide?: boolean
}) {
  return (
    <Center py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={wide ? 960 : 560} w="100%">
        <Stack gap="lg">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" variant="light" color={color}>
              {icon}
            </ThemeIcon>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" maw={560}>
              {text}
            </Text>
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  )
}

/** The subscription and the plans, loaded, then `children` with them. */
function WithBilling({
  children,
  refetchInterval = false,
}: {
  children: (subscription: BillingSubscriptionDto, plans: Plan[]) => ReactNode
  refetchInterval?: number | false
}) {
  const subscription = useBillingSubscription(refetchInterval)
  const plans = usePlans()
  if (subscription.isPending || plans.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  if (subscription.isError || plans.isError)
    return <ErrorState onRetry={() => (subscription.isError ? subscription.refetch() : plans.refetch())} />
  return children(subscription.data, plans.data)
}

function NotConfigured({ subscription }: { subscription: BillingSubscriptionDto }) {
  return subscription.configured ? null : (
    <Alert color="yellow" variant="light" title={t.notConfigured}>
      {t.notConfiguredHint}
    </Alert>
  )
}

function AllPlansLink() {
  return (
    <Anchor component={RouterLink} to={SUBSCRIPTION_PATH} size="sm" ta="center">
      Voir toutes les formules
    </Anchor>
  )
}

/** Cards of the Pop offer with the period switch; choosing subscribes or opens the plan change. */
function PopPlans({ subscription, plans }: { subscription: BillingSubscriptionDto; plans: Plan[] }) {
  const [period, setPeriod] = useState<Period>('monthly')
  const [offer, setOffer] = useState<Offer>('pop')
  const choice = usePlanChoice(subscription)
  return (
    <>
      <PlanChooser
        plans={plans}
        offer={offer}
        period={period}
        onPeriodChange={setPeriod}
        onOfferChange={setOffer}
        withFree={false}
        headingOrder={2}
        action={{ subscription, onChoose: choice.choose, pendingCode: choice.pendingCode }}
      />
      <ChangePlanModal
        current={plans.find((plan) => plan.code === subscription.planCode)}
        target={choice.changing}
        onClose={choice.stopChanging}
      />
    </>
  )
}

/**
 * /app/oups/must-upgrade-plan for the owner: the feature needs a Plus plan; Pop+ monthly with its features, to take at
 * once. Back to /app as soon as the plan is a Plus one.
 */
export function MustUpgradePlanPage() {
  const organization = useMe().data?.currentOrganization
  if (organization?.plan.code.includes('plus')) return <Navigate to="/app" replace />
  return (
    <Frame
      icon={<IconRocket size={28} />}
      color="yellow"
      title={OUPS_SLUGS['must-upgrade-plan']}
      text="Les factures récurrentes et jusqu’à 5 collaborateurs sont réservés aux formules Plus. Passe à Pop+ pour en profiter tout de suite."
    >
      <WithBilling>{(subscription, plans) => <UpgradeOffer subscription={subscription} plans={plans} />}</WithBilling>
    </Frame>
  )
}

function UpgradeOffer({ subscription, plans }: { subscription: BillingSubscriptionDto; plans: Plan[] }) {
  const choice = usePlanChoice(subscription)
  const plan = plans.find((candidate) => candidate.code === UPGRADE_PLAN)
  return (
    <Stack gap="md" maw={420} mx="auto" w="100%">
      <NotConfigured subscription={subscription} />
      {plan ? (
        <PlanCard
          plan={plan}
          headingOrder={2}
          action={{ subscription, onChoose: choice.choose, pendingCode: choice.pendingCode }}
        />
      ) : null}
      <AllPlansLink />
      <ChangePlanModal
        current={plans.find((candidate) => candidate.code === subscription.planCode)}
        target={choice.changing}
        onClose={choice.stopChanging}
      />
    </Stack>
  )
}

/**
 * /app/oups/subscription-out for the owner: the subscription is suspended after a failed payment; settle it through
 * the provider's portal or take a Pop plan. Read again every 5 s; once no payment is required, on to the dashboard.
 */
export function SubscriptionOutPage() {
  return (
    <Frame
      wide
      icon={<IconCreditCardOff size={28} />}
      color="red"
      title={OUPS_SLUGS['subscription-out']}
      text="Le dernier paiement de ton abonnement n’a pas abouti. Tes données sont toutes là : régularise ton paiement, ou choisis une formule Pop pour repartir."
    >
      <WithBilling refetchInterval={SUSPENDED_POLL_MS}>
        {(subscription, plans) => <Suspended subscription={subscription} plans={plans} />}
      </WithBilling>
    </Frame>
  )
}

function Suspended({ subscription, plans }: { subscription: BillingSubscriptionDto; plans: Plan[] }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const portal = usePortalRedirect()
  const settled = !subscription.paymentRequired
  useEffect(() => {
    if (!settled) return
    // /me first: the gate reads paymentRequired there and would send the dashboard straight back here.
    client.invalidateQueries({ queryKey: meQueryKey }).then(() => navigate(SUBSCRIBED_AGAIN_PATH, { replace: true }))
  }, [settled, client, navigate])
  if (settled)
    return (
      <Center>
        <Loader aria-label="Chargement" />
      </Center>
    )
  return (
    <Stack gap="lg">
      <NotConfigured subscription={subscription} />
      {subscription.configured ? (
        <Center>
          <Button size="md" color="red" onClick={portal.open} loading={portal.pending}>
            {t.regularize}
          </Button>
        </Center>
      ) : null}
      <PopPlans subscription={subscription} plans={plans} />
    </Stack>
  )
}

/**
 * /app/oups/subscription-payment-error for the owner: a payment failed; "Régulariser" opens the provider's portal, where
 * the card can be changed and the invoice paid.
 */
export function PaymentErrorPage() {
  return (
    <Frame
      icon={<IconAlertTriangle size={28} />}
      color="orange"
      title={OUPS_SLUGS['subscription-payment-error']}
      text="Ta banque a refusé le dernier prélèvement de ton abonnement. Mets à jour ta carte et règle la facture en attente pour éviter la suspension de ton abonnement."
    >
      <WithBilling>{(subscription) => <Regularize subscription={subscription} />}</WithBilling>
    </Frame>
  )
}

function Regularize({ subscription }: { subscription: BillingSubscriptionDto }) {
  const portal = usePortalRedirect()
  return (
    <Stack gap="md" align="center">
      <NotConfigured subscription={subscription} />
      {subscription.configured ? (
        <Button size="md" onClick={portal.open} loading={portal.pending}>
          {t.regularize}
        </Button>
      ) : null}
      <AllPlansLink />
    </Stack>
  )
}

/**
 * /app/oups/trial-period-end for the owner, shown once after the trial (subscriptionGate): the organisation is on the
 * free formula; the plans to choose, or carry on for free.
 */
export function TrialEndPage() {
  const organization = useMe().data?.currentOrganization
  const organizationId = organization?.id
  useEffect(() => {
    if (organizationId !== undefined) markTrialEndSeen(organizationId)
  }, [organizationId])
  // Still on the trial, or subscribed since: nothing has ended.
  if (organization && !organization.free) return <Navigate to="/app" replace />
  return (
    <Frame
      wide
      icon={<IconHourglassEmpty size={28} />}
      color="teal"
      title={OUPS_SLUGS['trial-period-end']}
      text="Ton entreprise est passée à la formule gratuite : tes devis, factures et clients restent là. Choisis une formule pour retrouver la banque, les notes de frais, les justificatifs et tout le reste."
    >
      <WithBilling>
        {(subscription, plans) => (
          <Stack gap="lg">
            <NotConfigured subscription={subscription} />
            <PopPlans subscription={subscription} plans={plans} />
            <Center>
              <Button component={RouterLink} to="/app" variant="subtle">
                Continuer avec la formule gratuite
              </Button>
            </Center>
          </Stack>
        )}
      </WithBilling>
    </Frame>
  )
}
