import { ALLOCATION_NAME_MAX, formatEuro, messages, VEHICLE_TYPES, type VehicleType } from '@app/domain'
import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCar, IconPlus } from '@tabler/icons-react'
import { MoneyInput } from '../../../components/MoneyInput'
import { CategoryPicker } from '../../../components/transactions/CategoryPicker'
import { HOLDING_CODE } from '../../../components/transactions/categorySearch'
import { showsVat } from '../../../components/transactions/detail/allocationDraft'
import { RemoveLineButton } from '../../../components/transactions/detail/RemoveLineButton'
import { VatField } from '../../../components/transactions/detail/VatField'
import { HOLDING_HINT } from '../../../components/transactions/TransactionRow'
import { allowanceOf, type ExpenseLine, type MileageDraft } from './expenseForm'
import type { ExpenseDraftForm } from './useExpenseDraft'

const m = messages.expenses
const VEHICLES = (Object.entries(VEHICLE_TYPES) as [VehicleType, string][]).map(([value, label]) => ({ value, label }))

type LineProps = { line: ExpenseLine; index: number; form: ExpenseDraftForm; locked: boolean; taxFree: boolean }

/** A mileage line's inputs (spec: vehicle, CV, km of the trip, km of the year) and the amount the barème gives. */
function MileageFields({ index, form, locked, mileage }: LineProps & { mileage: MileageDraft }) {
  const errors = form.lineErrors(index)
  const allowance = allowanceOf(mileage, form.draft.datedAt)
  const set = (patch: Partial<MileageDraft>) => form.setMileage(index, { ...mileage, ...patch })
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        label="Véhicule"
        w={200}
        data={VEHICLES}
        value={mileage.vehicleType}
        allowDeselect={false}
        readOnly={locked}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => value && set({ vehicleType: value as VehicleType })}
      />
      {mileage.vehicleType === 'cyclomoteur' ? null : (
        <MoneyInput
          label="Puissance (CV)"
          kind="quantity"
          allowEmpty
          w={120}
          value={mileage.fiscalPower}
          onChange={(value) => set({ fiscalPower: value })}
          error={errors.fiscalPower}
          readOnly={locked}
        />
      )}
      <MoneyInput
        label="Km du trajet"
        kind="quantity"
        allowEmpty
        w={120}
        value={mileage.distanceKm}
        onChange={(value) => set({ distanceKm: value })}
        error={errors.distanceKm}
        readOnly={locked}
      />
      <MoneyInput
        label="Km de l’année"
        kind="quantity"
        allowEmpty
        w={130}
        value={mileage.yearlyDistanceKm}
        onChange={(value) => set({ yearlyDistanceKm: value })}
        error={errors.yearlyDistanceKm}
        readOnly={locked}
      />
      <Stack gap={2} pt={24}>
        <Text fw={600} aria-label={`Montant de la ligne ${index + 1}`} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {allowance ? formatEuro(allowance.amount) : '—'}
        </Text>
        {allowance ? (
          <Badge variant="light" color="gray" size="sm" tt="none">
            {m.scale(allowance.scaleYear)}
          </Badge>
        ) : null}
      </Stack>
      {errors.mileage ? (
        <Text size="sm" c="red" w="100%">
          {errors.mileage}
        </Text>
      ) : null}
    </Group>
  )
}

function Line(props: LineProps) {
  const { line, index, form, locked, taxFree } = props
  const errors = form.lineErrors(index)
  const position = index + 1
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`Ligne ${position}`}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          {line.mileage ? <IconCar size={18} style={{ marginTop: 32 }} aria-hidden /> : null}
          <TextInput
            label="Libellé"
            style={{ flex: 1 }}
            value={line.name}
            onChange={(event) => form.setLineName(index, event.currentTarget.value)}
            error={errors.name}
            readOnly={locked}
            maxLength={ALLOCATION_NAME_MAX}
          />
          {locked ? null : <RemoveLineButton position={position} onRemove={() => form.removeLine(index)} />}
        </Group>
        <div>
          <CategoryPicker
            label="Catégorie"
            value={line.category?.id ?? null}
            onChange={(category) => form.setLineCategory(index, category)}
            error={errors.category}
            disabled={locked}
          />
          {line.category?.code === HOLDING_CODE ? (
            <Text size="xs" c="orange" mt={4}>
              {HOLDING_HINT}
            </Text>
          ) : null}
        </div>
        {line.mileage ? (
          <MileageFields {...props} mileage={line.mileage} />
        ) : (
          <Group gap="xs" align="flex-start" wrap="wrap">
            <MoneyInput
              label="Montant TTC"
              w={140}
              rightSection="€"
              value={line.amount}
              onChange={(value) => form.setLineAmount(index, value)}
              error={errors.amount}
              readOnly={locked}
            />
            {showsVat(line, taxFree) ? (
              <VatField
                line={line}
                editable={!locked}
                onCommit={(typed) => form.commitVat(index, typed)}
                onReset={() => form.resetVat(index)}
              />
            ) : null}
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

/**
 * The note's lines (spec/money.md §5): each with its label, category (the bank drawer's picker), amount and VAT, or a
 * mileage line priced live by the barème; "Ajouter une ligne" and "Ajouter des frais kilométriques".
 */
export function ExpenseLines({ form, locked, taxFree }: { form: ExpenseDraftForm; locked: boolean; taxFree: boolean }) {
  const allocationsError = form.errors.allocations
  return (
    <Stack gap="sm" component="section" aria-label="Lignes de la note de frais">
      <Title order={2} size="h4">
        Lignes
      </Title>
      {form.draft.lines.map((line, index) => (
        <Line key={line.key} line={line} index={index} form={form} locked={locked} taxFree={taxFree} />
      ))}
      {allocationsError ? (
        <Text size="sm" c="red" role="alert">
          {allocationsError}
        </Text>
      ) : null}
      {locked ? null : (
        <Group gap="xs">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={form.addLine}>
            {m.addLine}
          </Button>
          <Button variant="subtle" leftSection={<IconCar size={16} />} onClick={form.addMileage}>
            {m.addMileage}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
