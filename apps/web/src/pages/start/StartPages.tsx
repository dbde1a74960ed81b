import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core'
import {
  IconArrowRight,
  IconBuildingBank,
  IconFileInvoice,
  IconFileText,
  IconId,
  IconPalette,
  IconReceipt,
  IconSettings,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A choice of the onboarding: a card that is one link, its icon, its title and what it leads to. */
function StartCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={title}>
      <Paper withBorder radius="lg" p="lg" h="100%">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <ThemeIcon size={40} radius="xl" variant="light">
              {icon}
            </ThemeIcon>
            <IconArrowRight size={18} aria-hidden />
          </Group>
          <Text fw={700} size="lg">
            {title}
          </Text>
          <Text c="dimmed" size="sm">
            {text}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  )
}

/** An onboarding page: its title, what it is for, its cards two by two, and what comes under them. */
function StartLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string
  intro: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <Box>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{intro}</Text>
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children}
      </SimpleGrid>
      {footer}
    </Stack>
  )
}

/**
 * /app/start (spec/account.md §2 "Onboarding"): where a new organisation begins, four priorities and a way to skip
 * them. The sign-up's "C'est parti" leads here.
 */
export function StartPage() {
  return (
    <StartLayout
      title="Par quoi veux-tu commencer ?"
      intro="Choisis ta priorité : tu pourras revenir au reste quand tu veux."
      footer={
        <Anchor component={Link} to="/app" ta="center">
          Passer cette étape
        </Anchor>
      }
    >
      <StartCard
        to="/app/start/legal-infos"
        icon={<IconId size={22} />}
        title="Mes infos"
        text="Les informations légales de ton entreprise, qui figurent sur tes devis et factures."
      />
      <StartCard
        to="/app/setting/financial"
        icon={<IconBuildingBank size={22} />}
        title="Ma compta"
        text="Tes comptes bancaires, pour suivre ta trésorerie et catégoriser tes opérations."
      />
      <StartCard
        to="/app/start/sales/customization"
        icon={<IconFileInvoice size={22} />}
        title="Ma facturation"
        text="L'apparence de tes documents, puis ton premier devis ou ta première facture."
      />
      <StartCard
        to="/app/setting"
        icon={<IconSettings size={22} />}
        title="Configurer"
        text="Tous les réglages de ton entreprise : numérotation, mentions, collaborateurs…"
      />
    </StartLayout>
  )
}

/** /app/start/sales/customization: dress the documents first, or go straight to the first one. */
export function SalesCustomizationPage() {
  return (
    <StartLayout
      title="Ma facturation"
      intro="Tes devis et factures portent ton logo, ta couleur et ta police : personnalise-les maintenant ou plus tard."
    >
      <StartCard
        to="/app/setting/sales/branding"
        icon={<IconPalette size={22} />}
        title="Personnaliser mes documents"
        text="Ton logo, ta couleur et ta police sur chaque devis et facture."
      />
      <StartCard
        to="/app/start/sales"
        icon={<IconArrowRight size={22} />}
        title="Créer mon premier document"
        text="Garde l'apparence par défaut et commence tout de suite."
      />
    </StartLayout>
  )
}

/** /app/start/sales: the first quote or the first invoice, and where the sales defaults are set. */
export function FirstDocumentPage() {
  return (
    <StartLayout
      title="Mon premier document"
      intro="Un devis pour proposer, une facture pour encaisser."
      footer={
        <Text c="dimmed" size="sm" ta="center">
          Astuce : tes conditions de paiement, mentions et numérotation par défaut se règlent dans{' '}
          <Anchor component={Link} to="/app/setting/sales">
            les paramètres de vente
          </Anchor>
          .
        </Text>
      }
    >
      <StartCard
        to="/app/sales/quotes/new"
        icon={<IconFileText size={22} />}
        title="Créer un devis"
        text="Propose ton prix : ton client l'accepte, puis tu le factures en un clic."
      />
      <StartCard
        to="/app/sales/invoices/new"
        icon={<IconReceipt size={22} />}
        title="Créer une facture"
        text="Facture une prestation ou une vente déjà faite."
      />
    </StartLayout>
  )
}
