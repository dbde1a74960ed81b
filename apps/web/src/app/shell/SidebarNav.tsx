import { NavLink, Stack, Text } from '@mantine/core'
import { Link, matchPath, useLocation } from 'react-router'
import { PremiumStar } from '../../components/PremiumStar'
import { isLocked, type Viewer, visibleNavigation } from './nav-entries'

/**
 * The sidebar's links, grouped by section; shared by the desktop sidebar and the phone drawer. A premium entry carries
 * a star, locked when the plan lacks its feature: its page then offers the upgrade instead (no dead link).
 */
export function SidebarNav({ viewer, onNavigate }: { viewer: Viewer; onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const sections = visibleNavigation(viewer)

  return (
    <Stack component="nav" aria-label="Navigation principale" gap="md">
      {sections.map((section, index) => (
        <Stack key={section.label ?? `section-${index}`} gap={2}>
          {section.label ? (
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.5} px="sm" pb={4}>
              {section.label}
            </Text>
          ) : null}
          {section.entries.map((entry) => {
            const active = matchPath({ path: entry.to, end: entry.end ?? false }, pathname) !== null
            const Icon = entry.icon
            return (
              <NavLink
                key={entry.to}
                component={Link}
                to={entry.to}
                label={entry.label}
                leftSection={<Icon size={19} stroke={1.7} />}
                rightSection={
                  entry.feature ? <PremiumStar locked={isLocked(entry, viewer)} feature={entry.feature} /> : undefined
                }
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                variant="light"
                fw={active ? 600 : 500}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            )
          })}
        </Stack>
      ))}
    </Stack>
  )
}
