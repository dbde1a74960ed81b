import { type ItemResponse, type MaintenanceDto, messages } from '@app/domain'
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconTool } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { get } from '../../lib/api'

/** How often the page asks whether the maintenance is over. */
export const MAINTENANCE_POLL_MS = 15_000

/**
 * Shown while the server answers 503 MAINTENANCE (lib/api.ts sends every page here); it asks GET /maintenance and goes
 * home as soon as the status is off (spec/account.md §4 "Redirects").
 */
export function MaintenancePage() {
  const navigate = useNavigate()
  const status = useQuery({
    queryKey: ['maintenance'],
    queryFn: async () => (await get<ItemResponse<MaintenanceDto>>('/maintenance')).data,
    refetchInterval: MAINTENANCE_POLL_MS,
    refetchIntervalInBackground: true,
  })
  const isOff = status.data?.status === 'off'

  useEffect(() => {
    if (isOff) navigate('/app', { replace: true })
  }, [isOff, navigate])

  return (
    <Center mih="100dvh" px="md">
      <Stack align="center" gap="md" ta="center" maw={460}>
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconTool size={36} stroke={1.5} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={1} fz={26}>
            {messages.maintenance.title}
          </Title>
          <Text c="dimmed">{status.data?.message ?? messages.maintenance.text}</Text>
          {status.data?.message ? <Text c="dimmed">{messages.maintenance.text}</Text> : null}
        </Stack>
        <Button component={Link} to="/app" variant="light" mt="sm">
          {messages.maintenance.back}
        </Button>
      </Stack>
    </Center>
  )
}
