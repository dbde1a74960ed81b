import { Alert } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/**
 * An error above a form or an action that no field owns (wrong credentials, an expired link…), announced to screen
 * readers; nothing while `message` is null. `children` follow the message, e.g. a link to start again.
 */
export function FormAlert({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
      {children}
    </Alert>
  )
}
