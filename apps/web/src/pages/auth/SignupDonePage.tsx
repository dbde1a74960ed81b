import { messages } from '@app/domain'
import { Button, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconConfetti } from '@tabler/icons-react'
import confetti from 'canvas-confetti'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { safeRedirect } from '../../app/redirect'
import { useMe } from '../../app/session'
import { AuthLayout } from './AuthLayout'

/** Two bursts from the sides; nothing at all for people who asked the system for less motion. */
function celebrate() {
  const shared = { particleCount: 90, spread: 70, startVelocity: 45, disableForReducedMotion: true, zIndex: 400 }
  confetti({ ...shared, angle: 60, origin: { x: 0, y: 0.7 } })
  confetti({ ...shared, angle: 120, origin: { x: 1, y: 0.7 } })
}

/**
 * Where "C'est parti" leads: the onboarding (/app/start), unless the sign-up began on the way to another page of the
 * app. The dashboard does not count: opening the site sends everyone signed out to the login page with `redirect=/app`,
 * and a newcomer who went on to "Créer un compte" from there has asked for nothing but to start.
 */
export function afterSignupPath(redirect: string | null): string {
  const path = safeRedirect(redirect)
  if (!path) return '/app/start'
  const pathname = path.split(/[?#]/)[0]
  return pathname === '/app' || pathname === '/app/' || pathname === '/' ? '/app/start' : path
}

export function SignupDonePage() {
  const [searchParams] = useSearchParams()
  const next = afterSignupPath(searchParams.get('redirect'))
  const me = useMe()
  const organizationName = me.data?.currentOrganization?.name

  useEffect(() => {
    // jsdom has no canvas: the celebration is a nicety, never a reason to break the page.
    try {
      celebrate()
    } catch {}
    return () => {
      confetti.reset()
    }
  }, [])

  return (
    <AuthLayout title={messages.auth.signupDone}>
      <Stack gap="lg" align="center" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconConfetti size={38} stroke={1.5} />
        </ThemeIcon>
        <Text>
          {organizationName ? (
            <>
              Bienvenue dans Carnet ! <strong>{organizationName}</strong> est prête : tu peux créer tes premiers devis
              et factures dès maintenant.
            </>
          ) : (
            'Bienvenue dans Carnet ! Ton entreprise est prête : tu peux créer tes premiers devis et factures dès maintenant.'
          )}
        </Text>
        <Button component={Link} to={next} size="md" fullWidth autoFocus>
          {messages.auth.letsGo}
        </Button>
      </Stack>
    </AuthLayout>
  )
}
