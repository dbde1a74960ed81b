import { genericMessages } from '@app/domain'
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconArrowLeft, IconMapSearch } from '@tabler/icons-react'
import { Link } from 'react-router'

/** "Erreur 404 / La page est introuvable", with a way back to /app (spec/account.md §2). */
export function NotFoundPage({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100dvh' : '60vh'} px="md">
      <Stack align="center" gap="md" ta="center" maw={420}>
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconMapSearch size={36} stroke={1.5} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={1} fz={26}>
            {genericMessages.notFoundTitle}
          </Title>
          <Text c="dimmed">{genericMessages.notFoundText}</Text>
        </Stack>
        <Button component={Link} to="/app" leftSection={<IconArrowLeft size={16} />} mt="sm">
          Retour au tableau de bord
        </Button>
      </Stack>
    </Center>
  )
}
