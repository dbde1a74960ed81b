import { dashboardMessages } from '@app/domain'
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PlansButton } from '../../../components/PlansButton'

/**
 * Blocks blurred under the dashboard overlay (spec/account.md §2 "Dashboard overlay": "Pilote ton activité", with a
 * button to /app/setting/financial): on the free formula, with the subscribe prompt. Nothing to read under the blur:
 * the blocks ask nothing of the server there.
 */
export function BlurOverlay({ blurred, children }: { blurred: boolean; children: ReactNode }) {
  if (!blurred) return children
  return (
    <Box pos="relative" data-testid="dashboard-blurred">
      <Box style={{ filter: 'blur(6px)', pointerEvents: 'none', userSelect: 'none' }} aria-hidden>
        {children}
      </Box>
      <Box pos="absolute" inset={0} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Paper withBorder shadow="md" radius="lg" p="xl" maw={420}>
          <Stack gap="sm" align="center" ta="center">
            <Title order={3}>{dashboardMessages.dashboard.overlayTitle}</Title>
            <Text size="sm">{dashboardMessages.dashboard.overlayText}</Text>
            <Text size="sm" c="dimmed">
              {dashboardMessages.dashboard.premiumRequired}
            </Text>
            <Group justify="center" gap="sm">
              <Button component={Link} to="/app/setting/financial" variant="default">
                {dashboardMessages.dashboard.overlayButton}
              </Button>
              <PlansButton />
            </Group>
          </Stack>
        </Paper>
      </Box>
    </Box>
  )
}
