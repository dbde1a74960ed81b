import { Button } from '@mantine/core'
import { Link } from 'react-router'
import { useMe } from '../app/session'

/**
 * From an upsell to the plans: the owner to the plan page (or, for a Plus feature, to the must-upgrade screen that
 * offers Pop+), anyone else to the screen that names the owner, since only the owner can subscribe (spec/account.md §2
 * "Blocking screens").
 */
export function PlansButton({ needsPlus = false }: { needsPlus?: boolean }) {
  const me = useMe()
  const isOwner = me.data?.currentOrganization?.isOwner ?? false
  const to = isOwner && !needsPlus ? '/app/setting/subscription' : '/app/oups/must-upgrade-plan'
  return (
    <Button component={Link} to={to}>
      Voir les formules
    </Button>
  )
}
