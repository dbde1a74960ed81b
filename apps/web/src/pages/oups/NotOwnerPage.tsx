import { messages } from '@app/domain'
import {
  ActionIcon,
  Anchor,
  Center,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconCheck, IconCopy, IconLock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router'
import { useMe } from '../../app/session'
import { BYPASS_PATH } from '../../components/bank-connections/BankScreens'
import { NotFoundPage } from '../../components/NotFoundPage'
import { legalInfoCallback, legalInfoPath } from '../../components/organization/legalInfo'
import { toastSuccess } from '../../lib/toast'

/** The copy toast lasts 3 s (spec/account.md §7). */
const COPY_TOAST_MS = 3000

/** The seven blocking screens of spec/account.md §2, each with its title. */
export const OUPS_SLUGS = {
  'bank-first-connexion': 'Connecter la banque de l’entreprise',
  'disconnected-bank': 'La connexion à la banque a expiré',
  'must-upgrade-plan': 'Cette fonctionnalité demande une autre formule',
  'need-legal-infos': 'Accéder aux devis et factures',
  'subscription-out': 'Ton abonnement est suspendu',
  'subscription-payment-error': 'Un paiement de l’abonnement a échoué',
  'trial-period-end': "Ta période d'essai est terminée !",
} as const
export type OupsSlug = keyof typeof OUPS_SLUGS

export const isOupsSlug = (slug: string | undefined): slug is OupsSlug => slug !== undefined && slug in OUPS_SLUGS

/**
 * The page the owner should open to lift the block: the owner's screen at the same address, except the legal
 * information, whose page is /app/start/legal-infos (with the page the member was on as its callback).
 */
export function ownerPathOf(slug: OupsSlug, callback: string | null): string {
  return slug === 'need-legal-infos' ? legalInfoPath(callback) : `/app/oups/${slug}`
}

/**
 * /app/oups/{slug} for a member who is not the owner (spec/account.md "Blocking screens"): what is blocked, the
 * owner's name, and the link to send them.
 */
export function NotOwnerScreen({ slug, ownerName }: { slug: OupsSlug; ownerName: string }) {
  const [searchParams] = useSearchParams()
  const link = `${window.location.origin}${ownerPathOf(slug, legalInfoCallback(searchParams.get('callback')))}`
  const bypass = slug === 'bank-first-connexion' || slug === 'disconnected-bank'
  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" maw={560} w="100%">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {OUPS_SLUGS[slug]}
          </Title>
          <Text fw={500}>Oups, tu n'es pas le propriétaire de cette entreprise...</Text>
          <Text>
            Seul <strong>{ownerName}</strong> peut s'en occuper. Envoie-lui ce lien pour qu'il le fasse :
          </Text>
          <Group gap="xs" wrap="nowrap" maw="100%">
            <Code style={{ overflowWrap: 'anywhere' }}>{link}</Code>
            <CopyButton value={link} timeout={COPY_TOAST_MS}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copié' : 'Copier le lien'}>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : 'gray'}
                    aria-label="Copier le lien"
                    onClick={() => {
                      copy()
                      toastSuccess(messages.generic.linkCopied, COPY_TOAST_MS)
                    }}
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          {bypass ? (
            <Anchor component={RouterLink} to={BYPASS_PATH} size="sm">
              Voir mes transactions sans connecter de banque
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  )
}

const ownerNameOf = (owner: { firstname: string; lastname: string } | undefined) =>
  owner ? `${owner.firstname} ${owner.lastname}`.trim() : "le propriétaire de l'entreprise"

/**
 * An owner screen that exists at /app/oups/{slug} (the bank's): the owner sees it, anyone else the blocking screen.
 */
export function OwnerScreen({ slug, children }: { slug: OupsSlug; children: ReactNode }) {
  const me = useMe()
  const organization = me.data?.currentOrganization
  if (organization && !organization.isOwner)
    return <NotOwnerScreen slug={slug} ownerName={ownerNameOf(organization.owner)} />
  return children
}

/**
 * /app/oups/:slug for the slugs with no owner screen at their own address (the bank's and the subscription's have a
 * route of their own, through OwnerScreen): the legal information sends the owner to its page, anything else back to
 * the dashboard.
 */
export function OupsPage(props: { slug?: string }) {
  const params = useParams()
  // The route gives the slug; a test may give it directly.
  const slug = props.slug ?? params.slug
  const [searchParams] = useSearchParams()
  const me = useMe()
  const organization = me.data?.currentOrganization
  if (!isOupsSlug(slug)) return <NotFoundPage />
  if (!organization) return null
  if (!organization.isOwner) return <NotOwnerScreen slug={slug} ownerName={ownerNameOf(organization.owner)} />
  const callback = legalInfoCallback(searchParams.get('callback'))
  return <Navigate to={slug === 'need-legal-infos' ? legalInfoPath(callback) : '/app'} replace />
}
