import { Alert, Anchor } from '@mantine/core'
import { IconTags } from '@tabler/icons-react'
import { Link } from 'react-router'
import { useToCategorizeCount } from '../queries'
import { LINKS } from './Cards'

/** The to-categorise warning (spec/account.md §2): bank lines still without a category, and where to give them one. */
export function ToCategorize({ enabled }: { enabled: boolean }) {
  const count = useToCategorizeCount(enabled).data ?? 0
  if (count === 0) return null
  return (
    <Alert variant="light" color="orange" icon={<IconTags size={20} />} data-testid="to-categorize">
      {count > 1 ? `${count} transactions attendent leur catégorie. ` : '1 transaction attend sa catégorie. '}
      <Anchor component={Link} to={LINKS.toCategorize} fw={600} size="sm">
        Les catégoriser
      </Anchor>
    </Alert>
  )
}
