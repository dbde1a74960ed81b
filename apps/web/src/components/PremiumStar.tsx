import type { Feature } from '@app/domain'
import { Group, Tooltip } from '@mantine/core'
import { IconLock, IconStarFilled } from '@tabler/icons-react'

export const premiumTexts = {
  /** What the star says of an entry the plan includes. */
  premium: 'Fonctionnalité des formules Plus',
  /** … and of one it does not. */
  locked: 'Réservé aux formules Plus',
  /** The same for the in/out books, a feature of the Pop plans (spec/account.md §6). */
  ledgerPremium: 'Fonctionnalité des formules Pop',
  ledgerLocked: 'Réservé aux formules Pop',
} as const

/**
 * The star of premium entries (spec/sales.md §2, spec/account.md §2 "Premium features carry a star"); a lock beside
 * it when the organisation's plan does not include the feature.
 */
export function PremiumStar({
  locked = false,
  size = 14,
  feature,
}: {
  locked?: boolean
  size?: number
  feature?: Feature
}) {
  const label =
    feature === 'ledger'
      ? locked
        ? premiumTexts.ledgerLocked
        : premiumTexts.ledgerPremium
      : locked
        ? premiumTexts.locked
        : premiumTexts.premium
  return (
    <Tooltip label={label} withinPortal>
      <Group
        component="span"
        gap={2}
        wrap="nowrap"
        role="img"
        aria-label={label}
        c={locked ? 'dimmed' : 'yellow.6'}
        style={{ display: 'inline-flex', flexShrink: 0 }}
      >
        {locked ? <IconLock size={size} aria-hidden /> : null}
        <IconStarFilled size={size} aria-hidden />
      </Group>
    </Tooltip>
  )
}
