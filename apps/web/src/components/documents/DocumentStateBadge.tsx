import { Badge } from '@mantine/core'

/** The state of an invoice or quote, in the colour the server gives it (spec/sales.md §4). */
export function DocumentStateBadge({ state }: { state: { code: string; name: string; color?: string | null } }) {
  return (
    <Badge size="sm" variant="light" color={state.color || 'gray'} style={{ flexShrink: 0 }} data-state={state.code}>
      {state.name}
    </Badge>
  )
}
