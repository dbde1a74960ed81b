import {
  type AccountingEntryCreateBody,
  type AccountingEntryDto,
  accountingEntryCreateSchema,
  messages,
  TAX_RATE_IDS,
  TAX_TYPE_IDS,
  TEXT_MAX,
} from '@app/domain'
import { Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useMemo, useRef } from 'react'
import { AppDrawer, SaveCancelFooter } from '../../../components/AppDrawer'
import { showServerErrors } from '../../../components/formErrors'
import { tagsOf } from '../../../components/transactions/categorySearch'
import { useTaxes } from '../../../components/transactions/transactionQueries'
import { zodValidate } from '../../../lib/form'
import { toastSuccess } from '../../../lib/toast'
import { useAllCategories, useSaveCategory, useTaxRates, useTaxTypes } from './categoryQueries'
import { parentOptions } from './categoryTree'

const m = messages.accountingEntries

/** What the drawer edits: a new category (entry null) or one of the organisation's own. */
export type CategoryDraft = { entry: AccountingEntryDto | null }

export type CategoryValues = {
  name: string
  code: string
  parentId: string
  taxTypeId: string
  taxRateId: string
  keywords: string[]
  description: string
}

const NOT_SUBJECT = String(TAX_TYPE_IDS.ns)
const NO_VAT = String(TAX_RATE_IDS.NUL)

export const valuesOf = (entry: AccountingEntryDto | null): CategoryValues => ({
  name: entry?.name ?? '',
  code: entry?.code ?? '',
  parentId: entry?.parentId ? String(entry.parentId) : '',
  taxTypeId: entry ? String(entry.taxTypeId) : '',
  taxRateId: entry ? String(entry.taxRateId) : '',
  keywords: entry ? tagsOf(entry) : [],
  description: entry?.description ?? '',
})

/** The body as typed, for the schema (the very one the server checks): the keywords joined with ", ". */
export const bodyOf = (values: CategoryValues): AccountingEntryCreateBody => ({
  name: values.name,
  code: values.code.trim() || null,
  parentId: values.parentId,
  taxTypeId: values.taxTypeId || null,
  taxRateId: values.taxRateId,
  keywords: values.keywords.join(', ') || null,
  description: values.description,
})

const validate = zodValidate(accountingEntryCreateSchema)

/** What is sent: the schema's output; a new category starts active, an edit leaves the active state to the switch. */
function requestOf(values: CategoryValues, isNew: boolean) {
  const { isActive, ...fields } = accountingEntryCreateSchema.parse(bodyOf(values))
  return isNew ? { ...fields, isActive } : fields
}

/**
 * The accounting category form (spec/money.md §5 "Accounting category form"): name, code (at most 9 characters),
 * parent (folders included), tax type (the parent's or "Non soumis à la TVA", which forces "Pas de TVA"), tax rate,
 * keywords as tags joined with ", ", description. Server field errors go under their fields.
 */
export function CategoryDrawer({ draft, onClose }: { draft: CategoryDraft | null; onClose: () => void }) {
  const all = useAllCategories()
  const taxTypes = useTaxTypes()
  const taxRates = useTaxRates()
  const taxes = useTaxes()
  const save = useSaveCategory()
  // While the drawer slides away (draft null) it keeps showing the category it was about.
  const lastDraft = useRef(draft)
  if (draft) lastDraft.current = draft
  const editing = (draft ?? lastDraft.current)?.entry ?? null
  const isNew = editing === null
  const form = useForm<CategoryValues>({
    initialValues: valuesOf(null),
    validate: (values) => validate(bodyOf(values)),
    validateInputOnBlur: true,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new draft resets the form, nothing else.
  useEffect(() => {
    if (!draft) return
    const values = valuesOf(draft.entry)
    form.setValues(values)
    form.resetDirty(values)
    form.resetTouched()
    form.clearErrors()
  }, [draft])

  const entries = all.data ?? []
  const parent = entries.find((entry) => String(entry.id) === form.values.parentId)
  const parents = useMemo(() => parentOptions(all.data ?? [], editing), [all.data, editing])
  const typeName = (id: number) => taxTypes.data?.find((type) => type.id === id)?.name ?? '…'
  // A child keeps its parent's tax type, or is not subject to VAT (spec/money.md §5).
  const typeIds = parent ? [...new Set([parent.taxTypeId, TAX_TYPE_IDS.ns])] : []
  const typeOptions = typeIds.map((id) => ({ value: String(id), label: typeName(id) }))
  const isNotSubject = form.values.taxTypeId === NOT_SUBJECT
  // The rates that exist for the chosen type (GET /taxes); every rate while the taxes are loading.
  const rateOptions = (taxRates.data ?? [])
    .filter(
      (rate) =>
        !taxes.data ||
        taxes.data.some((tax) => String(tax.taxTypeId) === form.values.taxTypeId && tax.taxRateId === rate.id),
    )
    .map((rate) => ({ value: String(rate.id), label: rate.name }))

  const pickParent = (value: string | null) => {
    form.setFieldValue('parentId', value ?? '')
    const picked = entries.find((entry) => String(entry.id) === value)
    if (!picked) return
    form.setFieldValue('taxTypeId', String(picked.taxTypeId))
    form.setFieldValue('taxRateId', picked.taxTypeId === TAX_TYPE_IDS.ns ? NO_VAT : String(picked.taxRateId))
    form.validateField('parentId')
  }
  const pickType = (value: string | null) => {
    form.setFieldValue('taxTypeId', value ?? '')
    if (value === NOT_SUBJECT) form.setFieldValue('taxRateId', NO_VAT)
    else if (parent && value === String(parent.taxTypeId)) form.setFieldValue('taxRateId', String(parent.taxRateId))
  }

  const close = () => {
    if (!save.isPending) onClose()
  }
  const formId = 'category-form'
  return (
    <AppDrawer
      opened={draft !== null}
      onClose={close}
      title={isNew ? 'Nouvelle catégorie' : 'Modifier la catégorie'}
      size="md"
      footer={<SaveCancelFooter formId={formId} pending={save.isPending} onCancel={close} />}
    >
      <form
        id={formId}
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { id: editing?.id ?? null, body: requestOf(values, isNew) },
            {
              onSuccess: () => {
                toastSuccess()
                onClose()
              },
              onError: (error) => showServerErrors(form, error),
            },
          ),
        )}
      >
        <Stack gap="md">
          <TextInput label="Nom" withAsterisk maxLength={TEXT_MAX} data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Code"
            description={m.codeHint}
            placeholder="626100"
            autoComplete="off"
            {...form.getInputProps('code')}
          />
          <Select
            label="Catégorie parente"
            description={m.parentHint}
            withAsterisk
            searchable
            data={parents}
            maxDropdownHeight={320}
            nothingFoundMessage={messages.generic.noResult}
            placeholder={all.isPending ? 'Chargement…' : 'Choisis une catégorie'}
            disabled={all.isPending}
            allowDeselect={false}
            comboboxProps={{ shadow: 'md' }}
            {...form.getInputProps('parentId')}
            onChange={pickParent}
          />
          <Select
            label="Type de taxe"
            data={typeOptions}
            disabled={!parent}
            placeholder={parent ? undefined : 'Choisis d’abord la catégorie parente'}
            allowDeselect={false}
            comboboxProps={{ shadow: 'md' }}
            {...form.getInputProps('taxTypeId')}
            onChange={pickType}
          />
          <Select
            label="Taux de taxe"
            withAsterisk
            data={rateOptions}
            disabled={isNotSubject || !form.values.taxTypeId}
            allowDeselect={false}
            comboboxProps={{ shadow: 'md' }}
            {...form.getInputProps('taxRateId')}
          />
          <TagsInput
            label="Mots-clés"
            description="Sépare-les par une virgule : la recherche des catégories les lit."
            splitChars={[',']}
            acceptValueOnBlur
            clearable={false}
            {...form.getInputProps('keywords')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={TEXT_MAX}
            {...form.getInputProps('description')}
          />
        </Stack>
      </form>
    </AppDrawer>
  )
}
