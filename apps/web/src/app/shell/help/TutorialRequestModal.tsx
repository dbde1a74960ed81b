import {
  type ItemResponse,
  messages,
  TUTORIAL_DESCRIPTION_MAX,
  TUTORIAL_OVERVIEW_MAX,
  type TutorialRequestBody,
  type TutorialRequestDto,
  tutorialRequestSchema,
} from '@app/domain'
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { showServerErrors } from '../../../components/formErrors'
import { post } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'
import { toastError, toastSuccess } from '../../../lib/toast'

type Values = { name: string; overview: string; description: string }
const t = messages.tutorialRequest

/**
 * The new-tutorial request (spec/account.md §2 "A new-tutorial request modal"): what the person wants to learn, sent
 * with the screen they are on (its title, path and host); the server adds who they are and their organisation.
 */
export function TutorialRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { pathname } = useLocation()
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', overview: '', description: '' },
    validate: (values) => zodValidate(tutorialRequestSchema)(bodyOf(values, pathname)),
  })
  const send = useMutation({
    mutationFn: (body: TutorialRequestBody) => post<ItemResponse<TutorialRequestDto>>('/tutorial-requests', body),
    onSuccess: (response) => {
      toastSuccess(response.data.message || t.saved)
      form.reset()
      onClose()
    },
    onError: (error) => showServerErrors(form, error, () => toastError(undefined, t.failed)),
  })

  const close = () => {
    if (send.isPending) return
    onClose()
  }

  return (
    <Modal opened={opened} onClose={close} title={t.title} size="lg" radius="lg" centered>
      <form onSubmit={form.onSubmit((values) => send.mutate(bodyOf(values, pathname)))} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Dis-nous ce que tu aimerais apprendre à faire dans Carnet : nous préparons les tutoriels les plus demandés.
          </Text>
          <TextInput label="Sujet du tutoriel" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <Textarea
            label="Ce que tu cherches à faire"
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            description={`${form.values.overview.length} / ${TUTORIAL_OVERVIEW_MAX}`}
            {...form.getInputProps('overview')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            maxRows={12}
            description={`Facultatif — ${form.values.description.length} / ${TUTORIAL_DESCRIPTION_MAX}`}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Annuler
            </Button>
            <Button type="submit" loading={send.isPending}>
              Envoyer ma demande
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** The form's values with where the person is: the page's title, its path and the host of this instance. */
function bodyOf(values: Values, pathname: string): TutorialRequestBody {
  return {
    ...values,
    screenName: document.title || null,
    pathName: pathname,
    hostName: window.location.host || 'localhost',
  }
}
