import type { MeDto, Preferences } from '@app/domain'
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { patch } from '../../lib/api'
import { toastError } from '../../lib/toast'
import { meQueryKey } from '../session'

/**
 * Light or dark, remembered on this device (Mantine's local storage) and on the account (preferences.mode), so a
 * new device opens in the user's mode.
 */
export function useThemeMode(me: Pick<MeDto, 'id' | 'preferences'>) {
  const { setColorScheme } = useMantineColorScheme()
  const mode = useComputedColorScheme('light', { getInitialValueInEffect: false })
  const client = useQueryClient()
  const appliedFor = useRef<number | null>(null)

  // The account's mode wins once per signed-in user; later toggles are saved back to it.
  useEffect(() => {
    if (appliedFor.current === me.id) return
    appliedFor.current = me.id
    setColorScheme(me.preferences.mode)
  }, [me.id, me.preferences.mode, setColorScheme])

  const toggle = () => {
    const next = mode === 'dark' ? 'light' : 'dark'
    setColorScheme(next)
    patch<{ data: Preferences }>('/me/preferences', { mode: next })
      .then(({ data }) =>
        client.setQueryData<MeDto | null>(meQueryKey, (current) =>
          current ? { ...current, preferences: data } : current,
        ),
      )
      .catch((error) => toastError(error))
  }

  return { mode, toggle }
}
