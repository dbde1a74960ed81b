import { type MeDto, messages, type OrganizationDto } from '@app/domain'
import { Alert, Anchor, Badge, Button, Card, EmptyState, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconChartBar, IconHourglass } from '@tabler/icons-react'
import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import relativeTime from 'dayjs/plugin/relativeTime'
import { Link } from 'react-router'
import { FullPageLoader } from '../../app/guards'
import { useMe } from '../../app/session'
import { ErrorState } from '../../components/ErrorState'
import { AlertsBlock } from './alerts/AlertsBlock'
import { AlertsModal } from './alerts/AlertsModal'

dayjs.extend(relativeTime)

/** "03/03/2026" and "dans 3 mois": the trial's end, as a date and relative to now. */
export function trialEnd(trialEndsAt: string, now: Date = new Date()) {
  const end = dayjs(trialEndsAt).locale('fr')
  return { date: end.format('DD/MM/YYYY'), relative: end.from(dayjs(now)) }
}

function TrialBanner({ trialEndsAt }: { trialEndsAt: string }) {
  const { date, relative } = trialEnd(trialEndsAt)
  return (
    <Alert variant="light" color="teal" icon={<IconHourglass size={20} />} title="Période d'essai">
      Tu profites de toutes les fonctionnalités de Carnet jusqu'au <strong>{date}</strong> ({relative}).
    </Alert>
  )
}

function LegalInfoAlert({ organization }: { organization: OrganizationDto }) {
  const owner = `${organization.owner.firstname} ${organization.owner.lastname}`.trim()
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconAlertTriangle size={20} />}
      title="Tes informations légales sont incomplètes"
    >
      <Stack gap="sm">
        <Text size="sm">
          SIREN, adresse… Elles sont obligatoires sur tes devis et factures.
          {organization.isOwner ? '' : ` Seul·e ${owner}, propriétaire de l'entreprise, peut les compléter.`}
        </Text>
        {organization.isOwner ? (
          <Group>
            <Button component={Link} to="/app/setting/account" size="xs" color="yellow" variant="filled" c="dark.8">
              Compléter mes informations
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  )
}

function planLabel(organization: OrganizationDto) {
  if (organization.isOnTrial) return 'Essai gratuit'
  if (organization.free) return 'Formule gratuite'
  return organization.plan.code
}

function OrganizationCard({ organization }: { organization: OrganizationDto }) {
  const rows: [string, string][] = [
    ['Forme juridique', organization.legalForm.name],
    ["Secteur d'activité", organization.sector.name],
    ['Régime de T.V.A.', organization.taxRegime.name],
    ['Zone fiscale', organization.taxArea.name],
  ]
  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
              Ton entreprise
            </Text>
            <Text fw={600} size="lg" lineClamp={2}>
              {organization.name}
            </Text>
          </Stack>
          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {planLabel(organization)}
          </Badge>
        </Group>
        <Stack gap="sm">
          {rows.map(([label, value]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm">{value}</Text>
            </Stack>
          ))}
        </Stack>
        {organization.isOwner ? (
          <Anchor component={Link} to="/app/setting/account" size="sm" fw={600}>
            Modifier mes informations
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  )
}

export function DashboardView({ me }: { me: MeDto }) {
  const organization = me.currentOrganization
  const today = dayjs().locale('fr').format('dddd D MMMM YYYY')
  // "Alertes" is hidden on the free formula (spec/account.md §2), whose server answers 403 to GET /alerts.
  const hasAlerts = organization?.features.includes('alerts') ?? false

  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Bonjour {me.firstname} !
        </Title>
        <Text c="dimmed">{today.charAt(0).toUpperCase() + today.slice(1)}</Text>
      </Stack>

      {hasAlerts ? <AlertsModal /> : null}
      {organization ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              {organization.isOnTrial && organization.trialEndsAt ? (
                <TrialBanner trialEndsAt={organization.trialEndsAt} />
              ) : null}
              {organization.hasCompletedLegalInfo ? null : <LegalInfoAlert organization={organization} />}
              <Tabs defaultValue="commercial" keepMounted={false}>
                <Tabs.List mb="md">
                  <Tabs.Tab value="commercial">{messages.alerts.commercialTab}</Tabs.Tab>
                  {hasAlerts ? <Tabs.Tab value="alerts">{messages.alerts.tab}</Tabs.Tab> : null}
                </Tabs.List>
                <Tabs.Panel value="commercial">
                  <Card>
                    <EmptyState
                      icon={<IconChartBar size={28} stroke={1.6} />}
                      variant="light"
                      title="Ton activité apparaîtra ici"
                      description="Chiffre d'affaires, devis en attente, factures à encaisser : tout se remplit au fil de tes premiers documents."
                      py="lg"
                    />
                  </Card>
                </Tabs.Panel>
                {hasAlerts ? (
                  <Tabs.Panel value="alerts">
                    <AlertsBlock />
                  </Tabs.Panel>
                ) : null}
              </Tabs>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <OrganizationCard organization={organization} />
          </Grid.Col>
        </Grid>
      ) : null}
    </Stack>
  )
}

/**
 * /app: the greeting, the trial and legal-info banners, the tabs "Commercial" and "Alertes" with the ceiling alerts
 * and their modal (spec/account.md §2, "Dashboard"; §4 "Alerts").
 */
export function DashboardPage() {
  const me = useMe()
  if (me.isPending) return <FullPageLoader />
  if (me.isError || !me.data) return <ErrorState onRetry={() => me.refetch()} />
  return <DashboardView me={me.data} />
}
