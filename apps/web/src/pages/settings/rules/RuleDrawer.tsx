import { type ItemResponse, messages, RULE_NAME_MAX, type RuleDto, type RuleProposalDto, TEXT_MAX } from '@app/domain'
import { Checkbox, Divider, Group, Radio, Stack, Switch, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import { AppDrawer, SaveCancelFooter } from '../../../components/AppDrawer'
import { patchRule, refreshRules } from '../../../components/rules/ruleQueries'
import { CategoryPicker } from '../../../components/transactions/CategoryPicker'
import { useCategories } from '../../../components/transactions/transactionQueries'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { ApiError, post } from '../../../lib/api'
import { ConditionsEditor } from './ConditionsEditor'
import { RulePreview } from './RulePreview'
import { formErrorsOf, previewBodyOf, type RuleValues, requestOf, validateRule, valuesOf } from './ruleForm'
import { SplitEditor } from './SplitEditor'

const m = messages.rules

/** What the drawer edits: a new rule (maybe prefilled from a proposal) or a stored one. */
export type RuleDraft = { rule: RuleDto | null; prefill?: RuleProposalDto['rule'] }

/**
 * The rule form (spec/money.md §5 "Assignment rule form", issue 14): name, category, conditions, direction, the stop
 * flag, a new label, the no-receipt flag, a split template, the active switch; the live preview under it. A rule is
 * always saved inactive first; `onSaved` says whether the person asked for it to be active, so that the page can
 * show what activating it would change (spec/money.md §4). Editing PATCHes the rule.
 */
export function RuleDrawer({
  draft,
  onClose,
  onSaved,
}: {
  draft: RuleDraft | null
  onClose: () => void
  onSaved: (rule: RuleDto, activate: boolean) => void
}) {
  const client = useQueryClient()
  const categories = useCategories()
  // While the drawer slides away (draft null) it keeps showing the rule it was about.
  const lastDraft = useRef(draft)
  if (draft) lastDraft.current = draft
  const editing = (draft ?? lastDraft.current)?.rule ?? null
  const form = useForm<RuleValues>({ initialValues: valuesOf(null), validate: validateRule })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new draft resets the form, nothing else.
  useEffect(() => {
    if (!draft) return
    const values = valuesOf(draft.rule ? { rule: draft.rule } : draft.prefill ? { proposal: draft.prefill } : null)
    form.setValues(values)
    form.resetDirty(values)
    form.resetTouched()
    form.clearErrors()
  }, [draft])

  const save = useMutation({
    mutationFn: async (values: RuleValues) => {
      const body = requestOf(values)
      if (editing) return patchRule(editing.id, { ...body, isActive: editing.isActive && values.isActive })
      return (await post<ItemResponse<RuleDto>>('/rules', body)).data
    },
    onSuccess: (rule, values) => {
      refreshRules(client)
      onClose()
      onSaved(rule, values.isActive && !(editing?.isActive ?? false))
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {}
      if (Object.keys(fields).length > 0) form.setErrors(formErrorsOf(fields))
      else toastRefusal(error)
    },
  })

  const ruleCategory = categories.data?.find((category) => category.id === form.values.accountingEntryId)
  const previewBody = useMemo(
    () => previewBodyOf({ conditions: form.values.conditions, direction: form.values.direction }),
    [form.values.conditions, form.values.direction],
  )
  const close = () => {
    if (!save.isPending) onClose()
  }
  const formId = 'rule-form'

  return (
    <AppDrawer
      opened={draft !== null}
      onClose={close}
      title={editing ? 'Modifier la règle' : 'Nouvelle règle'}
      size="xl"
      footer={<SaveCancelFooter formId={formId} pending={save.isPending} onCancel={close} />}
    >
      <Stack gap="lg">
        <form id={formId} noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
          <Stack gap="md">
            <TextInput
              label="Nom de la règle"
              placeholder="Abonnement téléphone"
              withAsterisk
              maxLength={RULE_NAME_MAX}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <CategoryPicker
              label="Catégorie"
              placeholder="Choisis une catégorie"
              value={form.values.accountingEntryId}
              onChange={(category) => {
                form.setFieldValue('accountingEntryId', category.id)
                form.clearFieldError('accountingEntryId')
              }}
              error={form.errors.accountingEntryId}
            />
            <ConditionsEditor form={form} />
            <Radio.Group
              label="Transactions concernées"
              error={form.errors.debitOnly}
              {...form.getInputProps('direction')}
            >
              <Group gap="md" mt={6}>
                <Radio value="all" label="Toutes" />
                <Radio value="credit" label={m.creditOnly} />
                <Radio value="debit" label={m.debitOnly} />
              </Group>
            </Radio.Group>
            <Divider />
            <Checkbox
              label={m.stopProcessing}
              description={m.stopProcessingHint}
              {...form.getInputProps('stopProcessing', { type: 'checkbox' })}
            />
            <TextInput
              label="Renommer la transaction en"
              description="Facultatif : son libellé bancaire d’origine reste consultable."
              maxLength={TEXT_MAX}
              {...form.getInputProps('newName')}
            />
            <Checkbox
              label="Pas de justificatif attendu"
              description="Pour les frais bancaires, les impôts… : la transaction est marquée sans justificatif."
              {...form.getInputProps('hasNoReceipt', { type: 'checkbox' })}
            />
            <SplitEditor form={form} ruleCategory={ruleCategory} />
            <Divider />
            <Switch
              label="Activer la règle"
              description={
                editing?.isActive
                  ? 'Désactivée, elle ne s’applique plus aux prochaines transactions.'
                  : 'Tu pourras aussi l’appliquer aux transactions déjà importées.'
              }
              {...form.getInputProps('isActive', { type: 'checkbox' })}
            />
          </Stack>
        </form>
        <RulePreview body={previewBody} />
      </Stack>
    </AppDrawer>
  )
}
