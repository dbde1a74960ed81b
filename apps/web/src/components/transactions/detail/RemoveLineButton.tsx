import { ActionIcon, Tooltip } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'

/** The bin beside a split, expense or cash line, named after the line's position for screen readers. */
export function RemoveLineButton({ position, onRemove }: { position: number; onRemove: () => void }) {
  return (
    <Tooltip label="Supprimer la ligne">
      <ActionIcon
        variant="subtle"
        color="gray"
        mt={28}
        aria-label={`Supprimer la ligne ${position}`}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  )
}
