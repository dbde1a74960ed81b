import { messages } from '@app/domain'
import { Box, Button, Flex, Group, NavLink, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import {
  IconBuildingBank,
  IconBuildingStore,
  IconCreditCard,
  IconFileInvoice,
  IconListCheck,
  IconPalette,
  IconPlus,
  IconTags,
  IconUserDollar,
  IconUsers,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { useMe } from '../../app/session'
import { AddOrganizationModal } from '../../components/AddOrganizationModal'

type MenuItem = {
  to: string
  label: string
  description: string
  icon: ComponentType<{ size?: number; stroke?: number }>
}

/** Only the sections that exist are listed: no dead links (DESIGN.md "Web"). */
const MENU: MenuItem[] = [
  {
    to: '/app/setting/account',
    label: 'Mon entreprise',
    description: 'Informations légales, coordonnées, contact',
    icon: IconBuildingStore,
  },
  {
    to: '/app/setting/collaborators',
    label: 'Collaborateurs',
    description: 'Membres, rôles et invitations',
    icon: IconUsers,
  },
  {
    to: '/app/setting/subscription',
    label: 'Abonnement',
    description: 'Formule, moyen de paiement et factures',
    icon: IconCreditCard,
  },
  {
    to: '/app/setting/sales',
    label: 'Ventes',
    description: 'Documents, options, e-mails, numérotation et paiements',
    icon: IconFileInvoice,
  },
  {
    to: '/app/setting/sales/branding',
    label: 'Apparence des documents',
    description: 'Couleur, police, logo et fonds',
    icon: IconPalette,
  },
  {
    to: '/app/setting/financial',
    label: 'Comptes bancaires',
    description: 'Comptes, IBAN, solde et compte actif',
    icon: IconBuildingBank,
  },
  {
    to: '/app/setting/financial/associates',
    label: "Comptes courants d'associé",
    description: 'Apports et avances des associés',
    icon: IconUserDollar,
  },
  {
    to: '/app/setting/categories',
    label: 'Catégories comptables',
    description: 'Plan comptable, catégories personnalisées et mots-clés',
    icon: IconTags,
  },
  {
    to: '/app/setting/rules',
    label: "Règles d'affectation",
    description: 'Catégoriser les transactions automatiquement',
    icon: IconListCheck,
  },
]

/** The phone menu's pills: the sections, then "Ajouter une entreprise". */
const PILL_STYLE = { borderRadius: 999, whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-sm)' } as const

/** The settings page pattern: a menu of sections on the left (a scrollable strip on phones), the section on the right. */
export function SettingsLayout() {
  const { pathname } = useLocation()
  const me = useMe()
  const [addOpened, addModal] = useDisclosure(false)
  // The longest matching entry is the active one: /app/setting/sales/branding is not also "Ventes".
  const activeTo = MENU.map((item) => item.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0]
  const isActive = (to: string) => to === activeTo
  const organizationName = me.data?.currentOrganization?.name

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
            <Stack gap={2}>
              {MENU.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  description={item.description}
                  leftSection={<item.icon size={20} stroke={1.6} />}
                  active={isActive(item.to)}
                  aria-current={isActive(item.to) ? 'page' : undefined}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
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
              {MENU.map((item) => (
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
