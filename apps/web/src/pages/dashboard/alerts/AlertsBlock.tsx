import { alertMessages } from '@app/domain'
import { Card, Loader, Stack, Text, Title } from '@mantine/core'
import { ErrorState } from '../../../components/ErrorState'
import { CeilingCard } from './CeilingCard'
import { LegalFormCard } from './LegalFormCard'
import { useAlerts } from './queries'

/** The "Alertes" tab of the dashboard (spec/account.md §2 "Alerts"): every ceiling the organisation follows, and the
 * legal-form comparison when the other regime would save more than 500 € a year. */
export function AlertsBlock() {
  const alerts = useAlerts(true)
  if (alerts.isPending) return <Loader size="sm" aria-label="Chargement" />
  if (alerts.isError) return <ErrorState onRetry={() => alerts.refetch()} />
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {alertMessages.alerts.blockTitle}
      </Title>
      {alerts.data.length === 0 ? (
        <Card>
          <Text c="dimmed">{alertMessages.alerts.empty}</Text>
        </Card>
      ) : (
        alerts.data.map((alert) =>
          alert.type === 'LEGAL_FORM' ? (
            <LegalFormCard key={alert.id} alert={alert} />
          ) : (
            <CeilingCard key={alert.id} alert={alert} />
          ),
        )
      )}
    </Stack>
  )
}
