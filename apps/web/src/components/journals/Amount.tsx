import { formatEuro, isNegative } from '@app/domain'
import { Stack, Text, type TextProps } from '@mantine/core'

/**
 * An amount as people read it ("1 234,50 €"): right-aligned tabular figures, a negative one in red with its minus
 * (DESIGN.md "Web").
 */
export function Amount({ value, ...props }: { value: string } & TextProps) {
  const negative = isNegative(value)
  return (
    <Text
      fw={600}
      ta="right"
      c={negative ? 'red' : undefined}
      data-negative={negative || undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...props}
    >
      {formatEuro(value)}
    </Text>
  )
}

/** An account's balance in its card: the small "Solde" label (or another) over the amount. */
export function BalanceFigure({ value, label = 'Solde' }: { value: string; label?: string }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Amount value={value} />
    </Stack>
  )
}
