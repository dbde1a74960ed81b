import { messages } from '@app/domain'
import { Button, Group, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconRepeat } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { FeatureGate } from '../FeatureGate'
import { PlansButton } from '../PlansButton'
import { PremiumStar } from '../PremiumStar'

/**
 * What recurring invoices do, and that they need a Plus plan (spec/account.md §6 "Plan gates … with an upsell"), with
 * the way to the must-upgrade screen that offers Pop+.
 */
function UpsellContent() {
  return (
    <Stack gap="sm" align="center" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="yellow">
        <IconRepeat size={26} />
      </ThemeIcon>
      <Group gap={6} justify="center">
        <Text fw={600} fz="lg">
          {messages.recurring.title}
        </Text>
        <PremiumStar locked size={16} />
      </Group>
      <Text>{messages.recurring.premiumUpsell}</Text>
      <Text c="dimmed" size="sm">
        {messages.recurring.premiumRequired}
      </Text>
      <PlansButton needsPlus />
    </Stack>
  )
}

/** The page a plan without recurring invoices gets instead of their list or editor. */
export function RecurringUpsellPage() {
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        {messages.recurring.title}
      </Title>
      <Paper withBorder radius="lg" p="xl" data-testid="recurring-upsell">
        <UpsellContent />
      </Paper>
    </Stack>
  )
}

/** The same, over the page: "Créer une facture récurrente" on a plan without them. */
export function RecurringUpsellModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      size="md"
      title={messages.recurring.createFromInvoice}
    >
      <Stack gap="lg">
        <UpsellContent />
        <Button variant="default" onClick={onClose}>
          Fermer
        </Button>
      </Stack>
    </Modal>
  )
}

/** The recurring invoice pages: their content on a plan that includes them, the upsell otherwise. */
export function RecurringGate({ children }: { children: ReactNode }) {
  return (
    <FeatureGate feature="recurring_invoices" upsell={<RecurringUpsellPage />}>
      {children}
    </FeatureGate>
  )
}
