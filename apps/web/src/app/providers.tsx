import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import 'dayjs/locale/fr'
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core'
import { DatesProvider } from '@mantine/dates'
import { useNotifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { ApiError } from '../lib/api'
import { theme } from './theme'

dayjs.locale('fr')

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
})

const ToastContainer = lazy(() => import('./ToastContainer').then((module) => ({ default: module.ToastContainer })))

/**
 * The toasts' container is loaded with the first toast, not with every page: the store (in the first script) keeps
 * that toast until the container shows it.
 */
function Toasts() {
  const { notifications } = useNotifications()
  const [wanted, setWanted] = useState(false)
  if (!wanted && notifications.length > 0) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  )
}

const colorSchemeManager = localStorageColorSchemeManager({ key: 'carnet-color-scheme' })

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
      <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <Toasts />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  )
}
