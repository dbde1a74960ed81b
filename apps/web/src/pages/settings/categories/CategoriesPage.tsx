import { type AccountingEntryDto, messages } from '@app/domain'
import { Box, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { ConfirmModal } from '../../../components/ConfirmModal'
import { SearchField } from '../../../components/SearchField'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'
import { type CategoryDraft, CategoryDrawer } from './CategoryDrawer'
import { CategoryTreeView } from './CategoryTreeView'
import { type CategoryTab, useDeleteCategory } from './categoryQueries'

const m = messages.accountingEntries

/**
 * /app/setting/categories, "Catégories comptables" (spec/money.md §2, §4 "Accounting entry"): the chart every
 * organisation shares and the organisation's own categories, each as a tree under its folders, with a search; the
 * active switch on every category, edit and delete on the organisation's own; "Ajouter une entrée" opens the form.
 */
export function CategoriesPage() {
  const [tab, setTab] = useState<CategoryTab>('general')
  const [search, setSearch] = useState('')
  const [draft, setDraft] = useState<CategoryDraft | null>(null)
  const [deleting, setDeleting] = useState<AccountingEntryDto | null>(null)
  const remove = useDeleteCategory()
  const isPhone = useMediaQuery('(max-width: 48em)')

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Box style={{ flex: '1 1 280px' }}>
          <Title order={2} size="h3">
            {m.title}
          </Title>
          <Text c="dimmed" size="sm">
            Les catégories de tes transactions, de tes notes de frais et de tes articles. Une catégorie désactivée
            disparaît des listes de choix et garde son historique.
          </Text>
        </Box>
        <Button
          leftSection={<IconPlus size={16} />}
          fullWidth={isPhone}
          style={{ flexShrink: 0 }}
          onClick={() => setDraft({ entry: null })}
        >
          {m.add}
        </Button>
      </Group>

      <Tabs value={tab} onChange={(value) => value && setTab(value as CategoryTab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general">{m.generalTab}</Tabs.Tab>
          <Tabs.Tab value="custom">{m.customTab}</Tabs.Tab>
        </Tabs.List>

        <SearchField
          mt="md"
          label="Rechercher une catégorie"
          placeholder="Rechercher par nom, mot-clé ou numéro de compte"
          value={search}
          maxLength={TEXT_MAX_SEARCH}
          onChange={setSearch}
        />

        {(['general', 'custom'] as const).map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <CategoryTreeView
              tab={value}
              search={search}
              onEdit={(entry) => setDraft({ entry })}
              onDelete={setDeleting}
            />
          </Tabs.Panel>
        ))}
      </Tabs>

      <CategoryDrawer draft={draft} onClose={() => setDraft(null)} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={m.deleteConfirm}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => toastSuccess(),
            onError: toastRefusal,
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Stack>
  )
}

const TEXT_MAX_SEARCH = 249
