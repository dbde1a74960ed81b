import { type GlobalRuleDto, messages } from '@app/domain'
import { Badge, Box, Button, Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { IconSparkles } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'
import { AppDrawer } from '../../../components/AppDrawer'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ErrorState } from '../../../components/ErrorState'
import type { ConditionChoice } from '../../../components/rules/ruleQueries'
import { useAdoptGlobalRules, useGlobalRules } from '../../../components/rules/ruleQueries'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'
import { conditionSentence } from './ruleForm'

const m = messages.rules

/**
 * "Règles proposées" (spec/money.md §7 "global rules index", "global store (rules: list of ids)"): the rules Carnet
 * offers, each with what it does; those chosen become the organisation's own, those already adopted are shown ticked
 * and cannot be chosen again.
 */
export function GlobalRulesDrawer({
  opened,
  onClose,
  targets,
  functions,
  journalName,
}: {
  opened: boolean
  onClose: () => void
  targets?: readonly ConditionChoice[]
  functions?: readonly ConditionChoice[]
  journalName: (id: number) => string | undefined
}) {
  const list = useGlobalRules(opened)
  const adopt = useAdoptGlobalRules()
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  useEffect(() => {
    if (opened) setChosen(new Set())
  }, [opened])

  const rules = list.data ?? []
  const offered = rules.filter((rule) => !rule.adopted)
  const flip = (rule: GlobalRuleDto, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current)
      if (on) next.add(rule.id)
      else next.delete(rule.id)
      return next
    })
  const close = () => {
    if (!adopt.isPending) onClose()
  }

  let body: ReactNode
  if (list.isPending)
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement">
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    )
  else if (list.isError) body = <ErrorState onRetry={() => list.refetch()} />
  else if (rules.length === 0) body = <EmptyBlock icon={<IconSparkles size={22} />} title={m.globalEmpty} />
  else
    body = (
      <Stack gap="sm">
        {offered.length === 0 ? (
          <Text size="sm" c="dimmed">
            {m.globalAllAdopted}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Coche les règles à ajouter aux tiennes : tu pourras les modifier ensuite.
          </Text>
        )}
        <Box component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.globalTitle}>
          <Stack gap="xs">
            {rules.map((rule) => (
              <Paper component="li" key={rule.id} withBorder radius="md" p="sm" aria-label={rule.name}>
                <Checkbox
                  checked={rule.adopted || chosen.has(rule.id)}
                  disabled={rule.adopted || adopt.isPending}
                  onChange={(event) => flip(rule, event.currentTarget.checked)}
                  label={
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={600}>
                        {rule.name}
                      </Text>
                      {rule.adopted ? (
                        <Badge size="xs" variant="light" color="gray" tt="none">
                          Déjà ajoutée
                        </Badge>
                      ) : null}
                    </Group>
                  }
                  description={
                    <Stack gap={2} component="span">
                      <Text span size="xs">
                        {rule.description}
                      </Text>
                      <Text span size="xs">
                        Catégorie : {rule.accountingEntry.name}
                        {rule.creditOnly ? ` · ${m.creditOnly}` : ''}
                        {rule.debitOnly ? ` · ${m.debitOnly}` : ''}
                      </Text>
                      <Text span size="xs">
                        {rule.conditions
                          .map((condition) => conditionSentence(condition, { targets, functions, journalName }))
                          .join(' et ')}
                      </Text>
                    </Stack>
                  }
                />
              </Paper>
            ))}
          </Stack>
        </Box>
      </Stack>
    )

  return (
    <AppDrawer
      opened={opened}
      onClose={close}
      title={m.globalTitle}
      size="lg"
      footer={
        <>
          <Button variant="default" onClick={close} disabled={adopt.isPending}>
            Annuler
          </Button>
          <Button
            disabled={chosen.size === 0}
            loading={adopt.isPending}
            onClick={() =>
              adopt.mutate([...chosen], {
                onSuccess: (created) => {
                  toastSuccess(m.globalAdopted(created.length || chosen.size))
                  onClose()
                },
                onError: toastRefusal,
              })
            }
          >
            {chosen.size > 1 ? `Ajouter les ${chosen.size} règles` : 'Ajouter la règle'}
          </Button>
        </>
      }
    >
      {body}
    </AppDrawer>
  )
}
