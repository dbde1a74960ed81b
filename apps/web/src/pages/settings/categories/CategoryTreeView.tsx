import { type AccountingEntryDto, messages } from '@app/domain'
import { ActionIcon, Badge, Box, Group, Paper, Skeleton, Stack, Switch, Text, Tooltip } from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconFolder, IconPencil, IconTags } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ErrorState } from '../../../components/ErrorState'
import { RemoveButton } from '../../../components/ItemList'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'
import {
  type CategoryTab,
  useAllCategories,
  useCategoriesOfTab,
  useTaxRates,
  useTaxTypes,
  useToggleCategory,
} from './categoryQueries'
import { buildTree, type CategoryNode, filterTree, isFolder, placeOf, tagNames } from './categoryTree'

const m = messages.accountingEntries

type Node = CategoryNode<AccountingEntryDto>

type RowActions = {
  onEdit: (entry: AccountingEntryDto) => void
  onDelete: (entry: AccountingEntryDto) => void
  onToggle: (entry: AccountingEntryDto) => void
  onFold: (id: number, open: boolean) => void
}

/**
 * One tab of the categories page: the tree of its categories (folders code "0" with what they hold), folded by the
 * person, unfolded by a search; the general chart opens folded on its folders, the organisation's own categories open.
 */
export function CategoryTreeView({
  tab,
  search,
  onEdit,
  onDelete,
}: {
  tab: CategoryTab
  search: string
  onEdit: (entry: AccountingEntryDto) => void
  onDelete: (entry: AccountingEntryDto) => void
}) {
  const query = useCategoriesOfTab(tab)
  // The organisation's own categories hang under the general chart: the row says where.
  const all = useAllCategories()
  const toggle = useToggleCategory(tab)
  const taxTypes = useTaxTypes()
  const taxRates = useTaxRates()
  const [folds, setFolds] = useState<Map<number, boolean>>(new Map())
  const tree = useMemo(() => buildTree(query.data ?? []), [query.data])
  const shown = useMemo(() => filterTree(tree, search), [tree, search])
  const searching = search.trim() !== ''

  const taxOf = (entry: AccountingEntryDto) => {
    const type = taxTypes.data?.find((item) => item.id === entry.taxTypeId)?.name
    const rate = taxRates.data?.find((item) => item.id === entry.taxRateId)?.name
    return [type, rate].filter(Boolean).join(' · ')
  }
  const placeText = (entry: AccountingEntryDto) =>
    tab === 'custom' && all.data
      ? placeOf(entry, all.data)
          .map((parent) => parent.name)
          .join(' › ')
      : ''
  const isOpen = (node: Node, depth: number) =>
    searching || (folds.get(node.entry.id) ?? !(tab === 'general' && depth === 0 && isFolder(node.entry)))
  const actions: RowActions = {
    onEdit,
    onDelete,
    onToggle: (entry) =>
      toggle.mutate(entry, {
        onSuccess: (updated) => toastSuccess(updated.isActive ? m.activated : m.deactivated),
        onError: toastRefusal,
      }),
    onFold: (id, open) => setFolds((current) => new Map(current).set(id, open)),
  }

  if (query.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement">
        <Skeleton height={52} />
        <Skeleton height={52} />
        <Skeleton height={52} />
      </Stack>
    )
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />
  if (tree.length === 0)
    return (
      <EmptyBlock
        icon={<IconTags size={22} />}
        title={tab === 'custom' ? m.emptyCustom : messages.generic.noResult}
        description={tab === 'custom' ? 'Ajoute une entrée pour ranger une dépense ou une recette à ta façon.' : null}
      />
    )
  if (shown.length === 0) return <EmptyBlock icon={<IconTags size={22} />} title={messages.generic.noResult} />

  const renderNodes = (nodes: readonly Node[], depth: number) => (
    <Box
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={depth === 0 ? (tab === 'custom' ? m.customTab : m.generalTab) : undefined}
    >
      {nodes.map((node) => {
        const open = isOpen(node, depth)
        return (
          <Box component="li" key={node.entry.id} aria-label={node.entry.name}>
            <CategoryRow
              entry={node.entry}
              depth={depth}
              hasChildren={node.children.length > 0}
              open={open}
              tax={taxOf(node.entry)}
              place={depth === 0 ? placeText(node.entry) : ''}
              toggling={toggle.isPending && toggle.variables?.id === node.entry.id}
              actions={actions}
            />
            {open && node.children.length > 0 ? renderNodes(node.children, depth + 1) : null}
          </Box>
        )
      })}
    </Box>
  )

  return (
    <Paper withBorder radius="md" py={4}>
      {renderNodes(shown, 0)}
    </Paper>
  )
}

/** One category: fold button, code, name, tax, tags; the active switch; edit and delete when it is the organisation's. */
function CategoryRow({
  entry,
  depth,
  hasChildren,
  open,
  tax,
  place,
  toggling,
  actions,
}: {
  entry: AccountingEntryDto
  depth: number
  hasChildren: boolean
  open: boolean
  tax: string
  place: string
  toggling: boolean
  actions: RowActions
}) {
  const folder = isFolder(entry)
  const tags = tagNames(entry)
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="center"
      py={6}
      pr="sm"
      pl={`calc(var(--mantine-spacing-xs) + ${depth * 20}px)`}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-inactive={entry.isActive ? undefined : 'true'}
    >
      <Box w={28} style={{ flexShrink: 0 }}>
        {hasChildren ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`${open ? 'Replier' : 'Déplier'} ${entry.name}`}
            aria-expanded={open}
            onClick={() => actions.onFold(entry.id, !open)}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        ) : null}
      </Box>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap={8} wrap="wrap" miw={0}>
          {folder ? (
            <IconFolder size={16} aria-label="Dossier" role="img" />
          ) : (
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {entry.code}
            </Text>
          )}
          <Text size="sm" fw={folder ? 700 : 500} c={entry.isActive ? undefined : 'dimmed'}>
            {entry.name}
          </Text>
          {entry.isActive ? null : (
            <Badge size="xs" variant="light" color="gray" tt="none">
              Désactivée
            </Badge>
          )}
          {tags.map((tag) => (
            <Badge key={tag} size="xs" variant="outline" color="gray" radius="sm" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
        {place ? (
          <Text size="xs" c="dimmed">
            Sous {place}
          </Text>
        ) : null}
        {tax ? (
          <Text size="xs" c="dimmed">
            {tax}
          </Text>
        ) : null}
      </Stack>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Switch
          checked={entry.isActive}
          disabled={toggling}
          onChange={() => actions.onToggle(entry)}
          aria-label={`Catégorie active : ${entry.name}`}
          mr="xs"
        />
        {entry.isEditable ? (
          <>
            <Tooltip label="Modifier">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Modifier ${entry.name}`}
                onClick={() => actions.onEdit(entry)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <RemoveButton
              tooltip="Supprimer"
              label={`Supprimer ${entry.name}`}
              onClick={() => actions.onDelete(entry)}
            />
          </>
        ) : null}
      </Group>
    </Group>
  )
}
