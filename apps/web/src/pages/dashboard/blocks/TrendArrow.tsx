import type { Trend } from '@app/domain'
import { ThemeIcon } from '@mantine/core'
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react'

const LOOK: Record<Trend, { label: string; color: string; Icon: typeof IconArrowRight }> = {
  up: { label: 'En hausse par rapport au mois précédent', color: 'teal', Icon: IconArrowUpRight },
  down: { label: 'En baisse par rapport au mois précédent', color: 'red', Icon: IconArrowDownRight },
  flat: { label: 'Stable par rapport au mois précédent', color: 'gray', Icon: IconArrowRight },
}

/** The month against the one before, as the server judged it: flat within ±10 % (spec/account.md §9), else up or down. */
export function TrendArrow({ trend }: { trend: Trend }) {
  const { label, color, Icon } = LOOK[trend]
  return (
    <ThemeIcon variant="light" color={color} size="sm" radius="xl" aria-label={label} data-trend={trend}>
      <Icon size={14} />
    </ThemeIcon>
  )
}
