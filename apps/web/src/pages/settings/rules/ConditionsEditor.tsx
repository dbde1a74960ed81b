import { RULE_VALUE_MAX } from '@app/domain'
import { ActionIcon, Box, Button, Group, Input, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useJournals } from '../../../components/journals/journalQueries'
import type { ConditionChoice } from '../../../components/rules/ruleQueries'
import { useConditionFunctions, useConditionTargets } from '../../../components/rules/ruleQueries'
import {
  type ConditionLine,
  DEFAULT_FUNCTIONS,
  DEFAULT_TARGETS,
  functionsFor,
  isBetween,
  newCondition,
  type RuleValues,
  valueTypeOf,
} from './ruleForm'

const AMOUNT_STYLES = { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } as const

/**
 * The conditions of a rule, joined by "et" (spec/money.md §5 "Assignment rule form"): each line is what it looks at,
 * how, and the value; the operations follow the target's kind (text, amount, bank account), "est compris entre" takes
 * two amounts (sent as "min;max"). "Ajouter une condition" adds a line; the first line cannot be removed.
 */
export function ConditionsEditor({ form }: { form: UseFormReturnType<RuleValues> }) {
  const targets = useConditionTargets()
  const functions = useConditionFunctions()
  const banks = useJournals({ type: 'BQ' })
  const targetList = targets.data ?? DEFAULT_TARGETS
  const functionList = functions.data ?? DEFAULT_FUNCTIONS
  const bankOptions = (banks.data ?? []).map((journal) => ({ value: String(journal.id), label: journal.name }))
  const lines = form.values.conditions
  const error = form.errors.conditions

  return (
    <Input.Wrapper
      label="Conditions"
      description="La règle s’applique aux transactions qui remplissent toutes les conditions."
      withAsterisk
      error={error}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Stack gap="xs" mt={6}>
        {lines.map((line, index) => (
          <ConditionRow
            key={line.key}
            form={form}
            line={line}
            index={index}
            targets={targetList}
            functions={functionList}
            bankOptions={bankOptions}
          />
        ))}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('conditions', newCondition())}
          >
            Ajouter une condition
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  )
}

function ConditionRow({
  form,
  line,
  index,
  targets,
  functions,
  bankOptions,
}: {
  form: UseFormReturnType<RuleValues>
  line: ConditionLine
  index: number
  targets: readonly ConditionChoice[]
  functions: readonly ConditionChoice[]
  bankOptions: { value: string; label: string }[]
}) {
  const n = index + 1
  const path = `conditions.${index}` as const
  const targetId = Number(line.conditionTargetId)
  const type = valueTypeOf(targetId, targets)
  const offered = functionsFor(targetId, targets, functions)
  const valueError = form.errors[`${path}.value`]

  const pickTarget = (value: string | null) => {
    if (!value) return
    const nextType = valueTypeOf(Number(value), targets)
    const nextFunctions = functionsFor(Number(value), targets, functions)
    const keeps = nextFunctions.some((fn) => String(fn.id) === line.conditionFunctionId)
    form.setFieldValue(`${path}.conditionTargetId`, value)
    if (!keeps) form.setFieldValue(`${path}.conditionFunctionId`, String(nextFunctions[0]?.id ?? ''))
    if (nextType !== type) form.setFieldValue(`${path}.value`, '')
  }
  const pickFunction = (value: string | null) => {
    if (!value) return
    if (isBetween(value) !== isBetween(line.conditionFunctionId)) form.setFieldValue(`${path}.value`, '')
    form.setFieldValue(`${path}.conditionFunctionId`, value)
  }

  let valueInput: ReactNode
  if (type === 'journal')
    valueInput = (
      <Select
        aria-label={`Compte bancaire de la condition ${n}`}
        placeholder="Choisis un compte"
        data={bankOptions}
        allowDeselect={false}
        value={line.value || null}
        onChange={(value) => form.setFieldValue(`${path}.value`, value ?? '')}
        error={valueError}
        comboboxProps={{ shadow: 'md' }}
      />
    )
  else if (type === 'number' && isBetween(line.conditionFunctionId)) {
    const [low = '', high = ''] = line.value.split(';')
    const setBounds = (nextLow: string, nextHigh: string) =>
      form.setFieldValue(`${path}.value`, nextLow === '' && nextHigh === '' ? '' : `${nextLow};${nextHigh}`)
    valueInput = (
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" align="center">
          <TextInput
            aria-label={`Montant minimum de la condition ${n}`}
            placeholder="-100"
            inputMode="decimal"
            autoComplete="off"
            styles={AMOUNT_STYLES}
            value={low}
            onChange={(event) => setBounds(event.currentTarget.value, high)}
            error={Boolean(valueError)}
            style={{ flex: 1 }}
          />
          <Text size="sm" c="dimmed">
            et
          </Text>
          <TextInput
            aria-label={`Montant maximum de la condition ${n}`}
            placeholder="-10"
            inputMode="decimal"
            autoComplete="off"
            styles={AMOUNT_STYLES}
            value={high}
            onChange={(event) => setBounds(low, event.currentTarget.value)}
            error={Boolean(valueError)}
            style={{ flex: 1 }}
          />
        </Group>
        {valueError ? (
          <Text size="xs" c="red" role="alert">
            {valueError}
          </Text>
        ) : null}
      </Stack>
    )
  } else if (type === 'number')
    valueInput = (
      <TextInput
        aria-label={`Montant de la condition ${n}`}
        placeholder="-49,90"
        inputMode="decimal"
        autoComplete="off"
        styles={AMOUNT_STYLES}
        {...form.getInputProps(`${path}.value`)}
      />
    )
  else
    valueInput = (
      <TextInput
        aria-label={`Valeur de la condition ${n}`}
        placeholder="orange"
        autoComplete="off"
        maxLength={RULE_VALUE_MAX}
        {...form.getInputProps(`${path}.value`)}
      />
    )

  return (
    <Group gap="xs" wrap="wrap" align="flex-start" aria-label={`Condition ${n}`} role="group">
      <Text size="xs" c="dimmed" w={16} pt={8} ta="right" aria-hidden>
        {index === 0 ? '' : 'et'}
      </Text>
      <Select
        aria-label={`Champ de la condition ${n}`}
        data={targets.map((target) => ({ value: String(target.id), label: target.name }))}
        allowDeselect={false}
        value={line.conditionTargetId}
        onChange={pickTarget}
        error={form.errors[`${path}.conditionTargetId`]}
        w={{ base: '100%', xs: 190 }}
        comboboxProps={{ shadow: 'md' }}
      />
      <Select
        aria-label={`Opération de la condition ${n}`}
        data={offered.map((fn) => ({ value: String(fn.id), label: fn.name }))}
        allowDeselect={false}
        value={line.conditionFunctionId}
        onChange={pickFunction}
        error={form.errors[`${path}.conditionFunctionId`]}
        w={{ base: '100%', xs: 170 }}
        comboboxProps={{ shadow: 'md' }}
      />
      <Box style={{ flex: '1 1 180px' }} miw={0}>
        {valueInput}
      </Box>
      <Box w={28} pt={4}>
        {index > 0 ? (
          <Tooltip label="Retirer">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Retirer la condition ${n}`}
              onClick={() => form.removeListItem('conditions', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Box>
    </Group>
  )
}
