import { isLifecycleStatusCode, lifecycleStatusLabel, lifecycleTone } from '@app/domain'
import { Badge } from '@mantine/core'

/** The colour of each family: waiting on the network, accepted, a problem to handle, paid or cashed. */
const TONE_COLORS = { pending: 'blue', ok: 'green', problem: 'orange', done: 'teal' } as const

/** Red rather than orange for the ends that call for a new document. */
const ENDS = new Set([210, 213])

/** The lifecycle status of an e-invoice, by its French name; grey while the network has said nothing yet. */
export function LifecycleBadge({
  code,
  label,
  size,
}: {
  code: number | null
  label?: string | null
  size?: 'xs' | 'sm'
}) {
  if (code === null)
    return (
      <Badge variant="light" color="gray" size={size}>
        {label ?? 'Sans statut pour le moment'}
      </Badge>
    )
  const color = ENDS.has(code) ? 'red' : isLifecycleStatusCode(code) ? TONE_COLORS[lifecycleTone(code)] : 'gray'
  return (
    <Badge variant="light" color={color} size={size}>
      {label ?? lifecycleStatusLabel(code)}
    </Badge>
  )
}
