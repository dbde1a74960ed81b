import { ActionIcon } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router'

/** The editor layout's back arrow (spec/sales.md §2 "Editors"): back to the document's list. */
export function BackToListButton({ to }: { to: string }) {
  return (
    <ActionIcon component={Link} to={to} variant="subtle" color="gray" size="lg" aria-label="Retour à la liste" mt={4}>
      <IconArrowLeft size={20} />
    </ActionIcon>
  )
}
