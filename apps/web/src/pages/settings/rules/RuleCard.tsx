import { messages, RULE_CONDITIONS_SHOWN, type RuleDto } from '@app/domain'
import { ActionIcon, Badge, Box, Group, Paper, Stack, Switch, Text, ThemeIcon, Tooltip } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconPencil } from '@tabler/icons-react'
import { RemoveButton } from '../../../components/ItemList'
import type { ConditionChoice } from '../../../components/rules/ruleQueries'
import { conditionSentence } from './ruleForm'

const m = messages.rules

export type RuleCardProps = {
  rule: RuleDto
  isFirst: boolean
  isLast: boolean
  busy: boolean
  targets?: readonly ConditionChoice[]
  functions?: readonly ConditionChoice[]
  journalName: (id: number) => string | undefined
  onMove: (position: number) => void
  onToggle: () => void
  onEdit: () => void
  onDelete: () => void
}

/**
 * One rule of the ordered list: its place, name and category, its conditions as sentences (12 at most, then
 * "+ N conditions", spec/money.md §5), what else it does (direction, stop, split, new label, no receipt); move up and
 * down, the active switch, edit and delete.
 */
export function RuleCard({
  rule,
  isFirst,
  isLast,
  busy,
  targets,
  functions,
  journalName,
  onMove,
  onToggle,
  onEdit,
  onDelete,
}: RuleCardProps) {
  const shown = rule.conditions.slice(0, RULE_CONDITIONS_SHOWN)
  const hidden = rule.conditions.length - shown.length
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={rule.name}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="sm" align="flex-start" wrap="nowrap" miw={0} style={{ flex: '1 1 320px' }}>
          <ThemeIcon
            variant="light"
            color={rule.isActive ? undefined : 'gray'}
            radius="xl"
            size={32}
            aria-label={`${m.order} : ${rule.position}`}
            role="img"
            style={{ flexShrink: 0 }}
          >
            <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden>
              {rule.position}
            </Text>
          </ThemeIcon>
          <Stack gap={4} miw={0}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} c={rule.isActive ? undefined : 'dimmed'}>
                {rule.name}
              </Text>
              {rule.isActive ? null : (
                <Badge size="sm" variant="light" color="gray" tt="none">
                  Désactivée
                </Badge>
              )}
            </Group>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Catégorie :{' '}
              </Text>
              {rule.accountingEntry.name}
              {rule.splits.length > 0
                ? ` (le reste, après ${rule.splits.map((split) => split.accountingEntry.name).join(', ')})`
                : ''}
            </Text>
            <Box component="ul" m={0} pl="md" aria-label={`Conditions de ${rule.name}`}>
              {shown.map((condition) => (
                <Text component="li" size="sm" key={condition.id}>
                  {conditionSentence(condition, { targets, functions, journalName })}
                </Text>
              ))}
            </Box>
            {hidden > 0 ? (
              <Text size="sm" c="dimmed">
                {m.moreConditions(hidden)}
              </Text>
            ) : null}
            <Group gap={6} wrap="wrap">
              {rule.creditOnly ? (
                <Badge size="sm" variant="light" color="teal" tt="none">
                  {m.creditOnly}
                </Badge>
              ) : null}
              {rule.debitOnly ? (
                <Badge size="sm" variant="light" color="orange" tt="none">
                  {m.debitOnly}
                </Badge>
              ) : null}
              {rule.stopProcessing ? (
                <Badge size="sm" variant="light" color="grape" tt="none">
                  {m.stopProcessing}
                </Badge>
              ) : null}
              {rule.splits.length > 0 ? (
                <Badge size="sm" variant="light" tt="none">
                  Répartie sur {rule.splits.length + 1} catégories
                </Badge>
              ) : null}
              {rule.newName ? (
                <Badge size="sm" variant="outline" color="gray" tt="none">
                  Renommée en « {rule.newName} »
                </Badge>
              ) : null}
              {rule.hasNoReceipt ? (
                <Badge size="sm" variant="outline" color="gray" tt="none">
                  Pas de justificatif attendu
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" ml="auto">
          <Tooltip label="Monter">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Monter ${rule.name}`}
              disabled={isFirst || busy}
              onClick={() => onMove(rule.position - 1)}
            >
              <IconArrowUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Descendre">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Descendre ${rule.name}`}
              disabled={isLast || busy}
              onClick={() => onMove(rule.position + 1)}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
          </Tooltip>
          <Switch
            checked={rule.isActive}
            onChange={onToggle}
            disabled={busy}
            aria-label={`Règle active : ${rule.name}`}
            mx="xs"
          />
          <Tooltip label="Modifier">
            <ActionIcon variant="subtle" color="gray" aria-label={`Modifier ${rule.name}`} onClick={onEdit}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <RemoveButton tooltip="Supprimer" label={`Supprimer ${rule.name}`} onClick={onDelete} />
        </Group>
      </Group>
    </Paper>
  )
}
