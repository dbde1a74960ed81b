import { alertMessages, canReadBooks, type MeDto, type OrganizationDto } from '@app/domain'
import { Alert, Button, Grid, Group, Stack, Tabs, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconHourglass } from '@tabler/icons-react'
import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import relativeTime from 'dayjs/plugin/relativeTime'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { FullPageLoader } from '../../app/guards'
import { useMe } from '../../app/session'
import { ErrorState } from '../../components/ErrorState'
import { NewsTicker } from '../../components/news/NewsTicker'
import { toastSuccess } from '../../lib/toast'
import { AlertsBlock } from './alerts/AlertsBlock'
import { AlertsModal } from './alerts/AlertsModal'
import { ActivityChart } from './blocks/ActivityChart'
import { Cards } from './blocks/Cards'
import { Commercial } from './blocks/Commercial'
import { FirstSteps } from './blocks/FirstSteps'
import { LatestNotifications } from './blocks/LatestNotifications'
import { BlurOverlay } from './blocks/Overlay'
import { ToCategorize } from './blocks/ToCategorize'
import { Treasury } from './blocks/Treasury'
import { ExerciseSelector } from './ExerciseSelector'
import { useDashboardPeriod } from './period'
import { useDashboard } from './queries'

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
            <Button component={Link} to="/app/start/legal-infos" size="xs" color="yellow" variant="filled" c="dark.8">
              Compléter mes informations
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  )
}

/** The first-time panel until the first quote or invoice (their counts come with the commercial figures). */
function FirstStepsWhenEmpty({ enabled, period }: { enabled: boolean; period: { from: string; to: string } }) {
  const quotes = useDashboard('quotes', period, enabled).data
  const invoices = useDashboard('invoices', { from: '2000-01-01', to: period.to }, enabled).data
  return quotes?.total === 0 && invoices?.total === 0 ? <FirstSteps /> : null
}

function Dashboard({ organization }: { organization: OrganizationDto }) {
  const { period, choose } = useDashboardPeriod(organization)
  // Free formula: no commercial dashboard, no alerts, no exercise menu (spec/account.md §4); the server says 403.
  const commercial = organization.features.includes('commercial_dashboard')
  const hasAlerts = organization.features.includes('alerts')
  const books = commercial && canReadBooks(organization.currentUserRole.code)
  // A demo organisation hides the bank balance block and the blur overlays (spec/account.md §2).
  const blurred = !commercial && !organization.isDemo

  const blocks = (
    <Stack gap="lg">
      <Commercial period={period} enabled={commercial} />
      {books || !commercial ? <ActivityChart period={period} enabled={books} /> : null}
      <Cards organization={organization} period={period} enabled={commercial} />
    </Stack>
  )

  return (
    <>
      {hasAlerts ? <AlertsModal /> : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Stack gap="lg">
            {organization.isOnTrial && organization.trialEndsAt ? (
              <TrialBanner trialEndsAt={organization.trialEndsAt} />
            ) : null}
            {organization.hasCompletedLegalInfo ? null : <LegalInfoAlert organization={organization} />}
            <FirstStepsWhenEmpty enabled={commercial} period={period} />
            <ToCategorize enabled={books} />
            <Group justify="flex-end">
              {organization.features.includes('exercise_menu') ? (
                <ExerciseSelector period={period} onChoose={choose} />
              ) : null}
            </Group>
            <Tabs defaultValue="commercial" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="commercial">{alertMessages.alerts.commercialTab}</Tabs.Tab>
                {hasAlerts ? <Tabs.Tab value="alerts">{alertMessages.alerts.tab}</Tabs.Tab> : null}
              </Tabs.List>
              <Tabs.Panel value="commercial">
                <BlurOverlay blurred={blurred}>{blocks}</BlurOverlay>
              </Tabs.Panel>
              {hasAlerts ? (
                <Tabs.Panel value="alerts">
                  <AlertsBlock />
                </Tabs.Panel>
              ) : null}
            </Tabs>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <Stack gap="lg">
            {organization.isDemo || !books ? null : <Treasury period={period} enabled={books} />}
            {organization.features.includes('notifications') ? <LatestNotifications /> : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  )
}

export function DashboardView({ me }: { me: MeDto }) {
  useSubscribedAgainToast()
  const organization = me.currentOrganization
  const today = dayjs().locale('fr').format('dddd D MMMM YYYY')
  return (
    <Stack gap="xl" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Bonjour {me.firstname} !
        </Title>
        <Text c="dimmed">{today.charAt(0).toUpperCase() + today.slice(1)}</Text>
      </Stack>
      <NewsTicker />
      {organization ? <Dashboard organization={organization} /> : null}
    </Stack>
  )
}

/** Back from the suspended-subscription screen once paid (/app?you-are-subbed=yay): says so once, then forgets it. */
function useSubscribedAgainToast() {
  const [searchParams, setSearchParams] = useSearchParams()
  const subscribedAgain = searchParams.get('you-are-subbed') === 'yay'
  useEffect(() => {
    if (!subscribedAgain) return
    toastSuccess('Ton abonnement est de nouveau actif. Merci !')
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('you-are-subbed')
        return next
      },
      { replace: true },
    )
  }, [subscribedAgain, setSearchParams])
}

/**
 * /app?from&to: the greeting, the trial and legal-info banners, the first steps, the exercise selector, the tabs
 * "Commercial" (quotes, invoices, MRR, activity graph, cards) and "Alertes" (ceilings), the treasury (spec/account.md
 * §2 "Dashboard"; §4 "Alerts"). The free formula sees the blocks blurred under a subscribe prompt.
 */
export function DashboardPage() {
  const me = useMe()
  if (me.isPending) return <FullPageLoader />
  if (me.isError || !me.data) return <ErrorState onRetry={() => me.refetch()} />
  return <DashboardView me={me.data} />
}
