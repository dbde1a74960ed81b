import { searchMessages } from '@app/domain'
import { ActionIcon, Button, Kbd } from '@mantine/core'
import { useDisclosure, useHotkeys } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { lazyModal } from '../../lazyPage'

const SearchModal = lazyModal(
  () => import('./SearchModal'),
  (module) => module.SearchModal,
)

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/**
 * The search in the header: a button (a magnifier on phones) and ⌘K / Ctrl+K from anywhere in /app (DESIGN.md
 * "Keyboard"), also while typing in a field, since the shortcut types nothing.
 */
export function GlobalSearch() {
  const [opened, modal] = useDisclosure(false)
  useHotkeys([['mod+K', modal.open]], [])
  const shortcut = isMac() ? '⌘ K' : 'Ctrl K'

  return (
    <>
      <Button
        variant="default"
        size="sm"
        visibleFrom="sm"
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">{shortcut}</Kbd>}
        onClick={modal.open}
        aria-label={`${searchMessages.search.open} (${shortcut})`}
        fw={400}
        c="dimmed"
      >
        {searchMessages.search.open}
      </Button>
      <ActionIcon
        variant="default"
        size="lg"
        hiddenFrom="sm"
        onClick={modal.open}
        aria-label={searchMessages.search.open}
      >
        <IconSearch size={18} />
      </ActionIcon>
      <SearchModal opened={opened} onClose={modal.close} />
    </>
  )
}
