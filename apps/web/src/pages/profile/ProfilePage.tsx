import { hasFeature, messages } from '@app/domain'
import { Avatar, Box, Group, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core'
import {
  IconAdjustments,
  IconBell,
  IconDevices,
  IconKey,
  IconLifebuoy,
  IconLock,
  IconShieldCheck,
  IconUser,
  IconUserOff,
} from '@tabler/icons-react'
import { type ComponentType, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { FullPageLoader } from '../../app/guards'
import { useMe } from '../../app/session'
import { ErrorState } from '../../components/ErrorState'
import { ApiTokens } from './ApiTokens'
import { CloseAccount } from './CloseAccount'
import { DisplayPreferences } from './DisplayPreferences'
import { NotificationPreferences } from './NotificationPreferences'
import { PasswordForm } from './PasswordForm'
import { ProfileForm } from './ProfileForm'
import { Sessions } from './Sessions'
import { SupportAccess } from './SupportAccess'
import { TwoFactorSection } from './TwoFactorSection'

type Tab = { value: string; label: string; icon: ComponentType<{ size?: number }> }

const TABS: Tab[] = [
  { value: 'profil', label: 'Mon profil', icon: IconUser },
  { value: 'mot-de-passe', label: 'Mot de passe', icon: IconLock },
  { value: 'double-authentification', label: 'Double authentification', icon: IconShieldCheck },
  { value: 'appareils', label: 'Appareils connectés', icon: IconDevices },
  { value: 'affichage', label: 'Affichage', icon: IconAdjustments },
  { value: 'notifications', label: 'Notifications', icon: IconBell },
  { value: 'jetons', label: "Jetons d'API", icon: IconKey },
  { value: 'support', label: 'Accès du support', icon: IconLifebuoy },
  { value: 'cloture', label: 'Clôturer mon compte', icon: IconUserOff },
]

/** /app/profile: the user's own settings, one tab per subject; the tab is in the URL (?tab=affichage). */
export function ProfilePage() {
  const me = useMe()
  const [searchParams, setSearchParams] = useSearchParams()
  const requested = searchParams.get('tab')
  // spec §4: the free formula has no notification settings (nor notifications).
  const notified = hasFeature({ features: me.data?.currentOrganization?.features ?? [] }, 'notifications')
  const tabs = TABS.filter((t) => t.value !== 'notifications' || notified)
  const tab = tabs.some((t) => t.value === requested) ? (requested as string) : 'profil'
  const tabsViewport = useRef<HTMLDivElement>(null)

  // On a phone the tab strip scrolls: the active tab is centred in view (e.g. when opened from ?tab=jetons).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the DOM is read again when the tab or the page changes.
  useEffect(() => {
    const viewport = tabsViewport.current
    const active = viewport?.querySelector<HTMLElement>(`[role="tab"][aria-selected="true"]`)
    if (viewport && active)
      viewport.scrollLeft = Math.max(0, active.offsetLeft - (viewport.clientWidth - active.offsetWidth) / 2)
  }, [tab, me.isSuccess])

  if (me.isPending) return <FullPageLoader />
  if (me.isError || !me.data) return <ErrorState onRetry={() => me.refetch()} />
  const user = me.data

  return (
    <Stack gap="lg" w="100%" maw={960} mx="auto">
      <Group gap="md" wrap="nowrap">
        <Avatar size={56} radius="xl" color="teal" variant="light">
          {`${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase()}
        </Avatar>
        <Box miw={0}>
          <Title order={1} size="h2">
            {messages.account.profileTitle}
          </Title>
          <Text c="dimmed" size="sm" truncate>
            {user.firstname} {user.lastname} · {user.email}
          </Text>
        </Box>
      </Group>

      <Tabs
        value={tab}
        onChange={(value) => {
          const next = new URLSearchParams(searchParams)
          if (!value || value === 'profil') next.delete('tab')
          else next.set('tab', value)
          setSearchParams(next, { replace: true })
        }}
        keepMountedMode="display-none"
      >
        <ScrollArea type="never" mb="lg" viewportRef={tabsViewport}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {tabs.map((t) => (
              <Tabs.Tab
                key={t.value}
                value={t.value}
                leftSection={<t.icon size={16} />}
                color={t.value === 'cloture' ? 'red' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>

        <Tabs.Panel value="profil">
          <ProfileForm me={user} />
        </Tabs.Panel>
        <Tabs.Panel value="mot-de-passe">
          <PasswordForm />
        </Tabs.Panel>
        <Tabs.Panel value="double-authentification">
          <TwoFactorSection required={searchParams.get('raison') === 'exigee'} />
        </Tabs.Panel>
        <Tabs.Panel value="appareils">
          <Sessions />
        </Tabs.Panel>
        <Tabs.Panel value="affichage">
          <DisplayPreferences me={user} />
        </Tabs.Panel>
        {notified ? (
          <Tabs.Panel value="notifications">
            <NotificationPreferences me={user} />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="jetons">
          <ApiTokens />
        </Tabs.Panel>
        <Tabs.Panel value="support">
          <SupportAccess />
        </Tabs.Panel>
        <Tabs.Panel value="cloture">
          <CloseAccount me={user} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}
