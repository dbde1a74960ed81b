import { copyName, formatEuro, formatPercentFr, ITEM_TYPE_CODES, type ItemDto, messages } from '@app/domain'
import { Badge, Button, Group, Image, Menu, Stack, Text } from '@mantine/core'
import { IconBox, IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { ConfirmModal } from '../../components/ConfirmModal'
import { EmptyBlock } from '../../components/EmptyBlock'
import { ListBody, ListPage, ListRow } from '../../components/list/ListPage'
import { RowActionsMenu } from '../../components/list/RowActionsMenu'
import { useReferenceList } from '../../components/ReferenceSelect'
import { del } from '../../lib/api'
import { listParamsSchema } from '../../lib/listParams'
import { toastError, toastSuccess } from '../../lib/toast'
import { useListParams } from '../../lib/useListParams'
import { itemsKey, useItems } from './catalogQueries'
import { type ItemDraft, ItemDrawer, valuesFromItem } from './ItemDrawer'

/** The catalogue's parameters: the list's, plus the item type tab (PRO or SER). */
const catalogParamsSchema = listParamsSchema.extend({ type: z.enum(ITEM_TYPE_CODES).optional().catch(undefined) })

const ALL = 'ALL'

/** /app/sales/catalog: tabs Tous plus one per item type, search, the item drawer, duplicate and delete. */
export function CatalogPage() {
  const list = useListParams(catalogParamsSchema, { display: 'catalog' })
  const { params, set } = list
  const query = useItems({ page: params.page, pageSize: params.pageSize, search: params.search, type: params.type })
  const itemTypes = useReferenceList('/item-types')
  const client = useQueryClient()
  const [draft, setDraft] = useState<ItemDraft | null>(null)
  const [deleting, setDeleting] = useState<ItemDto | null>(null)

  const remove = useMutation({
    mutationFn: (item: ItemDto) => del(`/items/${item.id}`),
    onSuccess: () => {
      toastSuccess()
      setDeleting(null)
      client.invalidateQueries({ queryKey: itemsKey })
    },
    onError: (error) => {
      toastError(error)
      setDeleting(null)
    },
  })

  const currentTypeId = itemTypes.data?.find((type) => type.code === params.type)?.id
  const tabs = [
    { value: ALL, label: 'Tous' },
    ...(itemTypes.data ?? []).map((type) => ({ value: type.code, label: type.name })),
  ]
  const edit = (item: ItemDto) => setDraft({ id: item.id, values: valuesFromItem(item), item })
  const duplicate = (item: ItemDto) =>
    setDraft({ id: 0, values: { ...valuesFromItem(item), name: copyName(item.name) }, item })

  return (
    <>
      <ListPage
        title="Catalogue"
        count={query.data?.meta.total}
        list={list}
        tabs={tabs}
        tab={params.type ?? ALL}
        onTabChange={(value) => set({ type: value === ALL ? undefined : (value as (typeof ITEM_TYPE_CODES)[number]) })}
        action={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDraft({ id: 0, values: valuesFromItem(null, currentTypeId), item: null })}
          >
            Nouvel article
          </Button>
        }
      >
        <ListBody
          query={query}
          list={list}
          keyOf={(item) => item.id}
          empty={<EmptyBlock icon={<IconBox size={20} />} title={messages.generic.noResult} />}
          renderItem={(item, view) => (
            <ListRow
              label={item.name}
              onOpen={() => edit(item)}
              actions={
                <RowActionsMenu label={item.name}>
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => edit(item)}>
                    Modifier
                  </Menu.Item>
                  <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => duplicate(item)}>
                    Dupliquer
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(item)}>
                    Supprimer
                  </Menu.Item>
                </RowActionsMenu>
              }
            >
              <Group
                justify="space-between"
                wrap={view === 'grid' ? 'wrap' : 'nowrap'}
                gap="sm"
                align={view === 'grid' ? 'flex-start' : 'center'}
              >
                <Group gap="sm" wrap="nowrap" miw={0}>
                  {item.imageUrl ? (
                    <Image src={item.imageUrl} alt="" w={36} h={36} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
                  ) : null}
                  <Stack gap={0} miw={0}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm" truncate>
                        {item.name}
                      </Text>
                      <Badge
                        size="xs"
                        variant="light"
                        visibleFrom="sm"
                        style={{ flexShrink: 0 }}
                        color={item.itemType.code === 'PRO' ? 'blue' : 'teal'}
                      >
                        {item.itemType.name}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {[
                        item.reference,
                        item.accountingEntry ? `${item.accountingEntry.code} ${item.accountingEntry.name}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
                <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text
                    fw={600}
                    size="sm"
                    ta="right"
                    c={item.amount.startsWith('-') ? 'red' : undefined}
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {formatEuro(item.amount)} {item.priceRule}
                  </Text>
                  <Text size="xs" c="dimmed" ta="right" visibleFrom="sm">
                    {item.unit?.name}
                    {item.tax
                      ? ` · ${Number(item.tax.amount) > 0 ? `TVA ${formatPercentFr(item.tax.amount)}` : item.tax.name}`
                      : ''}
                  </Text>
                </Stack>
              </Group>
            </ListRow>
          )}
        />
      </ListPage>
      <ItemDrawer draft={draft} onClose={() => setDraft(null)} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        loading={remove.isPending}
      />
    </>
  )
}
