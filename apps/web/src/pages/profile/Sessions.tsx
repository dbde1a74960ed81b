import { type ListResponse, type SessionDto, sessionMessages } from '@app/domain'
import { Badge, Button, Group, Text } from '@mantine/core'
import { IconDeviceDesktop, IconDeviceMobile, IconDevices, IconLogout } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmModal } from '../../components/ConfirmModal'
import { EmptyBlock } from '../../components/EmptyBlock'
import { ItemList, ItemRow, QueryList, RemoveButton } from '../../components/ItemList'
import { formatInstantDateTime } from '../../components/instant'
import { SettingsSection } from '../../components/SettingsSection'
import { del, get, post } from '../../lib/api'
import { toastError, toastSuccess } from '../../lib/toast'

export const sessionsQueryKey = ['me', 'sessions'] as const
const m = sessionMessages

/** "Appareils connectés": the open sessions, this one first; end any other, or all the others at once. */
export function Sessions() {
  const client = useQueryClient()
  const [toEnd, setToEnd] = useState<SessionDto | null>(null)
  const [endOthersOpened, setEndOthersOpened] = useState(false)
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    // This session first, then the most recently active (the API's order).
    queryFn: async () =>
      (await get<ListResponse<SessionDto>>('/me/sessions?pageSize=100')).data.sort(
        (a, b) => Number(b.current) - Number(a.current),
      ),
  })
  const others = (sessions.data ?? []).filter((session) => !session.current).length

  const end = useMutation({
    mutationFn: (session: SessionDto) => del(`/me/sessions/${session.id}`),
    onSuccess: () => {
      setToEnd(null)
      toastSuccess(m.ended)
    },
    onError: (error) => {
      setToEnd(null)
      toastError(error)
    },
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  })

  const endOthers = useMutation({
    mutationFn: async () => (await post<{ data: { ended: number } }>('/me/sessions/end-others')).data.ended,
    onSuccess: (ended) => {
      setEndOthersOpened(false)
      toastSuccess(m.othersEnded(ended))
    },
    onError: (error) => {
      setEndOthersOpened(false)
      toastError(error)
    },
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey }),
  })

  return (
    <SettingsSection
      title={m.title}
      description={m.intro}
      aside={
        others > 0 ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => setEndOthersOpened(true)}
          >
            {m.endOthers}
          </Button>
        ) : null
      }
    >
      <QueryList
        query={sessions}
        empty={<EmptyBlock icon={<IconDevices size={22} />} title={m.onlyThis} />}
        skeletons={2}
      >
        {(list) => (
          <ItemList>
            {list.map((session) => (
              <ItemRow
                key={session.id}
                action={
                  session.current ? null : (
                    <RemoveButton
                      tooltip={m.end}
                      label={`${m.end} ${session.device ?? m.unknownDevice}`}
                      onClick={() => setToEnd(session)}
                    />
                  )
                }
              >
                <Group gap="xs" wrap="wrap" data-testid="session-row">
                  {session.platform === 'mobile' || session.platform === 'tablet' ? (
                    <IconDeviceMobile size={16} aria-hidden />
                  ) : (
                    <IconDeviceDesktop size={16} aria-hidden />
                  )}
                  <Text size="sm" fw={500} truncate>
                    {session.device ?? m.unknownDevice}
                  </Text>
                  {session.current ? (
                    <Badge size="sm" variant="light" color="teal">
                      {m.thisSession}
                    </Badge>
                  ) : null}
                  {session.impersonated ? (
                    <Badge size="sm" variant="light" color="orange">
                      {m.support}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {m.address} {session.ip ?? '—'} · {m.signedInAt} {formatInstantDateTime(session.createdAt)} ·{' '}
                  {m.lastSeenAt} {formatInstantDateTime(session.lastSeenAt)}
                </Text>
              </ItemRow>
            ))}
          </ItemList>
        )}
      </QueryList>

      <ConfirmModal
        opened={toEnd !== null}
        onClose={() => setToEnd(null)}
        onConfirm={() => toEnd && end.mutate(toEnd)}
        loading={end.isPending}
        title={`${m.end} ${toEnd?.device ?? m.unknownDevice} ?`}
        message="Cet appareil devra se reconnecter avec ton mot de passe."
        confirmLabel={m.end}
      />
      <ConfirmModal
        opened={endOthersOpened}
        onClose={() => setEndOthersOpened(false)}
        onConfirm={() => endOthers.mutate()}
        loading={endOthers.isPending}
        title={m.endOthers}
        message={m.endOthersConfirm}
        confirmLabel={m.endOthers}
        stacked
      />
    </SettingsSection>
  )
}
