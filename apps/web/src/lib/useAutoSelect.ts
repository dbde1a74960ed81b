import { useEffect } from 'react'

/** A select with a single option selects it by itself (spec/money.md "Inputs"). */
export function useAutoSelectSingle(
  data: readonly { value: string }[],
  value: string | null | undefined,
  onChange: ((value: string) => void) | undefined,
) {
  const only = data.length === 1 ? data[0]?.value : undefined
  useEffect(() => {
    if (only !== undefined && !value && onChange) onChange(only)
  }, [only, value, onChange])
}
