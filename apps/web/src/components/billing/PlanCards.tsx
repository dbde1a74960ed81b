import { type BillingSubscriptionDto, type Feature, formatEuro, PREMIUM_FEATURES } from '@app/domain'
import { Badge, Button, Group, List, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { featureLabels, billingTexts as t } from './billingTexts'
import { canSwitch, FREE_PLAN, isPaidPlan, type Offer, type Period, type Plan, plansShown } from './plans'

/** A card is narrow beside the settings menu: the action's label wraps rather than being cut. */
const WRAPPING_BUTTON = {
  fullWidth: true,
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const

const isFeature = (code: string): code is Feature => (PREMIUM_FEATURES as readonly string[]).includes(code)

/** The plan's features in the order of PREMIUM_FEATURES, named in French. */
const featuresOf = (plan: Plan) =>
  plan.code === FREE_PLAN
    ? [t.freeFeatures]
    : PREMIUM_FEATURES.filter((feature) => plan.features.includes(feature) && isFeature(feature)).map(
        (feature) => featureLabels[feature],
      )

export type PlanCardAction = {
  subscription: BillingSubscriptionDto
  onChoose: (plan: Plan) => void
  pendingCode: string | null
}

/** The current plan is marked; during a trial the free formula is not "current" yet. */
const isCurrent = (plan: Plan, subscription: BillingSubscriptionDto) =>
  plan.code === subscription.planCode && !(plan.code === FREE_PLAN && subscription.isOnTrial)

function CardAction({ plan, subscription, onChoose, pendingCode }: PlanCardAction & { plan: Plan }) {
  if (isCurrent(plan, subscription)) return <Badge variant="light">{t.currentPlan}</Badge>
  if (!subscription.configured || !isPaidPlan(plan.code)) return null
  if (isPaidPlan(subscription.planCode)) {
    const allowed = canSwitch(subscription.planCode, plan.code)
    return (
      <Stack gap={4}>
        <Button {...WRAPPING_BUTTON} variant="light" onClick={() => onChoose(plan)} disabled={!allowed}>
          {t.switchTo}
        </Button>
        {allowed ? null : (
          <Text size="xs" c="dimmed">
            {t.yearlyToMonthly}
          </Text>
        )}
      </Stack>
    )
  }
  return (
    <Button
      {...WRAPPING_BUTTON}
      onClick={() => onChoose(plan)}
      loading={pendingCode === plan.code}
      disabled={pendingCode !== null && pendingCode !== plan.code}
    >
      {t.subscribe}
    </Button>
  )
}

/** One plan: its name (the card's accessible name), price excl. VAT, collaborators, features and action. */
export function PlanCard({
  plan,
  action,
  headingOrder = 4,
}: {
  plan: Plan
  action?: PlanCardAction
  /** Under the page's section titles (h3) by default; 2 on a screen of its own. */
  headingOrder?: 2 | 3 | 4
}) {
  const titleId = `plan-${plan.code}`
  const current = action ? isCurrent(plan, action.subscription) : false
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p="lg"
      style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Title order={headingOrder} size="h4" id={titleId}>
          {plan.name}
        </Title>
        <Group gap={6} align="baseline">
          <Text fz={28} fw={700} lh={1}>
            {formatEuro(plan.price, { decimals: Number(plan.price) % 1 === 0 ? 0 : 2 })}
          </Text>
          <Text size="sm" c="dimmed">
            {plan.isMonthly ? t.perMonth : t.perYear}
          </Text>
        </Group>
        <Text size="sm" fw={500}>
          {t.collaborators(plan.maxCollaborators)}
        </Text>
        <List
          size="sm"
          spacing={4}
          icon={<IconCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />}
          style={{ flex: 1 }}
        >
          {featuresOf(plan).map((label) => (
            <List.Item key={label}>{label}</List.Item>
          ))}
        </List>
        {action ? <CardAction plan={plan} {...action} /> : null}
      </Stack>
    </Paper>
  )
}

/**
 * The plan cards with the Mensuel/Annuel switch (and the offer's, on the plan page): the free plan and the offer's
 * plans of the period (plansShown).
 */
export function PlanChooser({
  plans,
  offer,
  period,
  onPeriodChange,
  onOfferChange,
  action,
  withFree = true,
  headingOrder = 4,
}: {
  plans: readonly Plan[]
  offer: Offer
  period: Period
  onPeriodChange: (period: Period) => void
  onOfferChange?: (offer: Offer) => void
  action?: PlanCardAction
  withFree?: boolean
  headingOrder?: 2 | 3 | 4
}) {
  const shown = plansShown(plans, offer, period).filter((plan) => withFree || plan.code !== FREE_PLAN)
  return (
    <Stack gap="md">
      <Group gap="sm">
        <SegmentedControl
          aria-label={t.periodLabel}
          value={period}
          onChange={(value) => onPeriodChange(value as Period)}
          data={[
            { value: 'monthly', label: t.monthly },
            { value: 'yearly', label: t.yearly },
          ]}
        />
        {onOfferChange ? (
          <SegmentedControl
            aria-label={t.offerLabel}
            value={offer}
            onChange={(value) => onOfferChange(value as Offer)}
            data={[
              { value: 'pop', label: 'Pop' },
              { value: 'classic', label: 'Classic' },
            ]}
          />
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: Math.min(shown.length, 3) }} spacing="md">
        {shown.map((plan) => (
          <PlanCard key={plan.code} plan={plan} action={action} headingOrder={headingOrder} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
