import { messages } from '@app/domain'
import { Anchor, Box, Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import classes from './AuthLayout.module.css'

export type AuthLayoutProps = {
  title: ReactNode
  /** One or two sentences under the title. */
  description?: ReactNode
  children: ReactNode
  /** Below the card: "Pas encore de compte ? Créer un compte", etc. */
  footer?: ReactNode
  /** Above the title, e.g. "Étape 2 sur 2". */
  eyebrow?: ReactNode
  /** Wider card for the longer forms. */
  size?: 'sm' | 'md'
}

/** The frame of every sign-in and sign-up screen: the logo, a short tagline and one centred card. */
export function AuthLayout({ title, description, children, footer, eyebrow, size = 'sm' }: AuthLayoutProps) {
  return (
    <Box className={classes.root}>
      <Center className={classes.inner}>
        <Stack gap="lg" w="100%" maw={size === 'sm' ? 440 : 560}>
          <Stack gap={6} align="center">
            <Anchor component={Link} to="/app" underline="never" aria-label="Carnet, accueil">
              <Group gap={10} wrap="nowrap">
                <Image src="/favicon.svg" alt="" w={36} h={36} />
                <Text component="span" fw={700} fz={24} c="var(--mantine-color-text)" lh={1}>
                  Carnet
                </Text>
              </Group>
            </Anchor>
            <Text c="dimmed" size="sm" ta="center">
              Tes devis, factures et ta compta, au même endroit.
            </Text>
          </Stack>
          <Paper className={classes.card} withBorder shadow="sm" p={{ base: 'lg', xs: 32 }}>
            <Stack gap="lg">
              <Stack gap={6}>
                {eyebrow ? (
                  <Text size="xs" fw={600} tt="uppercase" c="teal" lts={0.6}>
                    {eyebrow}
                  </Text>
                ) : null}
                <Title order={1} fz={{ base: 22, xs: 26 }} lh={1.25}>
                  {title}
                </Title>
                {description ? (
                  <Text c="dimmed" size="sm">
                    {description}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer ? (
            <Text size="sm" ta="center" c="dimmed">
              {footer}
            </Text>
          ) : null}
          <LegalLinks />
        </Stack>
      </Center>
    </Box>
  )
}

/** The public texts every visitor may read before signing in: the terms, the privacy policy, the legal notice. */
function LegalLinks() {
  return (
    <Group component="nav" aria-label="Informations légales" justify="center" gap="md">
      <Anchor component={Link} to="/cgu" size="xs" c="dimmed">
        CGU
      </Anchor>
      <Anchor component={Link} to="/confidentiality-policy" size="xs" c="dimmed">
        Confidentialité
      </Anchor>
      <Anchor component={Link} to="/legal-notice" size="xs" c="dimmed">
        Mentions légales
      </Anchor>
    </Group>
  )
}

/** A password-reset step opened from a link without its e-mail address: says so; the footer offers the way back. */
export function MissingEmailPage({ title, footer }: { title: ReactNode; footer: ReactNode }) {
  return (
    <AuthLayout title={title} footer={footer}>
      <Text c="red" role="alert">
        {messages.validation.emailNotFound}
      </Text>
    </AuthLayout>
  )
}
