import {
  categoryLabel,
  formatPercentFr,
  groupCategories,
  ITEM_DESCRIPTION_MAX,
  ITEM_IMAGE_TYPES,
  type ItemDto,
  type ItemInput,
  type ItemResponse,
  isSalesCategoryAllowed,
  itemImageError,
  itemSchema,
  parseMoneyInput,
  TEXT_MAX,
  UNIT_DEFAULT_ID,
  vatChoiceOf,
} from '@app/domain'
import {
  Button,
  FileButton,
  Group,
  Image,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useMe } from '../../app/session'
import { AppDrawer } from '../../components/AppDrawer'
import { FormAlert } from '../../components/FormAlert'
import { formErrorMessage } from '../../components/formErrors'
import { MoneyInput } from '../../components/MoneyInput'
import { ReferenceSelect, useReferenceList } from '../../components/ReferenceSelect'
import { ApiError, del, patch, post, upload } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastError, toastSuccess } from '../../lib/toast'
import { useAutoSelectSingle } from '../../lib/useAutoSelect'
import { categoryTax, itemsKey, type TaxDto, useSalesCategories } from './catalogQueries'

const validate = zodValidate(itemSchema)

export type ItemValues = {
  name: string
  reference: string
  description: string
  amount: string
  priceRule: 'HT' | 'TTC'
  itemTypeId: string
  unitId: string
  accountingEntryId: string | null
}

/** What the drawer edits: an item (id 0 for a new one or a copy) and its values. */
export type ItemDraft = { id: number; values: ItemValues; item: ItemDto | null }

export const valuesFromItem = (item: ItemDto | null, itemTypeId?: number): ItemValues => ({
  name: item?.name ?? '',
  reference: item?.reference ?? '',
  description: item?.description ?? '',
  amount: item ? (parseMoneyInput(item.amount) ?? item.amount).replace('.', ',') : '',
  priceRule: item?.priceRule ?? 'HT',
  itemTypeId: String(item?.itemTypeId ?? itemTypeId ?? ''),
  unitId: String(item?.unitId ?? UNIT_DEFAULT_ID),
  accountingEntryId: item ? String(item.accountingEntryId) : null,
})

const bodyOf = (values: ItemValues): ItemInput => ({ ...values, taxId: null })

/** The catalogue item drawer (spec/sales.md §2, §5): add, edit or save a copy. */
export function ItemDrawer({ draft, onClose }: { draft: ItemDraft | null; onClose: () => void }) {
  const client = useQueryClient()
  const me = useMe()
  const organization = me.data?.currentOrganization
  const form = useForm<ItemValues>({
    initialValues: valuesFromItem(null),
    validate: (values) => validate(bodyOf(values)),
  })
  const [alert, setAlert] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // The image is sent after the item is saved: a new file to upload, or the saved one to remove.
  const [imageFile, setImageFile] = useState<File | null>(null)
  const [imageRemoved, setImageRemoved] = useState(false)
  const [imageError, setImageError] = useState<string | null>(null)
  const resetFileRef = useRef<() => void>(null)
  const previewUrl = useObjectUrl(imageFile)
  // A copy does not carry the original's image.
  const savedImageUrl = draft && draft.id !== 0 && !imageRemoved ? (draft.item?.imageUrl ?? null) : null
  const shownImage = previewUrl ?? savedImageUrl
  const itemTypes = useReferenceList('/item-types')
  const categories = useSalesCategories()
  const taxes = useReferenceList<TaxDto & { type?: string }>('/taxes?filter[collected]=true')

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new draft resets the form, nothing else.
  useEffect(() => {
    if (!draft) return
    form.setValues(draft.values)
    form.resetDirty(draft.values)
    form.clearErrors()
    setAlert(null)
    setImageFile(null)
    setImageRemoved(false)
    setImageError(null)
  }, [draft])

  function chooseImage(file: File | null) {
    resetFileRef.current?.()
    if (!file) return
    const error = itemImageError(file)
    setImageError(error)
    if (!error) setImageFile(file)
  }

  function removeImage() {
    setImageFile(null)
    setImageRemoved(true)
    setImageError(null)
  }

  const typeCode = itemTypes.data?.find((type) => String(type.id) === form.values.itemTypeId)?.code
  // The item's own category is always offered, so that an item stays editable whatever the list holds.
  const ownCategory = draft?.item?.accountingEntry
  // In the pickers' readable groups and account order, named first and numbered after (issue 31).
  const categoryGroups = useMemo(() => {
    const entries = [...(categories.data ?? [])]
    if (ownCategory && !entries.some((entry) => entry.id === ownCategory.id)) entries.push(ownCategory)
    return groupCategories(entries.filter((entry) => typeCode && isSalesCategoryAllowed(typeCode, entry.code))).map(
      (group) => ({
        group: group.label,
        items: group.items.map((entry) => ({ value: String(entry.id), label: categoryLabel(entry) })),
      }),
    )
  }, [categories.data, ownCategory, typeCode])
  const categoryOptions = useMemo(() => categoryGroups.flatMap((group) => group.items), [categoryGroups])
  const setCategory = form.getInputProps('accountingEntryId').onChange as (value: string | null) => void
  useAutoSelectSingle(categoryOptions, form.values.accountingEntryId, setCategory)
  // A category that no longer suits the type is cleared.
  useEffect(() => {
    const current = form.values.accountingEntryId
    if (current && (categories.data || ownCategory) && !categoryOptions.some((option) => option.value === current))
      form.setFieldValue('accountingEntryId', null)
  }, [categoryOptions, categories.data, ownCategory, form.values.accountingEntryId, form.setFieldValue])

  const category = categories.data?.find((entry) => String(entry.id) === form.values.accountingEntryId)
  const savedTax =
    draft?.item && String(draft.item.accountingEntryId) === form.values.accountingEntryId ? draft.item.tax : null
  const tax = organization?.isTaxFree
    ? null
    : (savedTax ?? categoryTax(category, taxes.data ?? [], organization?.taxAreaId))
  const taxLabel = organization?.isTaxFree
    ? 'Pas de TVA (franchise en base)'
    : tax
      ? vatLabel(tax, taxes.data ?? [])
      : form.values.accountingEntryId
        ? 'Selon la catégorie'
        : '—'

  async function save(values: ItemValues) {
    if (!draft) return
    setSaving(true)
    setAlert(null)
    try {
      const body = bodyOf(values)
      const saved =
        draft.id === 0
          ? await post<ItemResponse<ItemDto>>('/items', body)
          : await patch<ItemResponse<ItemDto>>(`/items/${draft.id}`, body)
      try {
        if (imageFile) {
          const data = new FormData()
          data.append('image', imageFile)
          await upload(`/items/${saved.data.id}/image`, data)
        } else if (imageRemoved && saved.data.imageUrl) await del(`/items/${saved.data.id}/image`)
      } catch (error) {
        // The item itself is saved: say what went wrong with its image, and close as after any save.
        toastError(error)
        client.invalidateQueries({ queryKey: itemsKey })
        onClose()
        return
      }
      toastSuccess()
      client.invalidateQueries({ queryKey: itemsKey })
      onClose()
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) form.setErrors(error.fieldErrors)
      else setAlert(formErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const title = !draft
    ? ''
    : draft.id !== 0
      ? "Modifier l'article"
      : draft.item
        ? "Copie de l'article"
        : 'Nouvel article'
  return (
    <AppDrawer
      opened={draft !== null}
      onClose={saving ? () => {} : onClose}
      title={title}
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={saving}>
            Annuler
          </Button>
          <Button type="submit" form="item-form" loading={saving}>
            Enregistrer
          </Button>
        </>
      }
    >
      <form id="item-form" onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          <FormAlert message={alert} />
          <div>
            <Text size="sm" fw={500} mb={4} id="item-type-label">
              Type
            </Text>
            <SegmentedControl
              aria-labelledby="item-type-label"
              fullWidth
              disabled={!itemTypes.data}
              data={(itemTypes.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
              {...form.getInputProps('itemTypeId')}
            />
            {form.errors.itemTypeId ? (
              <Text size="xs" c="red" mt={4}>
                {form.errors.itemTypeId}
              </Text>
            ) : null}
          </div>
          <TextInput label="Nom" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps('name')} />
          <TextInput label="Référence" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps('reference')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={ITEM_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <MoneyInput
              label={`Prix ${form.values.priceRule}`}
              withAsterisk
              rightSection="€"
              error={form.errors.amount}
              value={form.values.amount}
              onChange={(value) => form.setFieldValue('amount', value)}
            />
            <div>
              <Text size="sm" fw={500} mb={4} id="price-rule-label">
                Prix saisi
              </Text>
              <SegmentedControl
                aria-labelledby="price-rule-label"
                fullWidth
                data={[
                  { value: 'HT', label: 'HT' },
                  { value: 'TTC', label: 'TTC' },
                ]}
                {...form.getInputProps('priceRule')}
              />
            </div>
          </SimpleGrid>
          <Select
            label="Catégorie"
            withAsterisk
            allowDeselect={false}
            searchable={categoryOptions.length > 8}
            placeholder={categories.isPending ? 'Chargement…' : typeCode ? undefined : "Choisis d'abord le type"}
            disabled={!typeCode || (categories.isPending && categoryOptions.length === 0)}
            data={categoryGroups}
            nothingFoundMessage="Aucun résultat"
            {...form.getInputProps('accountingEntryId')}
            error={
              form.errors.accountingEntryId ||
              (categories.isError && categoryOptions.length === 0 ? 'Une erreur est survenue' : undefined)
            }
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="item-image-label">
              Image
            </Text>
            <Group gap="sm" align="center" aria-labelledby="item-image-label" role="group">
              {shownImage ? (
                <Image src={shownImage} alt="Image de l'article" w={64} h={64} radius="sm" fit="cover" />
              ) : null}
              <FileButton resetRef={resetFileRef} onChange={chooseImage} accept={ITEM_IMAGE_TYPES.join(',')}>
                {(props) => (
                  <Button variant="default" size="xs" {...props}>
                    {shownImage ? "Changer l'image" : 'Choisir une image'}
                  </Button>
                )}
              </FileButton>
              {shownImage ? (
                <Button variant="subtle" color="red" size="xs" onClick={removeImage}>
                  Retirer l'image
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c={imageError ? 'red' : 'dimmed'} mt={4} role={imageError ? 'alert' : undefined}>
              {imageError ?? 'png ou jpeg, 1 Mo au plus'}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="TVA collectée" value={taxLabel} readOnly variant="filled" />
            <ReferenceSelect path="/units" label="Unité" withAsterisk {...form.getInputProps('unitId')} />
          </SimpleGrid>
        </Stack>
      </form>
    </AppDrawer>
  )
}

/** The collected VAT as the pickers name it ("20 % · taux normal"), from its reference row when the list has it. */
function vatLabel(tax: { id: number; amount: string }, taxes: readonly TaxDto[]) {
  const row = taxes.find((candidate) => candidate.id === tax.id)
  return row ? vatChoiceOf(row).label : formatPercentFr(tax.amount)
}

/** A temporary address for a chosen file's preview, revoked when the file changes or the drawer unmounts. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null)
      return
    }
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}
