import { type ContactDto, DOCUMENT_TEXT_MAX, DOCUMENT_VARIABLES, messages, TEXT_MAX } from '@app/domain'
import { Grid, Paper, Select, Text, Textarea, TextInput } from '@mantine/core'
import { DateField } from '../../DateField'
import { VariablesHelp } from '../../VariablesHelp'
import { PaymentTerm, ValidityField } from './DeadlineFields'
import { billingAddresses, type EditorForm } from './editorForm'
import type { DocumentKind } from './editorQueries'
import { addressLabel } from './SettingsDrawer'

const idOf = (address: { id: number } | undefined) => (address ? String(address.id) : null)

/**
 * The document's main fields, above the lines: the issue date, the payment term (invoice) or the validity (quote), the
 * customer and its billing address, the title and the introduction. A recurring invoice has no issue date: each
 * invoice it creates is dated the day of its occurrence.
 */
export function MainFields({
  kind,
  form,
  customers,
  customersPending,
  contact,
  readOnly,
  withIssueDate = true,
}: {
  kind: DocumentKind
  form: EditorForm
  customers: ContactDto[] | undefined
  customersPending: boolean
  contact: ContactDto | undefined
  readOnly: boolean
  withIssueDate?: boolean
}) {
  const setContact = (id: string | null) => {
    const chosen = customers?.find((customer) => String(customer.id) === id)
    form.setFieldValue('contactId', id)
    form.setFieldValue('billingAddressId', idOf(billingAddresses(chosen)[0]))
    form.setFieldValue('deliveryAddressId', null)
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Grid gap="md">
        {withIssueDate ? (
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <DateField
              label="Date d'émission"
              withAsterisk={!readOnly}
              readOnly={readOnly}
              {...form.getInputProps('datedAt')}
              onChange={(value) => form.setFieldValue('datedAt', value ?? '')}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          {kind === 'invoice' ? (
            <PaymentTerm form={form} readOnly={readOnly} perOccurrence={!withIssueDate} />
          ) : (
            <ValidityField form={form} readOnly={readOnly} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: withIssueDate ? 12 : 6, md: withIssueDate ? 4 : 8 }}>
          <Select
            label="Client"
            placeholder={customersPending ? 'Chargement…' : 'Choisis un client'}
            data={(customers ?? []).map((customer) => ({ value: String(customer.id), label: customer.name }))}
            searchable
            clearable={!readOnly}
            readOnly={readOnly}
            nothingFoundMessage={messages.generic.noResult}
            value={form.values.contactId}
            error={form.errors.contactId}
            onChange={setContact}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 5, md: 4 }}>
          <TextInput
            label="Titre"
            withAsterisk={!readOnly}
            readOnly={readOnly}
            maxLength={TEXT_MAX}
            {...form.getInputProps('name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 4, md: 5 }}>
          <BillingAddress form={form} contact={contact} readOnly={readOnly} />
        </Grid.Col>
        <Grid.Col span={12} order={6}>
          <Textarea
            label="Introduction"
            autosize
            minRows={2}
            maxRows={10}
            readOnly={readOnly}
            maxLength={DOCUMENT_TEXT_MAX}
            {...form.getInputProps('description')}
          />
          {readOnly ? null : <VariablesHelp variables={DOCUMENT_VARIABLES} when="à la validation" />}
        </Grid.Col>
      </Grid>
    </Paper>
  )
}

/** The special terms ("Conditions particulières"), below the totals. */
export function TermsField({ form, readOnly }: { form: EditorForm; readOnly: boolean }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Textarea
        label="Conditions particulières"
        autosize
        minRows={2}
        maxRows={10}
        readOnly={readOnly}
        maxLength={DOCUMENT_TEXT_MAX}
        {...form.getInputProps('terms')}
      />
    </Paper>
  )
}

/** The customer's billing address, among its addresses of type BILLING (the first one by default). */
function BillingAddress({
  form,
  contact,
  readOnly,
}: {
  form: EditorForm
  contact: ContactDto | undefined
  readOnly: boolean
}) {
  const addresses = billingAddresses(contact)
  if (!contact) return null
  if (addresses.length === 0)
    return (
      <Text size="sm" c="dimmed" mt={28}>
        Aucune adresse de facturation
      </Text>
    )
  return (
    <Select
      label="Adresse de facturation"
      data={addresses.map((address) => ({ value: String(address.id), label: addressLabel(address) }))}
      allowDeselect={false}
      readOnly={readOnly}
      {...form.getInputProps('billingAddressId')}
    />
  )
}
