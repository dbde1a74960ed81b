import { messages } from '@app/domain'
import { Button, Group } from '@mantine/core'
import { IconLink, IconX } from '@tabler/icons-react'

const m = messages.receipts

/**
 * A suggestion's two answers: "Associer" (attaches, and the matcher learns) and "Ce n'est pas ça" (never offered
 * again). `busy` tells which one is under way; the other waits.
 */
export function MatchActions({
  about,
  busy,
  onConfirm,
  onDecline,
}: {
  /** What the buttons act on, for their accessible names ("Associer Orange", "Ce n'est pas ça : Orange"). */
  about: string
  busy: 'confirm' | 'decline' | null
  onConfirm: () => void
  onDecline: () => void
}) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="subtle"
        color="gray"
        leftSection={<IconX size={14} />}
        loading={busy === 'decline'}
        disabled={busy === 'confirm'}
        onClick={onDecline}
        aria-label={`${m.declineMatch} : ${about}`}
      >
        {m.declineMatch}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconLink size={14} />}
        loading={busy === 'confirm'}
        disabled={busy === 'decline'}
        onClick={onConfirm}
        aria-label={`${m.confirmMatch} ${about}`}
      >
        {m.confirmMatch}
      </Button>
    </Group>
  )
}
