import { hasFeature } from '@app/domain'
import { AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { ErrorState } from '../components/ErrorState'
import { FullPageLoader } from './guards'
import { lazyModal } from './lazyPage'
import { useMe } from './session'
import { HelpMenu } from './shell/help/HelpMenu'
import { ImpersonationBanner } from './shell/ImpersonationBanner'
import { Logo } from './shell/Logo'
import type { Viewer } from './shell/nav-entries'
import { NotificationBell } from './shell/notifications/NotificationBell'
import { OrganizationSwitcher } from './shell/OrganizationSwitcher'
import { QuickCreateMenu } from './shell/QuickCreateMenu'
import classes from './shell/Shell.module.css'
import { SidebarNav } from './shell/SidebarNav'
import { GlobalSearch } from './shell/search/GlobalSearch'
import { UserMenu } from './shell/UserMenu'

const AddOrganizationModal = lazyModal(
  () => import('../components/AddOrganizationModal'),
  (module) => module.AddOrganizationModal,
)

// The phone's navigation drawer is loaded when the burger first opens it.
const MobileNavDrawer = lazyModal(
  () => import('./shell/MobileNavDrawer'),
  (module) => module.MobileNavDrawer,
)

const HEADER_HEIGHT = 60
const NAVBAR_WIDTH = 248

/**
 * The signed-in frame: the sidebar navigation (a drawer on phones), the header with the organisation switcher, the
 * quick-create menu and the user menu, and the page in the middle.
 */
export function AppLayout() {
  const me = useMe()
  const { pathname } = useLocation()
  const [drawerOpened, drawer] = useDisclosure(false)
  const [addOpened, addOrganization] = useDisclosure(false)

  // A link followed from the drawer closes it, and so does any other navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every path change is the point.
  useEffect(() => drawer.close(), [pathname])

  if (me.isPending) return <FullPageLoader />
  if (me.isError || !me.data) return <ErrorState onRetry={() => me.refetch()} />

  const user = me.data
  const organization = user.currentOrganization
  const viewer: Viewer = {
    isOwner: organization?.isOwner ?? false,
    isFree: organization?.free ?? true,
    features: organization?.features ?? [],
    canSellCash: organization?.canSellCash ?? false,
  }
  const hasSwitcher = user.organizations.length > 1

  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header px={{ base: 'sm', sm: 'lg' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Fermer le menu' : 'Ouvrir le menu'}
            />
            {hasSwitcher ? (
              <OrganizationSwitcher me={user} onAddOrganization={addOrganization.open} />
            ) : (
              <>
                <Group hiddenFrom="sm">
                  <Logo />
                </Group>
                {organization ? (
                  <Text size="sm" fw={600} c="dimmed" truncate visibleFrom="sm">
                    {organization.name}
                  </Text>
                ) : null}
              </>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <GlobalSearch />
            <NotificationBell enabled={hasFeature(viewer, 'notifications')} />
            <HelpMenu />
            <QuickCreateMenu viewer={viewer} />
            <UserMenu me={user} onAddOrganization={hasSwitcher ? undefined : addOrganization.open} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} visibleFrom="sm">
        <AppShell.Section px="lg" h={HEADER_HEIGHT} style={{ display: 'flex', alignItems: 'center' }}>
          <Logo />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} px="sm" py="md">
          <SidebarNav viewer={viewer} />
        </AppShell.Section>
      </AppShell.Navbar>

      <MobileNavDrawer opened={drawerOpened} onClose={drawer.close} viewer={viewer} />

      <AppShell.Main className={classes.main}>
        <ImpersonationBanner impersonating={user.impersonate} />
        <Outlet />
      </AppShell.Main>

      <AddOrganizationModal opened={addOpened} onClose={addOrganization.close} />
    </AppShell>
  )
}
