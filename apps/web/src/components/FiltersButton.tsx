import { Badge, Button } from '@mantine/core'
import { IconFilter } from '@tabler/icons-react'

/**
 * The "Filtres" button that opens a list's filter drawer (the transactions', the receipts'): the number of the
 * drawer's filters in force in a badge, and in its accessible name ("Filtres (2 actifs)").
 */
export function FiltersButton({ active, onClick }: { active: number; onClick: () => void }) {
  return (
    <Button
      variant="default"
      leftSection={<IconFilter size={16} />}
      rightSection={
        active > 0 ? (
          <Badge size="sm" circle>
            {active}
          </Badge>
        ) : undefined
      }
      onClick={onClick}
      aria-label={active > 0 ? `Filtres (${active} actif${active > 1 ? 's' : ''})` : 'Filtres'}
    >
      Filtres
    </Button>
  )
}
