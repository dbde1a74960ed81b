import type { JournalDto } from '@app/domain'
import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { ConfirmModal } from '../../../components/ConfirmModal'
import { RemoveButton } from '../../../components/ItemList'
import { useDeleteJournal } from '../../../components/journals/journalQueries'
import { toastError, toastSuccess } from '../../../lib/toast'

/** The edit and delete buttons of an account, named after it for screen readers. */
export function JournalActions({
  journal,
  onEdit,
  onDelete,
}: {
  journal: JournalDto
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Modifier">
        <ActionIcon variant="subtle" color="gray" aria-label={`Modifier ${journal.name}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <RemoveButton tooltip="Supprimer" label={`Supprimer ${journal.name}`} onClick={onDelete} />
    </Group>
  )
}

/**
 * The deletion of an account: the spec's confirmation ('Es-tu certain·e de vouloir supprimer cette entrée ?', 'Cette
 * action est irréversible !'); a refusal (an account with transactions, 409) shows the server's message in a toast.
 */
export function DeleteJournalModal({ journal, onClose }: { journal: JournalDto | null; onClose: () => void }) {
  const remove = useDeleteJournal()
  return (
    <ConfirmModal
      opened={journal !== null}
      onClose={onClose}
      loading={remove.isPending}
      onConfirm={() =>
        journal &&
        remove.mutate(journal, {
          onSuccess: () => {
            toastSuccess()
            onClose()
          },
          onError: (error) => {
            toastError(error)
            onClose()
          },
        })
      }
    />
  )
}
