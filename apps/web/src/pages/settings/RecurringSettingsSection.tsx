import { type CreationOption, type EndingType, MAIL_VARIABLES, messages, type RecurringUnit } from '@app/domain'
import { Radio, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useFeature } from '../../app/plan'
import { PremiumStar } from '../../components/PremiumStar'
import { SettingsSection } from '../../components/SettingsSection'
import { VariablesHelp } from '../../components/VariablesHelp'
import type { SalesSettingsValues } from './SalesSettingsPage'

const UNITS: { value: RecurringUnit; label: string }[] = [
  { value: 'day', label: 'Tous les jours' },
  { value: 'week', label: 'Toutes les semaines' },
  { value: 'month', label: 'Tous les mois' },
  { value: 'year', label: 'Tous les ans' },
]

const CREATION_OPTIONS: { value: CreationOption; label: string }[] = [
  { value: 'draft', label: 'Créer un brouillon à valider' },
  { value: 'send', label: 'Valider et envoyer par e-mail' },
]

const ENDING_TYPES: { value: EndingType; label: string }[] = [
  { value: 'date', label: 'À une date' },
  { value: 'occurrences', label: "Après un nombre d'échéances" },
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
          <Radio.Group label="À chaque échéance" {...form.getInputProps('recurringCreationOption')}>
            <Stack gap={6} mt={6}>
              {CREATION_OPTIONS.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} disabled={locked} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group label="Fin de l'abonnement" {...form.getInputProps('recurringEndingType')}>
            <Stack gap={6} mt={6}>
              {ENDING_TYPES.map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} disabled={locked} />
              ))}
            </Stack>
          </Radio.Group>
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
