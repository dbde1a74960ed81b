import { canUseEndOfMonth, MAIL_VARIABLES, notificationMessages, paymentTermLabel } from '@app/domain'
import { Checkbox, Collapse, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useFeature } from '../../app/plan'
import { SettingsSection } from '../../components/SettingsSection'
import { VariablesHelp } from '../../components/VariablesHelp'
import type { SalesSettingsValues } from './salesSettingsValues'

type SectionProps = { form: UseFormReturnType<SalesSettingsValues> }

const DEFAULT_DAYS = 30

/** A whole number of days typed in the field, or null while it is empty or not a number yet. */
export const typedDays = (value: string): number | null => {
  const trimmed = value.trim()
  if (!/^\d+$/.test(trimmed)) return null
  return Number(trimmed)
}

export function DocumentsSection({ form }: SectionProps) {
  const limit = typedDays(form.values.invoicePaymentLimit)
  const endOfMonthAllowed = limit !== null && canUseEndOfMonth(limit)
  const endOfMonth = form.values.invoicePaymentEndOfMonth && endOfMonthAllowed
  const validity = typedDays(form.values.quoteValidityPeriod)

  return (
    <SettingsSection
      id="documents"
      title="Documents"
      description="Ce que reprennent tes nouveaux devis et factures ; tu peux toujours le changer sur chaque document."
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Validité des devis (jours)"
            inputMode="numeric"
            placeholder={String(DEFAULT_DAYS)}
            description={
              validity !== null && validity >= 1
                ? `Tes devis sont valables ${validity} ${validity === 1 ? 'jour' : 'jours'}.`
                : `Vide : ${DEFAULT_DAYS} jours.`
            }
            {...form.getInputProps('quoteValidityPeriod')}
          />
          <Stack gap={8}>
            <TextInput
              label="Délai de paiement des factures (jours)"
              inputMode="numeric"
              placeholder={String(DEFAULT_DAYS)}
              description={
                limit !== null && limit <= 365
                  ? `Sur tes factures : ${paymentTermLabel(limit, endOfMonth)}`
                  : `Vide : ${paymentTermLabel(DEFAULT_DAYS)}.`
              }
              {...form.getInputProps('invoicePaymentLimit')}
            />
            <Checkbox
              label="Fin de mois"
              description={endOfMonthAllowed ? undefined : 'Possible à partir de 30 jours'}
              disabled={!endOfMonthAllowed}
              checked={endOfMonth}
              onChange={(event) => form.setFieldValue('invoicePaymentEndOfMonth', event.currentTarget.checked)}
            />
          </Stack>
        </SimpleGrid>
        <Textarea
          label="Conditions par défaut des factures"
          placeholder="Ex. : Paiement par virement à réception."
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('invoiceTerms')}
        />
        <Textarea
          label="Conditions par défaut des devis"
          placeholder="Ex. : Devis à retourner signé avec la mention « Bon pour accord »."
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('quoteTerms')}
        />
      </Stack>
    </SettingsSection>
  )
}

export function OptionsSection({ form }: SectionProps) {
  // The free formula disables reminders (spec/sales.md "Reminders"): the switch is not offered there.
  const reminders = useFeature('reminders')
  return (
    <SettingsSection id="options" title="Options" description="Les champs proposés dans tes devis et factures.">
      <Stack gap="md">
        <Switch
          label="Frais de port"
          description="Ajoute des frais de livraison à tes documents"
          {...form.getInputProps('hasDeliveryFees', { type: 'checkbox' })}
        />
        <Stack gap="xs">
          <Switch
            label="Pénalités de retard"
            description="Mentionne le taux des pénalités de retard sur tes factures"
            {...form.getInputProps('hasLatePenalties', { type: 'checkbox' })}
          />
          <Collapse expanded={form.values.hasLatePenalties} keepMounted={false}>
            <TextInput
              label="Taux des pénalités de retard"
              inputMode="decimal"
              placeholder="Ex. : 10"
              rightSection="%"
              rightSectionPointerEvents="none"
              maw={240}
              ml={54}
              {...form.getInputProps('latePenaltyRate')}
            />
          </Collapse>
        </Stack>
        <Switch
          label="Débours"
          description="Refacture des frais payés pour le compte de tes clients"
          {...form.getInputProps('hasDisbursement', { type: 'checkbox' })}
        />
        <Switch
          label="Remises"
          description="Propose des remises sur les lignes et sur le total"
          {...form.getInputProps('hasDiscounts', { type: 'checkbox' })}
        />
        <Switch
          label="Option pour le paiement de la taxe d'après les débits"
          description="La mention figure sur tes factures"
          {...form.getInputProps('vatOnDebits', { type: 'checkbox' })}
        />
        {reminders && (
          <Switch
            label={notificationMessages.reminders.setting}
            description={notificationMessages.reminders.settingHint}
            {...form.getInputProps('lateInvoiceReminders', { type: 'checkbox' })}
          />
        )}
      </Stack>
    </SettingsSection>
  )
}

export function EmailsSection({ form }: SectionProps) {
  return (
    <SettingsSection
      id="e-mails"
      title="E-mails"
      description="Les messages proposés quand tu envoies un document par e-mail."
    >
      <Stack gap="md">
        <Text fw={500} size="sm">
          Factures
        </Text>
        <TextInput label="Objet de l'e-mail des factures" {...form.getInputProps('invoiceEmailSubject')} />
        <Textarea
          label="Message des factures"
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('invoiceEmail')}
        />
        <Text fw={500} size="sm" pt="xs">
          Devis
        </Text>
        <TextInput label="Objet de l'e-mail des devis" {...form.getInputProps('quoteEmailSubject')} />
        <Textarea label="Message des devis" autosize minRows={4} maxRows={12} {...form.getInputProps('quoteEmail')} />
        <Textarea label="Signature" autosize minRows={3} maxRows={8} {...form.getInputProps('emailSignature')} />
        <VariablesHelp variables={MAIL_VARIABLES} when="à l'envoi" />
      </Stack>
    </SettingsSection>
  )
}
