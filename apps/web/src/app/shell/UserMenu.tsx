import { authMessages, type MeDto, supportMessages } from '@app/domain'
import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core'
import {
  IconChevronDown,
  IconLifebuoy,
  IconLogout,
  IconMoon,
  IconPlus,
  IconSettings,
  IconSun,
  IconUser,
} from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { post } from '../../lib/api'
import { useSupportStatus } from '../../lib/supportQueries'
import { toastError } from '../../lib/toast'
import { lazyModal } from '../lazyPage'
import { stopImpersonation } from './ImpersonationBanner'
import classes from './Shell.module.css'
import { useThemeMode } from './useThemeMode'

// Loaded when someone logs out: every page would otherwise download the modal's script.
const ConfirmModal = lazyModal(
  () => import('../../components/ConfirmModal'),
  (module) => module.ConfirmModal,
)

type Props = {
  me: Pick<MeDto, 'id' | 'firstname' | 'lastname' | 'email' | 'preferences' | 'currentOrganization' | 'impersonate'>
  /** Shown here when the organisation switcher is not (a single organisation). */
  onAddOrganization?: () => void
}

const initials = (me: Props['me']) => `${me.firstname[0] ?? ''}${me.lastname[0] ?? ''}`.toUpperCase() || '?'

/** The header's user menu (spec/account.md §2): profile, settings for owners, theme, log out. */
export function UserMenu({ me, onAddOrganization }: Props) {
  const client = useQueryClient()
  const { mode, toggle } = useThemeMode(me)
  const [confirmLogout, setConfirmLogout] = useState(false)
  const [loggingOut, setLoggingOut] = useState(false)
  // Asked once the menu opens: only the instance's support operators see "Support".
  const [opened, setOpened] = useState(false)
  const support = useSupportStatus(opened && !me.impersonate)
  const fullName = `${me.firstname} ${me.lastname}`.trim()

  const logout = async () => {
    setLoggingOut(true)
    try {
      await post('/auth/logout')
    } catch (error) {
      setLoggingOut(false)
      toastError(error)
      return
    }
    // A full page load: nothing of this session survives in memory, not even a cached screen.
    client.clear()
    window.location.assign('/auth/login')
  }

  return (
    <>
      <Menu position="bottom-end" width={260} onOpen={() => setOpened(true)}>
        <Menu.Target>
          <UnstyledButton className={classes.userButton} aria-label={`Menu de ${fullName}`}>
            <Group gap={8} wrap="nowrap">
              <Avatar size={32} radius="xl" color="teal">
                {initials(me)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
                {me.firstname}
              </Text>
              <IconChevronDown size={14} stroke={1.8} color="var(--mantine-color-dimmed)" />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Stack gap={0} px="sm" py={8}>
            <Text size="sm" fw={600} truncate>
              {fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {me.email}
            </Text>
          </Stack>
          <Menu.Divider />
          <Menu.Item component={Link} to="/app/profile" leftSection={<IconUser size={16} />}>
            Mon profil
          </Menu.Item>
          {me.currentOrganization?.isOwner ? (
            <Menu.Item component={Link} to="/app/setting" leftSection={<IconSettings size={16} />}>
              Mes paramètres
            </Menu.Item>
          ) : null}
          {onAddOrganization ? (
            <Menu.Item leftSection={<IconPlus size={16} />} onClick={onAddOrganization}>
              Ajouter une entreprise
            </Menu.Item>
          ) : null}
          {support.data?.isOperator ? (
            <Menu.Item component={Link} to="/support" leftSection={<IconLifebuoy size={16} />}>
              Support
            </Menu.Item>
          ) : null}
          {me.impersonate ? (
            <Menu.Item
              color="orange"
              leftSection={<IconLifebuoy size={16} />}
              onClick={() => stopImpersonation().catch((error) => toastError(error))}
            >
              {supportMessages.stop}
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={mode === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
            onClick={toggle}
            closeMenuOnClick={false}
          >
            {mode === 'dark' ? 'Mode clair' : 'Mode sombre'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => setConfirmLogout(true)}>
            Se déconnecter
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={confirmLogout}
        onClose={() => setConfirmLogout(false)}
        onConfirm={logout}
        title={authMessages.logoutConfirm}
        message={null}
        confirmLabel="Se déconnecter"
        danger={false}
        loading={loggingOut}
      />
    </>
  )
}
