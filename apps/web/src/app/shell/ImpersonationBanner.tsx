import { supportMessages as m } from '@app/domain'
import { Button, Group, Text } from '@mantine/core'
import { IconLifebuoy } from '@tabler/icons-react'
import { useState } from 'react'
import { del } from '../../lib/api'
import { useSupportStatus } from '../../lib/supportQueries'
import { toastError } from '../../lib/toast'

/**
 * "Arrêter l'impersonate" (account spec §4): ends the operator's session as the user, then closes the window the
 * operator opened for it, or goes back to the support page (/support) when the browser keeps it open.
 */
export async function stopImpersonation() {
  await del('/support/impersonation')
  window.close()
  window.location.assign('/support')
}

/** While a support operator acts as a user, a strip above the page says so and offers to stop. */
export function ImpersonationBanner({ impersonating }: { impersonating: boolean }) {
  const status = useSupportStatus(impersonating)
  const [stopping, setStopping] = useState(false)
  if (!impersonating) return null
  const name = status.data?.impersonating?.name ?? ''
  return (
    <Group
      role="status"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      px="md"
      py={6}
      mb="lg"
      bg="orange.1"
      c="orange.9"
      style={{ border: '1px solid var(--mantine-color-orange-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group gap={6} wrap="nowrap" miw={0}>
        <IconLifebuoy size={16} />
        <Text size="sm" fw={500}>
          {m.banner(name)}
        </Text>
      </Group>
      <Button
        size="compact-sm"
        color="orange"
        loading={stopping}
        onClick={async () => {
          setStopping(true)
          try {
            await stopImpersonation()
          } catch (error) {
            setStopping(false)
            toastError(error)
          }
        }}
      >
        {m.stop}
      </Button>
    </Group>
  )
}
