import { contentMessages, messages } from '@app/domain'
import { Box, Button, Flex, Group, NavLink, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconPlus, IconStarFilled } from '@tabler/icons-react'
import { Link, Outlet, useLocation } from 'react-router'
import { useMe } from '../../app/session'
import { AddOrganizationModal } from '../../components/AddOrganizationModal'
import { type MenuItem, settingsMenuFor } from './settingsMenu'

/** The star of a premium section (spec/account.md §2 "Premium features carry a star"). */
function PremiumMark() {
  return (
    <Box
      component="span"
      role="img"
      aria-label={contentMessages.settingsMenu.premium}
      title={contentMessages.settingsMenu.premium}
      c="yellow.6"
      style={{ display: 'inline-flex', flexShrink: 0 }}
    >
      <IconStarFilled size={14} aria-hidden />
    </Box>
  )
}

/** The phone menu's pills: the sections, then "Ajouter une entreprise". */
const PILL_STYLE = { borderRadius: 999, whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-sm)' } as const

/** The settings page pattern: a menu of sections on the left (a scrollable strip on phones), the section on the right. */
export function SettingsLayout() {
  const { pathname } = useLocation()
  const me = useMe()
  const [addOpened, addModal] = useDisclosure(false)
  const organization = me.data?.currentOrganization
  const menu = settingsMenuFor({ free: organization?.free ?? false, features: organization?.features ?? [] })
  const entries = [...menu.main, ...menu.premium]
  // The longest matching entry is the active one: /app/setting/sales/branding is not also "Ventes".
  const activeTo = entries
    .map((item) => item.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0]
  const isActive = (to: string) => to === activeTo
  const organizationName = organization?.name
  const navLink = (item: MenuItem) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={
        <Group gap={6} wrap="nowrap" component="span">
          {item.label}
          {item.feature ? <PremiumMark /> : null}
        </Group>
      }
      description={item.description}
      leftSection={<item.icon size={20} stroke={1.6} />}
      active={isActive(item.to)}
      aria-current={isActive(item.to) ? 'page' : undefined}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  )

  return (
    <Stack gap="lg" w="100%" maw={1180} mx="auto">
      <Box>
        <Title order={1} size="h2">
          {messages.account.settingsTitle}
        </Title>
        {organizationName ? (
          <Text c="dimmed" size="sm" mt={2}>
            {organizationName}
          </Text>
        ) : null}
      </Box>

      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 'md', md: 'xl' }} align="flex-start">
        <Box
          component="nav"
          aria-label="Sections des paramètres"
          w={{ base: '100%', md: 260 }}
          style={{ flexShrink: 0 }}
        >
          <Paper withBorder radius="lg" p="xs" visibleFrom="md" pos="sticky" top={16}>
            <Stack gap={2} data-testid="settings-menu">
              {menu.main.map(navLink)}
              {menu.premium.length > 0 ? (
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                  Avec une formule payante
                </Text>
              ) : null}
              {menu.premium.map(navLink)}
              <Button
                variant="subtle"
                color="gray"
                justify="flex-start"
                leftSection={<IconPlus size={16} />}
                mt="xs"
                onClick={addModal.open}
              >
                Ajouter une entreprise
              </Button>
            </Stack>
          </Paper>

          <ScrollArea hiddenFrom="md" type="never" offsetScrollbars={false}>
            <Group gap="xs" wrap="nowrap" pb={4}>
              {entries.map((item) => (
                <UnstyledButton
                  key={item.to}
                  component={Link}
                  to={item.to}
                  aria-current={isActive(item.to) ? 'page' : undefined}
                  px="md"
                  py={8}
                  style={{
                    ...PILL_STYLE,
                    fontWeight: 500,
                    border: '1px solid var(--mantine-color-default-border)',
                    background: isActive(item.to) ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-body)',
                    color: isActive(item.to) ? 'var(--mantine-primary-color-light-color)' : undefined,
                  }}
                >
                  <Group gap={6} wrap="nowrap">
                    <item.icon size={16} />
                    {item.label}
                    {item.feature ? <PremiumMark /> : null}
                  </Group>
                </UnstyledButton>
              ))}
              <UnstyledButton
                onClick={addModal.open}
                px="md"
                py={8}
                style={{ ...PILL_STYLE, border: '1px dashed var(--mantine-color-default-border)' }}
              >
                <Group gap={6} wrap="nowrap">
                  <IconPlus size={16} />
                  Ajouter une entreprise
                </Group>
              </UnstyledButton>
            </Group>
          </ScrollArea>
        </Box>

        <Box flex={1} miw={0} w="100%">
          <Outlet />
        </Box>
      </Flex>

      <AddOrganizationModal opened={addOpened} onClose={addModal.close} />
    </Stack>
  )
}
