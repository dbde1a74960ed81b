import { type DocumentTotals, formatEuro, type ItemDto, LINE_DESCRIPTION_MAX, messages, TEXT_MAX } from '@app/domain'
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMemo, useRef, useState } from 'react'
import { MoneyInput } from '../../MoneyInput'
import { ReferenceSelect } from '../../ReferenceSelect'
import { blankLine, type EditorForm, type LineValues, lineFromItem } from './editorForm'
import { UNITS_PATH, useCatalogItems } from './editorQueries'
import { editorTexts } from './editorTexts'
import classes from './LinesEditor.module.css'
import { VatSelect } from './VatSelect'

const LINE_TYPE_OPTIONS = [
  { value: 'PRODUCT', label: 'Produit' },
  { value: 'SERVICE', label: 'Service' },
  { value: 'MISC', label: 'Divers' },
]

/**
 * The lines of a document: add from the catalogue or a free line; edit each line; reorder by dragging the handle or
 * with the "Monter" / "Descendre" buttons (keyboard); remove. Positions follow the order on save.
 */
export function LinesEditor({
  form,
  readOnly,
  taxFree,
  totals,
}: {
  form: EditorForm
  readOnly: boolean
  taxFree: boolean
  totals: DocumentTotals | null
}) {
  const lines = form.values.lines
  const dragFrom = useRef<number | null>(null)
  const [dragOver, setDragOver] = useState<number | null>(null)

  const move = (from: number, to: number) => {
    if (to < 0 || to >= lines.length || from === to) return
    form.reorderListItem('lines', { from, to })
  }

  return (
    <Stack gap="sm" className={classes.lines}>
      {lines.length > 0 ? <LinesHeader taxFree={taxFree} /> : null}
      {lines.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {editorTexts.noLine}
        </Text>
      ) : null}
      {lines.map((line, index) => (
        <Paper
          key={line.key}
          withBorder
          radius="md"
          p="sm"
          data-testid="document-line"
          aria-label={`Ligne ${index + 1}`}
          role="group"
          style={
            dragOver === index && dragFrom.current !== index
              ? { outline: '2px dashed var(--mantine-primary-color-filled)' }
              : undefined
          }
          onDragOver={(event) => {
            if (readOnly || dragFrom.current === null) return
            event.preventDefault()
            setDragOver(index)
          }}
          onDragLeave={() => setDragOver((current) => (current === index ? null : current))}
          onDrop={(event) => {
            event.preventDefault()
            const from = dragFrom.current
            dragFrom.current = null
            setDragOver(null)
            if (from !== null) move(from, index)
          }}
        >
          <LineFields
            form={form}
            line={line}
            index={index}
            count={lines.length}
            readOnly={readOnly}
            taxFree={taxFree}
            total={totals?.lines[index]?.totalTaxExcluded ?? null}
            onMove={move}
            onDragStart={(event) => {
              dragFrom.current = index
              event.dataTransfer?.setData('text/plain', String(index))
              if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move'
              const card = (event.currentTarget as HTMLElement).closest('[data-testid="document-line"]')
              if (card && event.dataTransfer?.setDragImage) event.dataTransfer.setDragImage(card, 16, 16)
            }}
            onDragEnd={() => {
              dragFrom.current = null
              setDragOver(null)
            }}
          />
        </Paper>
      ))}
      {readOnly ? null : <AddLine form={form} taxFree={taxFree} />}
    </Stack>
  )
}

function LineFields({
  form,
  line,
  index,
  count,
  readOnly,
  taxFree,
  total,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  form: EditorForm
  line: LineValues
  index: number
  count: number
  readOnly: boolean
  taxFree: boolean
  total: string | null
  onMove: (from: number, to: number) => void
  onDragStart: (event: React.DragEvent) => void
  onDragEnd: () => void
}) {
  const path = `lines.${index}`
  const field = <K extends keyof LineValues>(key: K) => `${path}.${key}`
  const setDiscountType = (value: string) => {
    form.setFieldValue(`${path}.discountType`, value as LineValues['discountType'])
    // Switching the type clears the other value (spec/sales.md §5).
    form.setFieldValue(`${path}.discount`, { amount: '', percentage: '' })
  }
  const discountKey = line.discountType === 'amount' ? 'amount' : 'percentage'
  const discountError = form.errors[`${path}.discount.amount`] ?? form.errors[`${path}.discount.percentage`]
  return (
    <div className={classes.row} data-tax-free={taxFree || undefined}>
      <div className={classes.handle}>
        {readOnly ? (
          <Text size="sm" c="dimmed" w={28} ta="center">
            {index + 1}
          </Text>
        ) : (
          <>
            <Tooltip label="Glisser pour déplacer">
              <Box
                draggable
                onDragStart={onDragStart}
                onDragEnd={onDragEnd}
                aria-hidden
                data-testid="line-drag-handle"
                style={{ cursor: 'grab', display: 'flex', padding: 4 }}
              >
                <IconGripVertical size={18} />
              </Box>
            </Tooltip>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Monter la ligne ${index + 1}`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Descendre la ligne ${index + 1}`}
              disabled={index === count - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </>
        )}
      </div>
      <TextInput
        className={classes.name}
        aria-label="Désignation"
        placeholder="Désignation"
        readOnly={readOnly}
        maxLength={TEXT_MAX}
        {...form.getInputProps(field('name'))}
      />
      <Select
        aria-label="Type"
        placeholder="Type"
        data={LINE_TYPE_OPTIONS}
        allowDeselect={false}
        readOnly={readOnly}
        {...form.getInputProps(field('type'))}
      />
      <MoneyInput
        kind="quantity"
        aria-label="Quantité"
        placeholder="Quantité"
        readOnly={readOnly}
        value={line.quantity}
        error={form.errors[field('quantity')]}
        onChange={(value) => form.setFieldValue(field('quantity'), value)}
      />
      <ReferenceSelect
        path={UNITS_PATH}
        aria-label="Unité"
        readOnly={readOnly}
        {...form.getInputProps(field('unitId'))}
      />
      <MoneyInput
        aria-label="Prix unitaire HT"
        placeholder="Prix unitaire HT"
        rightSection="€"
        readOnly={readOnly}
        value={line.amount}
        error={form.errors[field('amount')]}
        onChange={(value) => form.setFieldValue(field('amount'), value)}
      />
      {taxFree ? null : <VatSelect aria-label="TVA" readOnly={readOnly} {...form.getInputProps(field('taxId'))} />}
      <div className={classes.total}>
        <span className={classes.totalLabel}>Total HT </span>
        <span data-testid="line-total">{total === null ? '—' : formatEuro(total)}</span>
      </div>
      <div className={classes.remove}>
        {readOnly ? null : (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Supprimer la ligne ${index + 1}`}
            onClick={() => form.removeListItem('lines', index)}
            mt={4}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </div>
      <div className={classes.details}>
        <TextInput
          aria-label="Référence"
          placeholder="Référence"
          size="xs"
          readOnly={readOnly}
          maxLength={TEXT_MAX}
          {...form.getInputProps(field('reference'))}
        />
        <Textarea
          aria-label="Description"
          placeholder="Description"
          size="xs"
          autosize
          minRows={1}
          maxRows={6}
          readOnly={readOnly}
          maxLength={LINE_DESCRIPTION_MAX}
          {...form.getInputProps(field('description'))}
        />
        <Group gap={6} align="flex-start" wrap="nowrap">
          <SegmentedControl
            aria-label="Type de remise"
            size="xs"
            disabled={readOnly}
            value={line.discountType}
            onChange={setDiscountType}
            data={[
              { value: 'amount', label: '€' },
              { value: 'percent', label: '%' },
            ]}
          />
          <MoneyInput
            style={{ flex: 1 }}
            size="xs"
            aria-label={line.discountType === 'amount' ? 'Remise en euros' : 'Remise en pourcentage'}
            placeholder="Remise"
            readOnly={readOnly}
            value={line.discount[discountKey]}
            error={discountError}
            rightSection={line.discountType === 'amount' ? '€' : '%'}
            onChange={(value) => form.setFieldValue(`${path}.discount.${discountKey}`, value)}
          />
        </Group>
      </div>
    </div>
  )
}

/** The column titles above the lines (wide screens only). */
function LinesHeader({ taxFree }: { taxFree: boolean }) {
  return (
    <div className={classes.header} data-tax-free={taxFree || undefined} aria-hidden>
      <span />
      <span>Désignation</span>
      <span>Type</span>
      <span className={classes.end}>Quantité</span>
      <span>Unité</span>
      <span className={classes.end}>Prix unitaire HT</span>
      {taxFree ? null : <span>TVA</span>}
      <span className={classes.end}>Total HT</span>
      <span />
    </div>
  )
}

/** "Ajouter un article" (searchable catalogue picker) and "Ajouter une ligne libre". */
function AddLine({ form, taxFree }: { form: EditorForm; taxFree: boolean }) {
  const items = useCatalogItems()
  const options = useMemo(
    () =>
      (items.data ?? []).map((item) => ({
        value: String(item.id),
        label: item.reference ? `${item.name} (${item.reference})` : item.name,
      })),
    [items.data],
  )
  const add = (item: ItemDto | undefined) => {
    if (item) form.insertListItem('lines', lineFromItem(item, taxFree))
  }
  return (
    <Group gap="sm" align="flex-end">
      <Select
        style={{ flex: 1, minWidth: 220 }}
        aria-label="Ajouter un article du catalogue"
        placeholder={items.isPending ? 'Chargement…' : 'Ajouter un article du catalogue'}
        data={options}
        value={null}
        searchable
        clearable={false}
        nothingFoundMessage={messages.generic.noResult}
        disabled={items.isPending}
        onChange={(value) => add(items.data?.find((item) => String(item.id) === value))}
      />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => form.insertListItem('lines', blankLine(taxFree))}
      >
        Ajouter une ligne libre
      </Button>
    </Group>
  )
}
