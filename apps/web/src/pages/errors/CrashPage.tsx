import { genericMessages } from '@app/domain'
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'

/** Shown instead of a blank page when a screen fails while rendering (the router's errorElement). */
export function CrashPage() {
  return (
    <Center mih="100dvh" px="md">
      <Stack align="center" gap="md" ta="center" maw={440}>
        <ThemeIcon size={72} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertTriangle size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {genericMessages.error}
        </Title>
        <Text c="dimmed">Recharge la page. Si le problème continue, reviens au tableau de bord.</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Recharger la page</Button>
          {/* A full page load: the router that failed is not trusted to navigate. */}
          <Button component="a" href="/app" variant="default">
            Tableau de bord
          </Button>
        </Group>
      </Stack>
    </Center>
  )
}
