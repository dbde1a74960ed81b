import { genericMessages } from '@app/domain'
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export type ConfirmModalProps = {
  opened: boolean
  onClose: () => void
  onConfirm: () => void
  /** The question; the spec's "Es-tu certain·e de vouloir supprimer cette entrée ?" by default. */
  title?: string
  /** The consequence; "Cette action est irréversible !" by default. */
  message?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  /** Red for destructive actions (the default), the primary colour otherwise. */
  danger?: boolean
  loading?: boolean
  /** What the user must do before confirming (an acceptance checkbox), under the message. */
  children?: ReactNode
  /** Confirm stays disabled until then. */
  confirmDisabled?: boolean
  /** One button under the other, each the dialog's width: for a confirmation whose label is a sentence. */
  stacked?: boolean
}

/** The one confirmation dialog: Escape or "Annuler" closes it; the focus starts on the harmless choice. */
export function ConfirmModal({
  opened,
  onClose,
  onConfirm,
  title = genericMessages.deleteConfirm,
  message = genericMessages.irreversible,
  confirmLabel = 'Supprimer',
  cancelLabel = 'Annuler',
  danger = true,
  loading = false,
  children,
  confirmDisabled = false,
  stacked = false,
}: ConfirmModalProps) {
  // Compound parts so that the question is the dialog's title: Modal.Title gives the dialog its accessible name.
  return (
    <Modal.Root opened={opened} onClose={loading ? () => {} : onClose} centered radius="lg" size="sm">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body>
          <Stack gap="md" align="center" ta="center" pt="md">
            <ThemeIcon size={48} radius="xl" variant="light" color={danger ? 'red' : 'teal'}>
              <IconAlertTriangle size={26} />
            </ThemeIcon>
            <Stack gap={4}>
              <Modal.Title fw={600} fz="lg">
                {title}
              </Modal.Title>
              {message ? (
                <Text c="dimmed" size="sm">
                  {message}
                </Text>
              ) : null}
            </Stack>
            {children}
            <Group w="100%" grow={!stacked} gap="sm" mt="xs" style={stacked ? { flexDirection: 'column' } : undefined}>
              <Button variant="default" onClick={onClose} disabled={loading} data-autofocus fullWidth={stacked}>
                {cancelLabel}
              </Button>
              <Button
                color={danger ? 'red' : undefined}
                onClick={onConfirm}
                loading={loading}
                disabled={confirmDisabled}
                fullWidth={stacked}
              >
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
