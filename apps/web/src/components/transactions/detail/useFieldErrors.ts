import { useState } from 'react'

/**
 * A form's errors by field key ("allocations.1.amount"), and `clear` to drop those of the fields a change touches,
 * without a render when none was set (the split and expense-note forms).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const clear = (...keys: string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current
      const next = { ...current }
      for (const key of keys) delete next[key]
      return next
    })
  return { errors, setErrors, clear }
}
