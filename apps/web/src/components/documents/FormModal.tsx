import { Button, Group, Modal, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** A document action's modal: a form whose fields are `children`, then "Annuler" and the submit button. */
export function FormModal({
  opened,
  onClose,
  title,
  onSubmit,
  noValidate,
  cancelLabel,
  submitLabel,
  loading,
  disabled,
  children,
}: {
  opened: boolean
  onClose: () => void
  title: string
  /** Called on submit, the browser's submission prevented. */
  onSubmit: () => void
  noValidate?: boolean
  cancelLabel: string
  submitLabel: string
  loading: boolean
  disabled?: boolean
  children: ReactNode
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate={noValidate}
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={loading} disabled={disabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
