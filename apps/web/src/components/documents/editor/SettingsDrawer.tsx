import { ADDRESS_TYPE_COMPANY_ID, CONTACT_TYPE_INDIVIDUAL_ID, type ContactDto } from '@app/domain'
import { Button, Select, Stack, Switch, Text } from '@mantine/core'
import { AppDrawer } from '../../AppDrawer'
import { DateField } from '../../DateField'
import { MoneyInput } from '../../MoneyInput'
import type { EditorForm } from './editorForm'
import type { DocumentKind } from './editorQueries'

export const addressLabel = (address: ContactDto['addresses'][number]) =>
  [address.name, address.street, `${address.postcode} ${address.city}`].filter(Boolean).join(', ')

/**
 * The side settings drawer ("Paramètres"): the less common options of a document, so that the main form stays light —
 * delivery address and date, late penalties.
 */
export function SettingsDrawer({
  opened,
  onClose,
  form,
  kind,
  contact,
  readOnly,
  showLatePenalties,
  defaultLatePenalties,
  withDeliveryDate = kind === 'invoice',
}: {
  opened: boolean
  onClose: () => void
  form: EditorForm
  kind: DocumentKind
  contact: ContactDto | undefined
  readOnly: boolean
  showLatePenalties: boolean
  defaultLatePenalties: string
  /** An invoice's delivery date; a recurring invoice has none (each invoice it creates is dated its occurrence). */
  withDeliveryDate?: boolean
}) {
  const values = form.values
  // A business customer's COMPANY address is not a delivery place (spec/sales.md §5 "Contact selection"); the billing
  // address itself is the default, not a choice.
  const addresses = (contact?.addresses ?? [])
    .filter(
      (address) =>
        (contact?.contactTypeId === CONTACT_TYPE_INDIVIDUAL_ID || address.addressTypeId !== ADDRESS_TYPE_COMPANY_ID) &&
        String(address.id) !== values.billingAddressId,
    )
    .map((address) => ({ value: String(address.id), label: addressLabel(address) }))
  return (
    <AppDrawer
      opened={opened}
      onClose={onClose}
      title="Paramètres"
      size="md"
      footer={<Button onClick={onClose}>Fermer</Button>}
    >
      <Stack gap="lg">
        <Select
          label="Adresse de livraison"
          description={contact ? 'Si elle diffère de l’adresse de facturation' : 'Choisis d’abord un client'}
          placeholder="Identique à l’adresse de facturation"
          data={addresses}
          clearable
          disabled={!contact}
          readOnly={readOnly}
          {...form.getInputProps('deliveryAddressId')}
        />
        {withDeliveryDate ? (
          <DateField
            label="Date de livraison"
            placeholder="jj/mm/aaaa"
            clearable
            readOnly={readOnly}
            {...form.getInputProps('deliveredAt')}
          />
        ) : null}
        {showLatePenalties || values.hasLatePenalties ? (
          <Stack gap={4}>
            <Switch
              label="Pénalités de retard"
              disabled={readOnly}
              checked={values.hasLatePenalties}
              onChange={(event) => {
                const on = event.currentTarget.checked
                form.setFieldValue('hasLatePenalties', on)
                form.setFieldValue('latePenalties', on ? defaultLatePenalties : '')
              }}
            />
            {values.hasLatePenalties ? (
              <MoneyInput
                label="Taux annuel"
                rightSection="%"
                maw={180}
                readOnly={readOnly}
                value={values.latePenalties}
                error={form.errors.latePenalties}
                onChange={(value) => form.setFieldValue('latePenalties', value)}
              />
            ) : null}
            <Text size="xs" c="dimmed">
              Imprimées sur les documents des clients professionnels.
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </AppDrawer>
  )
}
