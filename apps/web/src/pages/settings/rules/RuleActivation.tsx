import { messages, type RuleApplicationPlanDto, type RuleDto } from '@app/domain'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  applyRule,
  fetchApplicationPlan,
  patchRule,
  refreshRules,
  undoApplication,
} from '../../../components/rules/ruleQueries'
import { refreshAfterChange } from '../../../components/transactions/transactionQueries'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'
import { MatchList } from './MatchList'

const m = messages.rules

/** The undo toast carries a button: it stays 10 s, twice the usual toast, so that there is time to press it. */
const UNDO_TOAST_DELAY = 10_000

type Pending = { rule: Pick<RuleDto, 'id' | 'name'>; plan: RuleApplicationPlanDto }

/**
 * Turning a rule on (spec/money.md §4 "Assignment rule", issue 14): the rule is saved inactive, then what applying it
 * to the transactions already there would change is shown (count and sample); "Appliquer aussi aux transactions
 * existantes" activates and applies it (undoable from the toast as one step), "Seulement les prochaines" only
 * activates it. Closing the dialog leaves the rule saved and inactive.
 */
export function useActivation() {
  const client = useQueryClient()
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState<'plan' | 'apply' | 'next' | null>(null)

  const start = async (rule: Pick<RuleDto, 'id' | 'name'>) => {
    setBusy('plan')
    try {
      setPending({ rule, plan: await fetchApplicationPlan(rule.id) })
    } catch (error) {
      toastRefusal(error)
    } finally {
      setBusy(null)
    }
  }

  const undo = async (applicationId: number) => {
    try {
      const { restored, skipped } = await undoApplication(applicationId)
      toastSuccess(m.undone(restored, skipped))
    } catch (error) {
      toastRefusal(error)
    } finally {
      await refreshAfterChange(client)
    }
  }

  const finish = async (apply: boolean) => {
    if (!pending) return
    setBusy(apply ? 'apply' : 'next')
    try {
      await patchRule(pending.rule.id, { isActive: true })
      if (apply) {
        const application = await applyRule(pending.rule.id)
        notifications.show({
          color: 'teal',
          withCloseButton: false,
          autoClose: UNDO_TOAST_DELAY,
          message: (
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm">{m.applied(application.count)}</Text>
              {application.count > 0 ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => {
                    notifications.hide(`rule-application-${application.id}`)
                    void undo(application.id)
                  }}
                >
                  Annuler
                </Button>
              ) : null}
            </Group>
          ),
          id: `rule-application-${application.id}`,
        })
        await refreshAfterChange(client)
      } else toastSuccess(m.activated)
      setPending(null)
    } catch (error) {
      toastRefusal(error)
    } finally {
      setBusy(null)
      refreshRules(client)
    }
  }

  const modal = (
    <ApplyRuleModal
      pending={pending}
      busy={busy}
      onApply={() => finish(true)}
      onNextOnly={() => finish(false)}
      onClose={() => setPending(null)}
    />
  )
  return { start, modal, starting: busy === 'plan' }
}

function ApplyRuleModal({
  pending,
  busy,
  onApply,
  onNextOnly,
  onClose,
}: {
  pending: Pending | null
  busy: 'plan' | 'apply' | 'next' | null
  onApply: () => void
  onNextOnly: () => void
  onClose: () => void
}) {
  const count = pending?.plan.count ?? 0
  return (
    <Modal
      opened={pending !== null}
      onClose={busy ? () => {} : onClose}
      title={m.applyTitle}
      centered
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="md">
        {pending ? (
          <Text size="sm" fw={500}>
            « {pending.rule.name} »
          </Text>
        ) : null}
        <Text size="sm">{m.applyCount(count)}</Text>
        {pending && pending.plan.sample.length > 0 ? (
          <MatchList transactions={pending.plan.sample} label="Transactions concernées" />
        ) : null}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onNextOnly} loading={busy === 'next'} disabled={busy === 'apply'}>
            {count > 0 ? 'Seulement les prochaines' : 'Activer la règle'}
          </Button>
          {count > 0 ? (
            <Button onClick={onApply} loading={busy === 'apply'} disabled={busy === 'next'}>
              Appliquer aussi aux transactions existantes
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  )
}
