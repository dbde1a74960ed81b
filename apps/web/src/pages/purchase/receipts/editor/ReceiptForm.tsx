import { formatEuro, messages, type ReceiptDto, TEXT_MAX } from '@app/domain'
import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconCalendar } from '@tabler/icons-react'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { BackToListButton } from '../../../../components/BackToListButton'
import { DateField } from '../../../../components/DateField'
import { NoteField } from '../../../../components/documents/tabs/NoteField'
import { showServerErrors } from '../../../../components/formErrors'
import { formatInstantDateTime } from '../../../../components/instant'
import { LEAVE_WITHOUT_ASKING, LeaveGuard } from '../../../../components/LeaveGuard'
import { MoneyInput } from '../../../../components/MoneyInput'
import { ReferenceSelect } from '../../../../components/ReferenceSelect'
import { toastError, toastSuccess } from '../../../../lib/toast'
import { ReceiptBadge } from '../ReceiptBadge'
import { ReceiptPreview } from '../ReceiptPreview'
import { RECEIPTS_PATH, receiptEditorPath } from '../receiptParams'
import { fetchNextToValidate, useSuppliers, useUpdateReceipt } from '../receiptQueries'
import { bodyOf, type ReceiptValues, validateReceipt, valuesOf, vatOf } from './receiptForm'

/** Where a receipt came from, as the editor's read-only field says it. */
const ORIGINS: Record<string, string> = {
  upload: 'Import depuis les justificatifs',
  transaction: 'Import depuis une transaction',
}
export const originLabel = (origin: string) => ORIGINS[origin] ?? origin

/** The reference list of currencies (page size 999, cached 8 hours as every reference list). */
const CURRENCIES_PATH = '/currencies?pageSize=999'

/**
 * The receipt editor's two halves (spec/money.md §2 "Receipt editor"): the file on the left, the form on the right —
 * reference, description, supplier, issue date, currency, amounts excluding and including tax, the VAT between them
 * (read only), origin and import date, and the private note (saved by itself, like a transaction's). "Terminer plus tard" goes back to the list (asking first when something was
 * typed); "Enregistrer et passer au suivant" validates the receipt, then opens the next one to process, or the list.
 */
export function ReceiptForm({ receipt }: { receipt: ReceiptDto }) {
  const navigate = useNavigate()
  const suppliers = useSuppliers()
  const update = useUpdateReceipt(receipt.id)
  const form = useForm<ReceiptValues>({ initialValues: valuesOf(receipt), validate: validateReceipt })
  const vat = vatOf(form.values)
  const dirty = form.isDirty()
  // A reading that ends while the editor is open fills the form, unless something was typed meanwhile.
  const wasReading = useRef(receipt.reading)
  useEffect(() => {
    if (wasReading.current && !receipt.reading && !form.isDirty()) {
      form.setInitialValues(valuesOf(receipt))
      form.setValues(valuesOf(receipt))
    }
    wasReading.current = receipt.reading
  }, [receipt, form])

  const save = async (values: ReceiptValues) => {
    try {
      await update.mutateAsync(bodyOf(values))
    } catch (error) {
      // Field errors go under their fields, with the generic error toast (spec/money.md §8 "Receipt save failure");
      // a refusal of the whole receipt (validated meanwhile: 409) says why.
      if (showServerErrors(form, error)) toastError(undefined)
      return
    }
    toastSuccess(messages.receipts.saved)
    const next = await fetchNextToValidate(receipt.id).catch(() => null)
    navigate(next ? receiptEditorPath(next.id) : RECEIPTS_PATH, { state: LEAVE_WITHOUT_ASKING })
  }

  const supplierData = (suppliers.data ?? []).map((contact) => ({ value: String(contact.id), label: contact.name }))
  // A supplier no longer listed (deleted, or beyond the list) keeps its name.
  if (receipt.contact && !supplierData.some((option) => option.value === String(receipt.contact?.id)))
    supplierData.push({ value: String(receipt.contact.id), label: receipt.contact.name })

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <LeaveGuard when={dirty && !update.isSuccess} />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <BackToListButton to={RECEIPTS_PATH} />
        <Stack gap={4} miw={0}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {receipt.name}
          </Title>
          <Group gap="xs">
            <ReceiptBadge receipt={receipt} />
          </Group>
        </Stack>
      </Group>
      {receipt.reading ? (
        <Alert color="blue" variant="light" icon={<Loader size={16} />} title={messages.receipts.reading} role="status">
          {messages.receipts.readingHint}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <ReceiptPreview receipt={receipt} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <form onSubmit={form.onSubmit(save)} noValidate aria-label="Traitement du justificatif">
              <Stack gap="md">
                <TextInput label="Référence" maxLength={TEXT_MAX} {...form.getInputProps('reference')} />
                <Textarea
                  label="Description"
                  autosize
                  minRows={2}
                  maxRows={6}
                  maxLength={TEXT_MAX}
                  {...form.getInputProps('description')}
                />
                <Select
                  label="Fournisseur"
                  placeholder={suppliers.isPending ? 'Chargement…' : 'Choisis un fournisseur'}
                  data={supplierData}
                  searchable
                  clearable
                  nothingFoundMessage={messages.generic.noResult}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('contactId')}
                />
                {form.values.contactId ? null : (
                  <TextInput
                    label={messages.receipts.newSupplier}
                    description={
                      receipt.supplierName && form.values.supplierName.trim() === receipt.supplierName
                        ? messages.receipts.newSupplierRead
                        : messages.receipts.newSupplierTyped
                    }
                    maxLength={TEXT_MAX}
                    {...form.getInputProps('supplierName')}
                  />
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <DateField
                    label="Date d'émission"
                    withAsterisk
                    placeholder="jj/mm/aaaa"
                    leftSection={<IconCalendar size={16} />}
                    popoverProps={{ withinPortal: true }}
                    {...form.getInputProps('datedAt')}
                    value={form.values.datedAt || null}
                    onChange={(value) => form.setFieldValue('datedAt', value ?? '')}
                  />
                  <ReferenceSelect
                    label="Devise"
                    path={CURRENCIES_PATH}
                    formatLabel={(currency) => `${currency.code} · ${currency.name}`}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps('currencyId')}
                  />
                  <MoneyInput
                    label="Montant HT"
                    allowEmpty
                    rightSection="€"
                    error={form.errors.taxExcluded}
                    value={form.values.taxExcluded}
                    onChange={(value) => form.setFieldValue('taxExcluded', value)}
                  />
                  <MoneyInput
                    label="Montant TTC"
                    withAsterisk
                    allowEmpty
                    rightSection="€"
                    error={form.errors.taxIncluded}
                    value={form.values.taxIncluded}
                    onChange={(value) => form.setFieldValue('taxIncluded', value)}
                  />
                  <TextInput
                    label="TVA"
                    description="Montant TTC − montant HT"
                    readOnly
                    variant="filled"
                    value={vat === null ? '' : formatEuro(vat)}
                    styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput label="Origine" readOnly variant="filled" value={originLabel(receipt.origin)} />
                  <TextInput
                    label="Date d'import"
                    readOnly
                    variant="filled"
                    value={formatInstantDateTime(receipt.createdAt)}
                  />
                </SimpleGrid>
                <NoteField
                  subject={{ model: 'receipts', id: receipt.id }}
                  placeholder="Ajoute une note sur ce justificatif…"
                />
                <Group justify="flex-end" gap="sm" mt="sm">
                  <Button variant="default" onClick={() => navigate(RECEIPTS_PATH)} disabled={update.isPending}>
                    {messages.receipts.finishLater}
                  </Button>
                  <Button type="submit" loading={update.isPending || update.isSuccess}>
                    {messages.receipts.saveAndNext}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
