import {
  amountFontShrinks,
  DOCUMENT_DISCOUNT_DEFAULT_NAME,
  type DocumentTotals,
  formatEuro,
  formatPercentFr,
  isZero,
  messages,
  negate,
  parseMoneyInput,
  type SalesSettingsDto,
  type VatRateTotal,
} from '@app/domain'
import {
  Anchor,
  Button,
  Divider,
  Grid,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { createContext, useContext, useState } from 'react'
import { MoneyInput } from '../../MoneyInput'
import type { EditorForm, EditorValues } from './editorForm'

/** Server totals of a saved document, shown when the live ones cannot be computed. */
export type SavedTotals = {
  totalTaxExcluded: string
  totalTaxIncluded: string
  vatBreakdown: VatRateTotal[]
}

/** Past 100 000 € HT the amounts are a size smaller (spec/sales.md "Amount font"), so that they stay on one line. */
const SmallAmounts = createContext(false)

function Row({ label, amount, strong, testId }: { label: string; amount: string; strong?: boolean; testId?: string }) {
  const small = useContext(SmallAmounts)
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size={strong ? (small ? 'md' : 'lg') : small ? 'xs' : 'sm'}
        fw={strong ? 700 : 500}
        data-testid={testId}
        c={amount.startsWith('-') ? 'red' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {formatEuro(amount)}
      </Text>
    </Group>
  )
}

/** Totals (live, from the domain's documentTotals) on the right; the document's options on the left. */
export function TotalsPanel({
  form,
  totals,
  saved,
  settings,
  taxFree,
  readOnly,
}: {
  form: EditorForm
  totals: DocumentTotals | null
  saved: SavedTotals | null
  settings: SalesSettingsDto | null
  taxFree: boolean
  readOnly: boolean
}) {
  const totalTaxExcluded = totals?.totalTaxExcluded ?? saved?.totalTaxExcluded ?? '0'
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <DocumentOptions form={form} settings={settings} readOnly={readOnly} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <SmallAmounts.Provider value={amountFontShrinks(totalTaxExcluded)}>
          <Stack gap={6} aria-label="Totaux" role="region">
            {totals ? <LiveTotals totals={totals} values={form.values} taxFree={taxFree} /> : null}
            {!totals && saved ? <SavedTotalsRows saved={saved} taxFree={taxFree} /> : null}
            {!totals && !saved ? (
              <Text size="sm" c="dimmed" ta="right">
                —
              </Text>
            ) : null}
            {taxFree ? (
              <Text size="xs" c="dimmed" ta="right">
                {messages.documents.taxFreeMention}
              </Text>
            ) : null}
          </Stack>
        </SmallAmounts.Provider>
      </Grid.Col>
    </Grid>
  )
}

const vatLabel = (rate: string) => `TVA ${formatPercentFr(rate)}`

function LiveTotals({ totals, values, taxFree }: { totals: DocumentTotals; values: EditorValues; taxFree: boolean }) {
  const hasExtras = values.discount !== null || values.hasDeliveryFees || values.hasDisbursement
  const discountPercent = values.discount && !values.discount.amount.trim() ? values.discount.percentage : ''
  return (
    <>
      {hasExtras ? <Row label="Sous-total HT" amount={totals.subtotal} testId="total-subtotal" /> : null}
      {values.discount ? (
        <Row
          label={`${values.discount.name || DOCUMENT_DISCOUNT_DEFAULT_NAME}${
            discountPercent && parseMoneyInput(discountPercent)
              ? ` (${formatPercentFr(parseMoneyInput(discountPercent) ?? '0')})`
              : ''
          }`}
          amount={isZero(totals.discountAmount) ? '0' : negate(totals.discountAmount)}
          testId="total-discount"
        />
      ) : null}
      {values.hasDeliveryFees ? (
        <Row label="Frais de livraison HT" amount={totals.deliveryFees} testId="total-delivery" />
      ) : null}
      {values.hasDisbursement ? <Row label="Débours" amount={totals.disbursement} testId="total-disbursement" /> : null}
      {taxFree ? (
        <>
          <Divider my={4} />
          <Row label={messages.documents.netToPay} amount={totals.totalTaxIncluded} strong testId="total-net" />
        </>
      ) : (
        <>
          <Row label="Total HT" amount={totals.totalTaxExcluded} testId="total-ht" />
          {totals.byRate.map((rate) => (
            <Row
              key={rate.ratePercent}
              label={vatLabel(rate.ratePercent)}
              amount={rate.taxAmount}
              testId={`total-vat-${rate.ratePercent}`}
            />
          ))}
          <Divider my={4} />
          <Row label="Total TTC" amount={totals.totalTaxIncluded} strong testId="total-ttc" />
        </>
      )}
    </>
  )
}

function SavedTotalsRows({ saved, taxFree }: { saved: SavedTotals; taxFree: boolean }) {
  if (taxFree)
    return <Row label={messages.documents.netToPay} amount={saved.totalTaxIncluded} strong testId="total-net" />
  return (
    <>
      <Row label="Total HT" amount={saved.totalTaxExcluded} testId="total-ht" />
      {saved.vatBreakdown.map((rate) => (
        <Row key={rate.ratePercent} label={vatLabel(rate.ratePercent)} amount={rate.taxAmount} />
      ))}
      <Divider my={4} />
      <Row label="Total TTC" amount={saved.totalTaxIncluded} strong testId="total-ttc" />
    </>
  )
}

/**
 * The options the sales settings turn on (spec/sales.md §5): global discount (hasDiscounts), delivery fees
 * (hasDeliveryFees, VAT 20 %), disbursements (hasDisbursement; off clears it). A document that already carries one
 * keeps showing it.
 */
function DocumentOptions({
  form,
  settings,
  readOnly,
}: {
  form: EditorForm
  settings: SalesSettingsDto | null
  readOnly: boolean
}) {
  const values = form.values
  const [discountOpen, setDiscountOpen] = useState(false)
  const showDiscount = Boolean(settings?.hasDiscounts) || values.discount !== null
  const showDelivery = Boolean(settings?.hasDeliveryFees) || values.hasDeliveryFees
  const showDisbursement = Boolean(settings?.hasDisbursement) || values.hasDisbursement
  if (!showDiscount && !showDelivery && !showDisbursement) return null
  return (
    <Stack gap="sm">
      {showDiscount ? (
        <Stack gap={4}>
          <Switch
            label="Remise globale"
            disabled={readOnly}
            checked={values.discount !== null}
            onChange={(event) => {
              if (event.currentTarget.checked) {
                form.setFieldValue('discount', { name: DOCUMENT_DISCOUNT_DEFAULT_NAME, amount: '', percentage: '' })
                setDiscountOpen(true)
              } else form.setFieldValue('discount', null)
            }}
          />
          {values.discount && !readOnly ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setDiscountOpen(true)} ml={50} ta="left">
              Modifier la remise
            </Anchor>
          ) : null}
          {form.errors['discount.amount'] || form.errors['discount.percentage'] || form.errors.discount ? (
            <Text size="xs" c="red" ml={50}>
              {form.errors['discount.amount'] ?? form.errors['discount.percentage'] ?? form.errors.discount}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {showDelivery ? (
        <ToggledAmount
          form={form}
          readOnly={readOnly}
          toggle="hasDeliveryFees"
          field="deliveryFees"
          switchLabel="Frais de livraison (TVA 20 %)"
          amountLabel="Frais de livraison HT"
        />
      ) : null}
      {showDisbursement ? (
        // Turning disbursement off clears it (spec/sales.md §5); delivery fees too.
        <ToggledAmount
          form={form}
          readOnly={readOnly}
          toggle="hasDisbursement"
          field="disbursement"
          switchLabel="Débours"
          amountLabel="Montant des débours"
        />
      ) : null}
      {values.discount ? (
        <DiscountModal
          opened={discountOpen}
          discount={values.discount}
          onClose={() => setDiscountOpen(false)}
          onSave={(discount) => {
            form.setFieldValue('discount', discount)
            setDiscountOpen(false)
          }}
        />
      ) : null}
    </Stack>
  )
}

type DiscountDraft = { name: string; amount: string; percentage: string }

/**
 * The discount modal (spec/sales.md §5): a percentage or an amount; the amount takes priority; switching type clears
 * the other; the type is amount when the amount is above 0, else percent.
 */
function DiscountModal({
  opened,
  discount,
  onClose,
  onSave,
}: {
  opened: boolean
  discount: DiscountDraft
  onClose: () => void
  onSave: (discount: DiscountDraft) => void
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Remise" centered radius="lg">
      {opened ? <DiscountForm discount={discount} onCancel={onClose} onSave={onSave} /> : null}
    </Modal>
  )
}

function DiscountForm({
  discount,
  onCancel,
  onSave,
}: {
  discount: DiscountDraft
  onCancel: () => void
  onSave: (discount: DiscountDraft) => void
}) {
  const amountAboveZero = Number(parseMoneyInput(discount.amount) ?? 0) > 0
  const [type, setType] = useState<'amount' | 'percent'>(amountAboveZero ? 'amount' : 'percent')
  const [draft, setDraft] = useState(discount)
  const switchType = (next: string) => {
    setType(next as 'amount' | 'percent')
    setDraft((current) => ({ ...current, amount: '', percentage: '' }))
  }
  // Non-numeric values become null (empty): the amount, when given, wins over the percentage.
  const clean = (value: string) => (parseMoneyInput(value) === null ? '' : value)
  const save = () =>
    onSave({
      name: draft.name.trim() || DOCUMENT_DISCOUNT_DEFAULT_NAME,
      amount: type === 'amount' ? clean(draft.amount) : '',
      percentage: type === 'percent' ? clean(draft.percentage) : '',
    })
  return (
    <Stack gap="md">
      <TextInput
        label="Nom de la remise"
        value={draft.name}
        onChange={(event) => {
          const name = event.currentTarget.value
          setDraft((current) => ({ ...current, name }))
        }}
      />
      <SegmentedControl
        aria-label="Type de remise"
        value={type}
        onChange={switchType}
        data={[
          { value: 'percent', label: 'Pourcentage' },
          { value: 'amount', label: 'Montant' },
        ]}
      />
      {type === 'amount' ? (
        <MoneyInput
          label="Montant HT"
          rightSection="€"
          value={draft.amount}
          onChange={(amount) => setDraft((current) => ({ ...current, amount }))}
        />
      ) : (
        <MoneyInput
          label="Pourcentage"
          rightSection="%"
          value={draft.percentage}
          onChange={(percentage) => setDraft((current) => ({ ...current, percentage }))}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Annuler
        </Button>
        <Button onClick={save}>Appliquer</Button>
      </Group>
    </Stack>
  )
}

/** An option of the document that is a switch, with its amount shown while on and cleared when turned off. */
function ToggledAmount({
  form,
  readOnly,
  toggle,
  field,
  switchLabel,
  amountLabel,
}: {
  form: EditorForm
  readOnly: boolean
  toggle: 'hasDeliveryFees' | 'hasDisbursement'
  field: 'deliveryFees' | 'disbursement'
  switchLabel: string
  amountLabel: string
}) {
  const on = form.values[toggle]
  return (
    <Stack gap={4}>
      <Switch
        label={switchLabel}
        disabled={readOnly}
        checked={on}
        onChange={(event) => {
          form.setFieldValue(toggle, event.currentTarget.checked)
          if (!event.currentTarget.checked) form.setFieldValue(field, '')
        }}
      />
      {on ? (
        <MoneyInput
          label={amountLabel}
          rightSection="€"
          readOnly={readOnly}
          maw={220}
          ml={50}
          value={form.values[field]}
          error={form.errors[field]}
          onChange={(value) => form.setFieldValue(field, value)}
        />
      ) : null}
    </Stack>
  )
}
