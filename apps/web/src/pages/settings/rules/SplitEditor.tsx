import { type AccountingEntryDto, messages, RULE_SPLITS_MAX } from '@app/domain'
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { CategoryPicker } from '../../../components/transactions/CategoryPicker'
import { newSplit, type RuleValues } from './ruleForm'

const m = messages.rules

/**
 * A rule's split template (issue 14, beyond the spec): "Répartir sur plusieurs catégories" opens head lines, each a
 * category with a percentage or a fixed amount; the last line is the rule's own category, which takes the rest. Each
 * part gets the VAT of its category when the rule applies.
 */
export function SplitEditor({
  form,
  ruleCategory,
}: {
  form: UseFormReturnType<RuleValues>
  ruleCategory: AccountingEntryDto | undefined
}) {
  const { withSplits, splits } = form.values
  return (
    <Stack gap="xs">
      <Switch
        label="Répartir sur plusieurs catégories"
        description={m.splitHint}
        checked={withSplits}
        onChange={(event) => {
          const on = event.currentTarget.checked
          form.setFieldValue('withSplits', on)
          if (on && splits.length === 0) form.setFieldValue('splits', [newSplit()])
        }}
      />
      {withSplits ? (
        <Paper withBorder radius="md" p="sm">
          <Input.Wrapper error={form.errors.splits}>
            <Stack gap="xs">
              {splits.map((split, index) => {
                const n = index + 1
                const path = `splits.${index}` as const
                return (
                  <Group key={split.key} gap="xs" wrap="wrap" align="flex-start" role="group" aria-label={`Ligne ${n}`}>
                    <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                      <CategoryPicker
                        aria-label={`Catégorie de la ligne ${n}`}
                        placeholder="Choisis une catégorie"
                        value={split.accountingEntryId}
                        onChange={(category) => form.setFieldValue(`${path}.accountingEntryId`, category.id)}
                        error={form.errors[`${path}.accountingEntryId`]}
                      />
                    </div>
                    <SegmentedControl
                      aria-label={`Part de la ligne ${n} en`}
                      data={[
                        { value: 'percentage', label: '%' },
                        { value: 'amount', label: '€' },
                      ]}
                      value={split.mode}
                      onChange={(value) => form.setFieldValue(`${path}.mode`, value as 'percentage' | 'amount')}
                    />
                    <TextInput
                      aria-label={
                        split.mode === 'percentage' ? `Pourcentage de la ligne ${n}` : `Montant fixe de la ligne ${n}`
                      }
                      placeholder={split.mode === 'percentage' ? '80' : '15,00'}
                      inputMode="decimal"
                      autoComplete="off"
                      w={120}
                      rightSection={
                        <Text size="sm" c="dimmed">
                          {split.mode === 'percentage' ? '%' : '€'}
                        </Text>
                      }
                      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                      {...form.getInputProps(`${path}.share`)}
                    />
                    <Tooltip label="Retirer">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={4}
                        aria-label={`Retirer la ligne ${n}`}
                        onClick={() => {
                          form.removeListItem('splits', index)
                          if (splits.length === 1) form.setFieldValue('withSplits', false)
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )
              })}
              <Group gap="xs" wrap="nowrap" role="group" aria-label="Dernière ligne">
                <Text size="sm" fw={500} truncate style={{ flex: 1 }}>
                  {ruleCategory?.name ?? 'Catégorie de la règle'}
                </Text>
                <Badge variant="light" tt="none">
                  le reste
                </Badge>
              </Group>
              {splits.length < RULE_SPLITS_MAX ? (
                <Group>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => form.insertListItem('splits', newSplit())}
                  >
                    Ajouter une ligne
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Input.Wrapper>
        </Paper>
      ) : null}
    </Stack>
  )
}
