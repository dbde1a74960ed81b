import { type DashboardPeriod, dashboardMessages } from '@app/domain'
import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { IconBuildingBank } from '@tabler/icons-react'
import { Link } from 'react-router'
import { euros } from '../format'
import { useDashboard } from '../queries'

/**
 * The bank balance block (spec/account.md §2 "Treasury"): each bank account's balance in the books at the end of the
 * period, their total; with none, the spec's sentence and a link to the bank accounts.
 */
export function Treasury({ period, enabled }: { period: DashboardPeriod; enabled: boolean }) {
  const balance = useDashboard('balance', period, enabled)
  return (
    <Card withBorder radius="md" data-testid="treasury-block">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBuildingBank size={18} />
          <Text fw={600}>Trésorerie</Text>
        </Group>
        {balance.data && balance.data.accounts.length === 0 ? (
          <Stack gap={4}>
            <Text size="sm">{dashboardMessages.dashboard.noBankAccount}</Text>
            <Anchor component={Link} to="/app/setting/financial" size="sm" fw={600}>
              Ajouter un compte bancaire
            </Anchor>
          </Stack>
        ) : (
          <>
            <Text fz={28} fw={700}>
              {balance.data ? euros(balance.data.total) : '—'}
            </Text>
            {balance.data?.accounts.map((account) => (
              <Group key={account.journalId} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {account.name}
                </Text>
                <Text size="sm" fw={500}>
                  {euros(account.balance)}
                </Text>
              </Group>
            ))}
          </>
        )}
      </Stack>
    </Card>
  )
}
