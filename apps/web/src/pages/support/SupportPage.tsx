import { type ItemResponse, type MeDto, supportMessages as m, supportImpersonationSchema } from '@app/domain'
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router'
import { FullPageLoader } from '../../app/guards'
import { ErrorState } from '../../components/ErrorState'
import { showServerErrors } from '../../components/formErrors'
import { post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { useSupportStatus } from '../../lib/supportQueries'

/**
 * /support, for the instance's support operators (outside the app's shell: they may have no organisation): act as a user who allowed it. The whole app then reloads as
 * that user; the header offers "Arrêter l'impersonate".
 */
export function SupportPage() {
  const status = useSupportStatus()
  const form = useForm({ initialValues: { email: '' }, validate: zodValidate(supportImpersonationSchema) })
  const start = useMutation({
    mutationFn: async (email: string) => (await post<ItemResponse<MeDto>>('/support/impersonation', { email })).data,
    // A full page load: nothing of the operator's own screens stays in memory.
    onSuccess: () => window.location.assign('/app'),
    onError: (error) => showServerErrors(form, error),
  })

  if (status.isPending) return <FullPageLoader />
  if (status.isError) return <ErrorState onRetry={() => status.refetch()} />

  return (
    <Stack gap="lg" w="100%" maw={640} mx="auto" p="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          {m.operatorTitle}
        </Title>
        <Anchor component={Link} to="/app" size="sm">
          Retour à l'application
        </Anchor>
      </Group>
      {status.data.isOperator ? (
        <Paper withBorder p="lg" radius="md">
          <form onSubmit={form.onSubmit(({ email }) => start.mutate(email))} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {m.operatorIntro}
              </Text>
              <TextInput label={m.userEmail} type="email" autoComplete="off" {...form.getInputProps('email')} />
              <Button type="submit" loading={start.isPending} style={{ alignSelf: 'flex-start' }}>
                {m.start}
              </Button>
            </Stack>
          </form>
        </Paper>
      ) : (
        <Text>{m.operatorOnly}</Text>
      )}
    </Stack>
  )
}
