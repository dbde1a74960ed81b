import { Button, Menu, Text } from '@mantine/core'
import { IconChevronDown, IconPlus } from '@tabler/icons-react'
import { Link } from 'react-router'
import { isLocked, isVisible, type NavEntry, QUICK_CREATE, type Viewer } from './nav-entries'

/**
 * "Créer" in the header: one entry per document the user may create. Entries whose page is not built yet are
 * absent, and so are those the plan does not include (spec/account.md §2: recurring invoice hidden without it); the
 * whole menu is absent when none is left.
 */
export function QuickCreateMenu({ viewer, entries = QUICK_CREATE }: { viewer: Viewer; entries?: NavEntry[] }) {
  const visible = entries.filter((entry) => isVisible(entry, viewer) && !isLocked(entry, viewer))
  if (visible.length === 0) return null

  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        {/* On a phone the "+" alone (its name stays): the header's six actions did not fit beside the logo. */}
        <Button
          leftSection={<IconPlus size={16} />}
          rightSection={<IconChevronDown size={14} />}
          size="sm"
          aria-label="Créer un document"
          px={{ base: 'xs', xs: 'md' }}
          styles={{ section: { marginInline: 0 } }}
        >
          <Text span inherit visibleFrom="xs" mx={8}>
            Créer
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {visible.map((entry) => {
          const Icon = entry.icon
          return (
            <Menu.Item key={entry.to} component={Link} to={entry.to} leftSection={<Icon size={16} stroke={1.7} />}>
              {entry.label}
            </Menu.Item>
          )
        })}
      </Menu.Dropdown>
    </Menu>
  )
}
