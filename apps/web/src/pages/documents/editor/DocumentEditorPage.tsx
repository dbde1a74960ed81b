import {
  addDays,
  type ContactDto,
  canInvoice,
  canQuote,
  canUseEndOfMonth,
  DOCUMENT_TEXT_MAX,
  formatDateFr,
  type InvoiceDto,
  type InvoiceStateCode,
  invoiceSchema,
  isIsoDate,
  messages,
  parseDateFr,
  paymentLimitDate,
  paymentTermLabel,
  type QuoteDto,
  type QuoteStateCode,
  quoteSchema,
  type SalesSettingsDto,
  TEXT_MAX,
} from '@app/domain'
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { IconArrowLeft, IconInfoCircle, IconSettings } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link, matchPath, useLocation, useNavigate } from 'react-router'
import { useMe } from '../../../app/session'
import { ErrorState } from '../../../components/ErrorState'
import { formErrorMessage } from '../../../components/formErrors'
import { formatInstantDateTime } from '../../../components/instant'
import { LEAVE_WITHOUT_ASKING, LeaveGuard } from '../../../components/LeaveGuard'
import { ApiError } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'
import { toastError, toastSuccess } from '../../../lib/toast'
import {
  billingAddresses,
  defaultName,
  documentValues,
  type EditorForm,
  type EditorValues,
  liveTotals,
  newDocumentValues,
  PAYMENT_TERMS,
  toInput,
} from './editorForm'
import {
  type DocumentKind,
  type EditorDocument,
  fetchDocument,
  saveDocument,
  useAfterSave,
  useCollectedTaxes,
  useCustomers,
  useEditorDocument,
  useSalesSettings,
} from './editorQueries'
import { editorTexts } from './editorTexts'
import { LinesEditor } from './LinesEditor'
import { addressLabel, SettingsDrawer } from './SettingsDrawer'
import { TotalsPanel } from './TotalsPanel'

const BASES: Record<DocumentKind, string> = { invoice: '/app/sales/invoices', quote: '/app/sales/quotes' }

/** What the path says: a new document (credit note with ?credit=true), an edit, or the read view (/show). */
function useEditorRoute(kind: DocumentKind) {
  const location = useLocation()
  const base = BASES[kind]
  const show = matchPath(`${base}/:id/show`, location.pathname)
  const edit = matchPath(`${base}/:id`, location.pathname)
  const raw = show?.params.id ?? edit?.params.id
  const isNew = !show && raw === 'new'
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const isCreditNote = isNew && new URLSearchParams(location.search).get('credit') === 'true'
  return { base, id, isNew, isShow: Boolean(show), isCreditNote, valid: isNew || id !== null }
}

/** /app/sales/invoices/new, /app/sales/invoices/{id}, /app/sales/invoices/{id}/show (credit notes too). */
export function InvoiceEditorPage() {
  return <DocumentEditor kind="invoice" />
}

/** /app/sales/quotes/new, /app/sales/quotes/{id}, /app/sales/quotes/{id}/show. */
export function QuoteEditorPage() {
  return <DocumentEditor kind="quote" />
}

function DocumentEditor({ kind }: { kind: DocumentKind }) {
  const route = useEditorRoute(kind)
  const document = useEditorDocument(kind, route.id)
  const settings = useSalesSettings()
  const me = useMe()

  if (!route.valid) return <ErrorState message={editorTexts.notFound} />
  if (document.isError) {
    const notFound = document.error instanceof ApiError && document.error.status === 404
    return (
      <ErrorState
        message={notFound ? editorTexts.notFound : messages.generic.errorShort}
        onRetry={notFound ? undefined : () => document.refetch()}
      />
    )
  }
  const waiting = (route.id !== null && document.isPending) || settings.isPending || (route.id === null && me.isPending)
  if (waiting)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  const saved = route.id !== null ? (document.data ?? null) : null
  const taxFree = saved ? saved.taxFree : Boolean(me.data?.currentOrganization?.isTaxFree)
  return (
    <DocumentForm
      // A new document, once saved, moves to its own route: the form starts again from what the server saved.
      key={`${route.id ?? 'new'}-${route.isCreditNote}`}
      kind={kind}
      route={route}
      document={saved}
      settings={settings.data ?? null}
      taxFree={taxFree}
    />
  )
}

function isEditable(kind: DocumentKind, document: EditorDocument | null) {
  if (!document) return true
  const common = { hasContact: document.contactId !== null, linesCount: document.lines.length }
  if (kind === 'invoice') {
    const invoice = document as InvoiceDto
    return canInvoice('edit', {
      ...common,
      stateCode: invoice.state.code as InvoiceStateCode,
      isCreditNote: invoice.isCreditNote,
    })
  }
  const quote = document as QuoteDto
  return canQuote('edit', {
    ...common,
    stateCode: quote.state.code as QuoteStateCode,
    hasFinalInvoice: quote.invoiceId !== null,
  })
}

const validators = { invoice: zodValidate(invoiceSchema), quote: zodValidate(quoteSchema) }
const DRAWER_FIELDS = ['deliveredAt', 'deliveryAddressId', 'latePenalties']

function DocumentForm({
  kind,
  route,
  document,
  settings,
  taxFree,
}: {
  kind: DocumentKind
  route: ReturnType<typeof useEditorRoute>
  document: EditorDocument | null
  settings: SalesSettingsDto | null
  taxFree: boolean
}) {
  const navigate = useNavigate()
  const afterSave = useAfterSave()
  const customers = useCustomers()
  const taxes = useCollectedTaxes()
  const [saving, setSaving] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [savedDocument, setSavedDocument] = useState(document)
  const editable = isEditable(kind, savedDocument)
  const readOnly = route.isShow || !editable

  const form = useForm<EditorValues>({
    initialValues: document
      ? documentValues(kind, document)
      : newDocumentValues({ kind, isCreditNote: route.isCreditNote, taxFree, settings }),
    validate: (values) => validators[kind](toInput(kind, values) as never),
  })
  const values = form.values

  const rates = useMemo(() => new Map((taxes.data ?? []).map((tax) => [String(tax.id), tax.amount])), [taxes.data])
  const finalInvoiceSources =
    savedDocument && 'finalInvoiceSources' in savedDocument ? savedDocument.finalInvoiceSources : null
  const totals = liveTotals(values, (taxId) => rates.get(taxId), taxFree, finalInvoiceSources)
  const contact = customers.data?.find((customer) => String(customer.id) === values.contactId)

  const isCreditNote = kind === 'invoice' && values.isCreditNote
  const title = savedDocument?.name ?? defaultName(kind, isCreditNote)
  const dirty = form.isDirty()

  const submit = form.onSubmit(
    async (submitted) => {
      setSaving(true)
      try {
        const schema = kind === 'invoice' ? invoiceSchema : quoteSchema
        const body = schema.parse(toInput(kind, submitted))
        const saved = await saveDocument(kind, route.id, body)
        afterSave(kind, saved)
        toastSuccess()
        if (route.id === null) {
          navigate(`${route.base}/${saved.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING })
        } else {
          const next = documentValues(kind, saved)
          setSavedDocument(saved)
          form.setValues(next)
          form.resetDirty(next)
        }
      } catch (error) {
        // The server's field errors go under their fields; its message in a toast (spec/sales.md §8).
        if (error instanceof ApiError && error.status === 409 && route.id !== null) {
          // No longer a draft (validated elsewhere): show what the server holds now, read-only.
          const fresh = await fetchDocument(kind, route.id).catch(() => null)
          if (fresh) {
            afterSave(kind, fresh)
            setSavedDocument(fresh)
          }
        }
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          form.setErrors(error.fieldErrors)
          if (Object.keys(error.fieldErrors).some((field) => DRAWER_FIELDS.includes(field))) setDrawerOpen(true)
        }
        toastError(undefined, formErrorMessage(error))
      } finally {
        setSaving(false)
      }
    },
    (errors) => {
      if (Object.keys(errors).some((field) => DRAWER_FIELDS.includes(field))) setDrawerOpen(true)
    },
  )

  const setContact = (id: string | null) => {
    const chosen = customers.data?.find((customer) => String(customer.id) === id)
    form.setFieldValue('contactId', id)
    form.setFieldValue('billingAddressId', idOf(billingAddresses(chosen)[0]))
    form.setFieldValue('deliveryAddressId', null)
  }

  return (
    <Box component="form" onSubmit={submit} noValidate maw={1200} mx="auto">
      <LeaveGuard when={dirty && !readOnly} />
      <Stack gap="lg">
        <EditorHeader
          kind={kind}
          route={route}
          document={savedDocument}
          title={title}
          editable={editable}
          onSettings={() => setDrawerOpen(true)}
        />
        {!editable ? (
          <Text c="red" fw={500} role="alert">
            {messages.documents.notDraft}
          </Text>
        ) : null}

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <DateInput
                label="Date d'émission"
                withAsterisk={!readOnly}
                valueFormat="DD/MM/YYYY"
                dateParser={(text) => parseDateFr(text)}
                readOnly={readOnly}
                {...form.getInputProps('datedAt')}
                onChange={(value) => form.setFieldValue('datedAt', value ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              {kind === 'invoice' ? (
                <PaymentTerm form={form} readOnly={readOnly} />
              ) : (
                <ValidityField form={form} readOnly={readOnly} />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Select
                label="Client"
                placeholder={customers.isPending ? 'Chargement…' : 'Choisis un client'}
                data={(customers.data ?? []).map((customer) => ({ value: String(customer.id), label: customer.name }))}
                searchable
                clearable={!readOnly}
                readOnly={readOnly}
                nothingFoundMessage={messages.generic.noResult}
                value={values.contactId}
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
            </Grid.Col>
          </Grid>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Title order={3} size="h4">
              Lignes
            </Title>
            <LinesEditor form={form} readOnly={readOnly} taxFree={taxFree} totals={totals} />
            {!readOnly ? <ValidateHint kind={kind} values={values} /> : null}
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <TotalsPanel
            form={form}
            totals={totals}
            saved={savedDocument && !dirty ? savedDocument : null}
            settings={settings}
            taxFree={taxFree}
            readOnly={readOnly}
          />
        </Paper>

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

        <EditorFooter updatedAt={savedDocument?.updatedAt ?? null} dirty={dirty} readOnly={readOnly} saving={saving} />
      </Stack>
      <SettingsDrawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        form={form}
        kind={kind}
        contact={contact}
        readOnly={readOnly}
        showLatePenalties={Boolean(settings?.hasLatePenalties)}
        defaultLatePenalties={(settings?.latePenaltyRate ?? '').replace('.', ',')}
      />
    </Box>
  )
}

const idOf = (address: { id: number } | undefined) => (address ? String(address.id) : null)

/**
 * What "Valider" (in the lists) will need, said while editing: the state tables decide (an invoice needs a customer
 * and a line, a quote a customer).
 */
function ValidateHint({ kind, values }: { kind: DocumentKind; values: EditorValues }) {
  const hasContact = values.contactId !== null
  const linesCount = values.lines.length
  const ready =
    kind === 'invoice'
      ? canInvoice('validate', { stateCode: 'DRAFT', isCreditNote: values.isCreditNote, hasContact, linesCount })
      : canQuote('validate', { stateCode: 'DRAFT', hasContact, linesCount, hasFinalInvoice: false })
  if (ready) return null
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
      <Stack gap={2}>
        {!hasContact ? <Text size="sm">{messages.documents.contactRequired}</Text> : null}
        {kind === 'invoice' && linesCount === 0 ? <Text size="sm">{messages.documents.linesRequired}</Text> : null}
      </Stack>
    </Alert>
  )
}

function EditorHeader({
  kind,
  route,
  document,
  title,
  editable,
  onSettings,
}: {
  kind: DocumentKind
  route: ReturnType<typeof useEditorRoute>
  document: EditorDocument | null
  title: string
  editable: boolean
  onSettings: () => void
}) {
  const invoice = kind === 'invoice' ? (document as InvoiceDto | null) : null
  const quote = kind === 'quote' ? (document as QuoteDto | null) : null
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ActionIcon
          component={Link}
          to={route.base}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Retour à la liste"
          mt={4}
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Référence : {document?.reference ?? messages.documents.noReference}
            </Text>
            <Badge variant="light" color={document?.state.color || 'gray'}>
              {document?.state.name ?? editorTexts.draftBadge}
            </Badge>
          </Group>
          {invoice?.quoteId ? (
            <Anchor component={Link} to={`${BASES.quote}/${invoice.quoteId}`} size="sm">
              {editorTexts.fromQuote(invoice.quote?.reference ?? messages.documents.noReference)}
            </Anchor>
          ) : null}
          {invoice?.creditedInvoiceId ? (
            <Anchor component={Link} to={`${BASES.invoice}/${invoice.creditedInvoiceId}/show`} size="sm">
              {editorTexts.creditedInvoice(invoice.creditedInvoice?.reference ?? messages.documents.noReference)}
            </Anchor>
          ) : null}
          {quote?.invoiceId ? (
            <Anchor component={Link} to={`${BASES.invoice}/${quote.invoiceId}`} size="sm">
              {editorTexts.toInvoice}
            </Anchor>
          ) : null}
        </Stack>
      </Group>
      <Group gap="sm">
        {route.isShow && editable && document ? (
          <Button component={Link} to={`${route.base}/${document.id}`} variant="light">
            Modifier
          </Button>
        ) : null}
        <Button variant="default" leftSection={<IconSettings size={16} />} onClick={onSettings}>
          Paramètres
        </Button>
      </Group>
    </Group>
  )
}

/** The editor page's footer: the last update, and Enregistrer while the document can be edited. */
function EditorFooter({
  updatedAt,
  dirty,
  readOnly,
  saving,
}: {
  updatedAt: string | null
  dirty: boolean
  readOnly: boolean
  saving: boolean
}) {
  const text =
    dirty && !readOnly ? editorTexts.unsaved : updatedAt ? editorTexts.updatedAt(formatInstantDateTime(updatedAt)) : ''
  return (
    <Paper
      withBorder
      radius="lg"
      px={{ base: 'md', sm: 'xl' }}
      py="sm"
      shadow="sm"
      pos="sticky"
      bottom={12}
      style={{ zIndex: 5 }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap" mih={36}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {text}
        </Text>
        {readOnly ? null : (
          <Button type="submit" loading={saving}>
            Enregistrer
          </Button>
        )}
      </Group>
    </Paper>
  )
}

const CUSTOM_TERM = 'custom'

/**
 * The payment term (invoice): the common terms in a select, or any number of days; "fin de mois" from 30 days; the due
 * date computed by the domain.
 */
function PaymentTerm({ form, readOnly }: { form: EditorForm; readOnly: boolean }) {
  const values = form.values
  const days = Number(values.paymentLimit)
  const validDays = values.paymentLimit.trim() !== '' && Number.isInteger(days) && days >= 0 && days <= 365
  const preset = PAYMENT_TERMS.some((term) => String(term) === values.paymentLimit)
  const [custom, setCustom] = useState(!preset)
  const endOfMonthAllowed = validDays && canUseEndOfMonth(days)
  const due =
    validDays && isIsoDate(values.datedAt)
      ? paymentLimitDate(values.datedAt, days, values.paymentEndOfMonth && endOfMonthAllowed)
      : null
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label="Délai de paiement"
          withAsterisk={!readOnly}
          readOnly={readOnly}
          allowDeselect={false}
          data={[
            ...PAYMENT_TERMS.map((term) => ({ value: String(term), label: paymentTermLabel(term) })),
            { value: CUSTOM_TERM, label: 'Autre durée…' },
          ]}
          value={custom ? CUSTOM_TERM : values.paymentLimit}
          error={custom ? undefined : form.errors.paymentLimit}
          onChange={(value) => {
            if (value === CUSTOM_TERM) setCustom(true)
            else if (value !== null) {
              setCustom(false)
              form.setFieldValue('paymentLimit', value)
              if (!canUseEndOfMonth(Number(value))) form.setFieldValue('paymentEndOfMonth', false)
            }
          }}
        />
        {custom ? (
          <TextInput
            w={110}
            label="Jours"
            inputMode="numeric"
            readOnly={readOnly}
            {...form.getInputProps('paymentLimit')}
          />
        ) : null}
      </Group>
      <Checkbox
        label="Fin de mois"
        disabled={readOnly || !endOfMonthAllowed}
        checked={values.paymentEndOfMonth && endOfMonthAllowed}
        onChange={(event) => form.setFieldValue('paymentEndOfMonth', event.currentTarget.checked)}
      />
      {due ? (
        <Text size="xs" c="dimmed">
          {paymentTermLabel(days, values.paymentEndOfMonth && endOfMonthAllowed)} ·{' '}
          {editorTexts.dueDate(formatDateFr(due))}
        </Text>
      ) : null}
    </Stack>
  )
}

/** The validity of a quote, in days, and the date it reads "Valable jusqu'au …". */
function ValidityField({ form, readOnly }: { form: EditorForm; readOnly: boolean }) {
  const days = Number(form.values.validityLimit)
  const valid = form.values.validityLimit.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= 365
  return (
    <Stack gap={6}>
      <TextInput
        label="Durée de validité (jours)"
        withAsterisk={!readOnly}
        inputMode="numeric"
        readOnly={readOnly}
        {...form.getInputProps('validityLimit')}
      />
      {valid && isIsoDate(form.values.datedAt) ? (
        <Text size="xs" c="dimmed">
          {editorTexts.validUntil(formatDateFr(addDays(form.values.datedAt, days)))}
        </Text>
      ) : null}
    </Stack>
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
