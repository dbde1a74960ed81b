import { Box, Button, Group, Paper, Stack } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import type { FormEvent, ReactNode } from 'react'
import { BackToListButton } from '../BackToListButton'
import { ConfirmModal } from '../ConfirmModal'
import { FormFooter } from '../FormFooter'
import { LeaveGuard } from '../LeaveGuard'
import type { useDeleteAndLeave } from './useDeleteAndLeave'

/**
 * What a cash movement's form and a cash sale's form share: the way back to the list, the title, "Supprimer" (asked
 * first), the notices, the fields in one panel, the footer that saves, and the question before leaving unsaved changes.
 */
export function CashFormFrame({
  onSubmit,
  listPath,
  heading,
  deletable,
  deletion,
  notices,
  children,
  updatedAt,
  dirty,
  saving,
  readOnly,
  empty,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void
  listPath: string
  heading: ReactNode
  deletable: boolean
  deletion: ReturnType<typeof useDeleteAndLeave>
  notices: ReactNode
  children: ReactNode
  updatedAt: string | undefined
  dirty: boolean
  saving: boolean
  readOnly: boolean
  /** No line yet: nothing to save. */
  empty: boolean
}) {
  return (
    <Box component="form" onSubmit={onSubmit} noValidate maw={960} mx="auto">
      {/* Not while saving: the save answers before its lists refresh, and the form is clean only after them. */}
      <LeaveGuard when={dirty && !readOnly && !saving} />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
            <BackToListButton to={listPath} />
            {heading}
          </Group>
          {deletable ? (
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={deletion.ask}>
              Supprimer
            </Button>
          ) : null}
        </Group>
        {notices}
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">{children}</Stack>
        </Paper>
        <FormFooter updatedAt={updatedAt} dirty={dirty} loading={saving} readOnly={readOnly} disabled={empty} />
      </Stack>
      <ConfirmModal
        opened={deletion.asking}
        onClose={deletion.cancel}
        onConfirm={deletion.confirm}
        loading={deletion.pending}
      />
    </Box>
  )
}
