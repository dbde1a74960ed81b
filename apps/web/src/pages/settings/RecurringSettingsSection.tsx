import { MAIL_VARIABLES, messages, type RecurringUnit } from '@app/domain'
import { Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useFeature } from '../../app/plan'
import { PremiumStar } from '../../components/PremiumStar'
import { SettingsSection } from '../../components/SettingsSection'
import {
  CREATION_OPTION_CHOICES,
  ENDING_TYPE_CHOICES,
  RecurringChoice,
} from '../../components/subscriptions/RecurringChoice'
import { VariablesHelp } from '../../components/VariablesHelp'
import type { SalesSettingsValues } from './salesSettingsValues'

const UNITS: { value: RecurringUnit; label: string }[] = [
  { value: 'day', label: 'Tous les jours' },
  { value: 'week', label: 'Toutes les semaines' },
  { value: 'month', label: 'Tous les mois' },
  { value: 'year', label: 'Tous les ans' },
]

/**
 * Defaults of new recurring invoices and the e-mail each occurrence sends (spec/sales.md §3 "recurringUnit,
 * recurringCreationOption, recurringEndingType", recurringEmail). "Recurring settings are disabled unless the plan is
 * premium" (§5): shown locked, with the star, on other plans; the server refuses a change too.
 */
export function RecurringSettingsSection({ form }: { form: UseFormReturnType<SalesSettingsValues> }) {
  const allowed = useFeature('recurring_invoices') === true
  const locked = !allowed
  return (
    <SettingsSection
      id="factures-recurrentes"
      title={messages.recurring.title}
      description="Ce que propose une nouvelle facture récurrente, et le message de chaque facture envoyée."
      aside={<PremiumStar locked={locked} size={16} />}
    >
      <Stack gap="md">
        {locked ? (
          <Text size="sm" c="dimmed">
            {messages.recurring.premiumRequired}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Select
            label="Récurrence par défaut"
            data={UNITS}
            allowDeselect={false}
            disabled={locked}
            {...form.getInputProps('recurringUnit')}
          />
          <RecurringChoice
            label="À chaque échéance"
            choices={CREATION_OPTION_CHOICES}
            disabled={locked}
            value={form.values.recurringCreationOption}
            onChange={(value) => form.setFieldValue('recurringCreationOption', value)}
          />
          <RecurringChoice
            label="Fin de l'abonnement"
            choices={ENDING_TYPE_CHOICES}
            disabled={locked}
            value={form.values.recurringEndingType}
            onChange={(value) => form.setFieldValue('recurringEndingType', value)}
          />
        </SimpleGrid>
        <Textarea
          label="Message des factures récurrentes"
          description="Le message de chaque facture validée et envoyée par une facture récurrente."
          autosize
          minRows={4}
          maxRows={12}
          disabled={locked}
          {...form.getInputProps('recurringEmail')}
        />
        <VariablesHelp variables={MAIL_VARIABLES} when="à l'envoi" />
      </Stack>
    </SettingsSection>
  )
}
