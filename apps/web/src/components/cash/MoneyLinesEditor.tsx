import type { AccountingEntryDto } from '@app/domain'
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { MoneyInput } from '../MoneyInput'
import { CategoryPicker } from '../transactions/CategoryPicker'
import { showsVat } from '../transactions/detail/allocationDraft'
import { RemoveLineButton } from '../transactions/detail/RemoveLineButton'
import { VatField } from '../transactions/detail/VatField'
import type { LineKinds, MoneyLine } from './moneyLines'
import type { MoneyLinesApi } from './useMoneyLines'

type Props = {
  title: string
  lines: MoneyLine[]
  kinds: LineKinds
  api: MoneyLinesApi
  readOnly: boolean
  /** The kind of the line "Ajouter une ligne" adds. */
  addKind: string
  /** The categories a line of this kind may take (all by default). */
  categoryFilter?: (kind: string) => ((category: AccountingEntryDto) => boolean) | undefined
  /** The lines' sum error (the server's or the form's), shown under them. */
  error?: ReactNode
  /** Totals or hints under the lines. */
  footer?: ReactNode
}

/**
 * The lines of a cash operation or a cash sale (spec/money.md §5 "Expense and cash forms"): for each, its kind, its
 * category (the bank drawer's picker), its amount with the sign the kind forces, and its VAT (hidden without VAT), a
 * delete button; then "Ajouter une ligne".
 */
export function MoneyLinesEditor({
  title,
  lines,
  kinds,
  api,
  readOnly,
  addKind,
  categoryFilter,
  error,
  footer,
}: Props) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          Ajoute une ligne pour enregistrer.
        </Text>
      ) : null}
      {lines.map((line, index) => {
        const position = index + 1
        const errors = api.errorsOf(index)
        return (
          <Paper key={line.key} withBorder radius="md" p="sm" role="group" aria-label={`Ligne ${position}`}>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <Select
                label="Type"
                w={150}
                data={kinds.kinds.map((kind) => kind.value)}
                value={line.kind}
                allowDeselect={false}
                readOnly={readOnly}
                error={errors.name}
                comboboxProps={{ withinPortal: true }}
                onChange={(value) => value && api.setKind(index, value)}
              />
              <div style={{ flex: '1 1 220px' }}>
                <CategoryPicker
                  label="Catégorie"
                  value={line.category?.id ?? null}
                  onChange={(category) => api.setCategory(index, category)}
                  error={errors.category}
                  disabled={readOnly || !api.ready}
                  filter={categoryFilter?.(line.kind)}
                />
              </div>
              <MoneyInput
                label="Montant"
                w={130}
                rightSection="€"
                value={line.amount}
                onChange={(value) => api.setAmount(index, value)}
                error={errors.amount}
                readOnly={readOnly}
                variant={readOnly ? 'filled' : 'default'}
              />
              {showsVat(line, api.taxFree) ? (
                <VatField
                  line={line}
                  editable={!readOnly}
                  onCommit={(typed) => api.commitVat(index, typed)}
                  onReset={() => api.resetVat(index)}
                />
              ) : null}
              {readOnly ? null : <RemoveLineButton position={position} onRemove={() => api.remove(index)} />}
            </Group>
          </Paper>
        )
      })}
      {error ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
      {footer}
      {readOnly ? null : (
        <Group>
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => api.add(addKind)}>
            Ajouter une ligne
          </Button>
        </Group>
      )}
    </Stack>
  )
}
