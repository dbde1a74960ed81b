import { type InvoiceDto, messages, type SalesSettingsDto } from '@app/domain'
import { Box, Grid, Paper, Stack, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { documentValues, type EditorValues, liveTotals } from '../../../components/documents/editor/editorForm'
import { useCollectedTaxes, useCustomers, useEditorDocument } from '../../../components/documents/editor/editorQueries'
import type { EditorRoute } from '../../../components/documents/editor/editorRoute'
import { LinesTotalsTerms } from '../../../components/documents/editor/LinesTotalsTerms'
import { MainFields } from '../../../components/documents/editor/MainFields'
import { SettingsDrawer } from '../../../components/documents/editor/SettingsDrawer'
import { useDocumentSave } from '../../../components/documents/editor/useDocumentSave'
import { FormFooter } from '../../../components/FormFooter'
import { LEAVE_WITHOUT_ASKING, LeaveGuard } from '../../../components/LeaveGuard'
import { subscriptionTexts } from '../../../components/subscriptions/subscriptionTexts'
import { SUBSCRIPTIONS_BASE, useSubscriptionActions } from '../SubscriptionActions'
import { CalendarPreview } from './CalendarPreview'
import { RecurringParamsFields } from './RecurringParamsFields'
import { SubscriptionHeader } from './SubscriptionHeader'
import { newSubscriptionValues, savedDatesOf, subscriptionErrors } from './subscriptionForm'

/** spec/sales.md §8: a recurring invoice's save failure shows the generic error toast, not the server's message. */
const genericError = () => messages.generic.error

/**
 * The recurring invoice editor, built from the document editor's parts (spec/sales.md §2): the subscription parameters
 * and the preview of its next dates, then as an invoice — payment term, customer and billing address, title,
 * introduction, lines, totals and options, terms — the footer and the settings drawer. A recurring invoice is a model,
 * not a legal invoice: always editable.
 */
export function SubscriptionForm({
  route,
  document,
  settings,
  taxFree,
}: {
  route: EditorRoute
  document: InvoiceDto | null
  settings: SalesSettingsDto | null
  taxFree: boolean
}) {
  const navigate = useNavigate()
  const customers = useCustomers()
  const taxes = useCollectedTaxes()
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The dates the rules compare with follow each save; the form's validation reads them when it runs.
  const savedDates = useRef(savedDatesOf(document))

  const form = useForm<EditorValues>({
    initialValues: document ? documentValues('invoice', document, settings) : newSubscriptionValues(settings, taxFree),
    validate: (values) => subscriptionErrors(values, savedDates.current),
  })
  const values = form.values
  const { savedDocument, saving, submit } = useDocumentSave({
    kind: 'invoice',
    route,
    form,
    document,
    settings,
    openDrawer: () => setDrawerOpen(true),
    errorMessage: genericError,
  })
  savedDates.current = savedDatesOf(savedDocument as InvoiceDto | null)
  // Suspending or reactivating from the header changes the badge: the cached copy is the freshest.
  const live = useEditorDocument('invoice', route.id)
  const current = ((live.data as InvoiceDto | undefined) ?? savedDocument) as InvoiceDto | null
  const actions = useSubscriptionActions({
    onDeleted: () => navigate(SUBSCRIPTIONS_BASE, { replace: true, state: LEAVE_WITHOUT_ASKING }),
  })

  const rates = useMemo(() => new Map((taxes.data ?? []).map((tax) => [String(tax.id), tax.amount])), [taxes.data])
  const totals = liveTotals(values, (taxId) => rates.get(taxId), taxFree)
  const contact = customers.data?.find((customer) => String(customer.id) === values.contactId)
  const params = values.recurringParams
  const dirty = form.isDirty()

  // Sending each invoice needs recipients: the customer's e-mail, when one is picked and none is typed yet.
  const customerEmail = contact?.email ?? null
  const sends = params?.creationOption === 'send'
  const noRecipient = !params?.emails.emailRecipient.trim()
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new customer, or the option send, fills it.
  useEffect(() => {
    if (sends && noRecipient && customerEmail)
      form.setFieldValue('recurringParams.emails.emailRecipient', customerEmail as never)
  }, [customerEmail, sends])

  return (
    <>
      <Box component="form" onSubmit={submit} noValidate maw={1200} mx="auto">
        <LeaveGuard when={dirty} />
        <Stack gap="lg">
          <SubscriptionHeader
            doc={current}
            title={savedDocument?.name ?? messages.documents.defaultRecurringName}
            actions={actions}
            onSettings={() => setDrawerOpen(true)}
          />

          {params ? (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
                  <Stack gap="md">
                    <Title order={2} size="h4">
                      {subscriptionTexts.parameters}
                    </Title>
                    <RecurringParamsFields form={form} values={params} />
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <CalendarPreview values={params} id={route.id} />
              </Grid.Col>
            </Grid>
          ) : null}

          <MainFields
            kind="invoice"
            form={form}
            customers={customers.data}
            customersPending={customers.isPending}
            contact={contact}
            readOnly={false}
            withIssueDate={false}
          />

          <LinesTotalsTerms
            form={form}
            totals={totals}
            saved={savedDocument && !dirty ? savedDocument : null}
            settings={settings}
            taxFree={taxFree}
            readOnly={false}
            headingOrder={2}
          />

          <FormFooter updatedAt={savedDocument?.updatedAt ?? null} dirty={dirty} loading={saving} />
        </Stack>
        <SettingsDrawer
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          form={form}
          kind="invoice"
          withDeliveryDate={false}
          contact={contact}
          readOnly={false}
          showLatePenalties={Boolean(settings?.hasLatePenalties)}
          defaultLatePenalties={(settings?.latePenaltyRate ?? '').replace('.', ',')}
        />
      </Box>
      {actions.dialogs}
    </>
  )
}
