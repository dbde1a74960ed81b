import { ALLOCATION_NAME_MAX, type TransactionDto, type TransactionSuggestionDto } from '@app/domain'
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconFileInvoice, IconPlus, IconScale } from '@tabler/icons-react'
import { MoneyInput } from '../../../../components/MoneyInput'
import { CategoryPicker } from '../../../../components/transactions/CategoryPicker'
import { HOLDING_CODE } from '../../../../components/transactions/categorySearch'
import { type DraftLine, showsVat } from '../../../../components/transactions/detail/allocationDraft'
import { RemoveLineButton } from '../../../../components/transactions/detail/RemoveLineButton'
import { VatField } from '../../../../components/transactions/detail/VatField'
import {
  categorisedByInvoices,
  invoiceCategoryNote,
  invoicesCoverLine,
} from '../../../../components/transactions/invoiceCategory'
import { HOLDING_HINT } from '../../../../components/transactions/TransactionRow'
import { SuggestionChips } from './SuggestionChips'
import type { SplitForm } from './useSplitForm'

type LineProps = {
  line: DraftLine
  index: number
  form: SplitForm
  locked: boolean
  taxFree: boolean
  ready: boolean
}

function SplitLine({ line, index, form, locked, taxFree, ready }: LineProps) {
  const errors = form.lineErrors(index)
  const position = index + 1
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Ligne ${position}`}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label="Libellé"
            style={{ flex: 1 }}
            value={line.name}
            onChange={(event) => form.setLineName(index, event.currentTarget.value)}
            error={errors.name}
            readOnly={locked}
            variant={locked ? 'filled' : 'default'}
            maxLength={ALLOCATION_NAME_MAX}
          />
          {locked ? null : <RemoveLineButton position={position} onRemove={() => form.removeLine(index)} />}
        </Group>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <div style={{ flex: '1 1 220px' }}>
            <CategoryPicker
              label="Catégorie"
              value={line.category?.id ?? null}
              onChange={(category) => form.setLineCategory(index, category)}
              error={errors.category}
              disabled={locked || !ready}
            />
            {line.category?.code === HOLDING_CODE ? (
              <Text size="xs" c="orange" mt={4}>
                {HOLDING_HINT}
              </Text>
            ) : null}
          </div>
          <Group gap={4} align="flex-start" wrap="nowrap">
            <MoneyInput
              label="Montant"
              w={130}
              value={line.amount}
              onChange={(value) => form.setLineAmount(index, value)}
              error={errors.amount}
              readOnly={locked}
              variant={locked ? 'filled' : 'default'}
            />
            {form.gapMessage && !locked ? (
              <Tooltip label="Ajuster au montant de la transaction">
                <ActionIcon
                  variant="light"
                  mt={28}
                  aria-label={`Ajuster le montant de la ligne ${position}`}
                  onClick={() => form.adjust(index)}
                >
                  <IconScale size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
          {showsVat(line, taxFree) ? (
            <VatField
              line={line}
              editable={!locked && form.lines.length === 1}
              onCommit={(typed) => form.commitVat(index, typed)}
              onReset={() => form.resetVat(index)}
            />
          ) : null}
        </Group>
      </Stack>
    </Paper>
  )
}

/**
 * The split (ventilation, spec/money.md §4–§5): a category picker while the transaction is uncategorised, then its
 * lines with their name, category, amount and VAT, the sum rule's message with an adjust button on each line, and
 * the add-line action. Everything is read-only on a checked or validated transaction. A line whose invoices take its
 * whole amount is categorised by them (issue 30): a note says so instead of the picker, and no category is suggested.
 */
export function SplitSection({
  transaction,
  form,
  locked,
  taxFree,
  ready,
  suggestions,
}: {
  transaction: TransactionDto
  form: SplitForm
  locked: boolean
  taxFree: boolean
  /** Taxes and categories are loaded: a category can be picked. */
  ready: boolean
  suggestions: TransactionSuggestionDto[]
}) {
  const byInvoices = categorisedByInvoices(transaction)
  const suggesting = transaction.transactionAllocations.length === 0 && form.lines.length <= 1 && !locked && !byInvoices
  // Nothing to categorise while the invoices take the whole line and no split was started.
  const settled = byInvoices && invoicesCoverLine(transaction) && form.lines.length === 0
  const gap = form.gapMessage ?? form.errors.allocations
  return (
    <Stack gap="sm" component="section" aria-label="Ventilation">
      <Title order={3} size="h5">
        Ventilation
      </Title>
      {settled ? (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-teal-light)">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconFileInvoice
              size={18}
              color="var(--mantine-color-teal-light-color)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {invoiceCategoryNote(transaction.invoices)}
            </Text>
          </Group>
        </Paper>
      ) : form.lines.length === 0 ? (
        <CategoryPicker label="Catégorie" value={null} onChange={form.categorize} disabled={locked || !ready} />
      ) : (
        form.lines.map((line, index) => (
          <SplitLine
            key={line.key}
            line={line}
            index={index}
            form={form}
            locked={locked}
            taxFree={taxFree}
            ready={ready}
          />
        ))
      )}
      {suggesting && ready ? <SuggestionChips suggestions={suggestions} onPick={form.applySuggestion} /> : null}
      {gap && form.lines.length > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {gap}
        </Alert>
      ) : null}
      {locked || settled ? null : (
        <Group>
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={form.addLine}>
            Ajouter une ligne
          </Button>
        </Group>
      )}
    </Stack>
  )
}
