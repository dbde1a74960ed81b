import { genericMessages } from '@app/domain'
import { Button, Center, Stack, Text } from '@mantine/core'

/** The error state every page shows when its data cannot be loaded. */
export function ErrorState({
  message = genericMessages.errorShort,
  onRetry,
}: {
  message?: string
  onRetry?: () => void
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Text c="red">{message}</Text>
        {onRetry ? (
          <Button variant="light" onClick={onRetry}>
            Réessayer
          </Button>
        ) : null}
      </Stack>
    </Center>
  )
}
