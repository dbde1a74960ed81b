import { type ItemResponse, supportMessages as m, SUPPORT_GRANT_HOURS, type SupportAccessDto } from '@app/domain'
import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core'
import { IconLifebuoy } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorState } from '../../components/ErrorState'
import { formatInstantDateTime } from '../../components/instant'
import { SettingsSection } from '../../components/SettingsSection'
import { del, post } from '../../lib/api'
import { supportAccessKey, useSupportAccess } from '../../lib/supportQueries'
import { toastError, toastSuccess } from '../../lib/toast'

/** "Accès du support": the user lets the support act as them for a while, or takes it back (spec account §2). */
export function SupportAccess() {
  const client = useQueryClient()
  const access = useSupportAccess()
  const [hours, setHours] = useState<string>('24')
  const grant = useMutation({
    mutationFn: async () =>
      (await post<ItemResponse<SupportAccessDto>>('/me/support-access', { hours: Number(hours) })).data,
    onSuccess: (data) => {
      client.setQueryData(supportAccessKey, data)
      toastSuccess(m.granted)
    },
    onError: (error) => toastError(error),
  })
  const revoke = useMutation({
    mutationFn: () => del('/me/support-access'),
    onSuccess: () => {
      client.setQueryData(supportAccessKey, { grantedUntil: null, grantedAt: null })
      toastSuccess(m.revoked)
    },
    onError: (error) => toastError(error),
  })

  return (
    <SettingsSection title={m.title} description={m.intro}>
      {access.isPending ? (
        <Skeleton h={80} />
      ) : access.isError ? (
        <ErrorState onRetry={() => access.refetch()} />
      ) : (
        <Stack gap="md">
          {access.data.grantedUntil ? (
            <Alert color="teal" icon={<IconLifebuoy size={18} />}>
              {m.grantedUntil(formatInstantDateTime(access.data.grantedUntil))}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {m.notGranted}
            </Text>
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500} id="support-duration">
              {m.grantFor}
            </Text>
            <SegmentedControl
              aria-labelledby="support-duration"
              value={hours}
              onChange={setHours}
              data={SUPPORT_GRANT_HOURS.map((value) => ({ value: String(value), label: m.durations[value] ?? '' }))}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          <Group gap="sm">
            <Button onClick={() => grant.mutate()} loading={grant.isPending}>
              {m.grant}
            </Button>
            {access.data.grantedUntil ? (
              <Button variant="default" color="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
                {m.revoke}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </SettingsSection>
  )
}
