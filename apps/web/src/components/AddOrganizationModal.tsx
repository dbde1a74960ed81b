import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { OrganizationCreateFields, useOrganizationCreateForm } from './OrganizationFields'

/** "Ajouter une entreprise": creates the organisation, which becomes current, then reloads on its settings. */
export function AddOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { form, create, submit } = useOrganizationCreateForm({
    endpoint: '/organizations',
    onSuccess: () => {
      // A full reload: every cached query belonged to the previous organisation.
      window.location.assign('/app/setting/account?context=newOrganization')
    },
  })

  const close = () => {
    if (create.isPending) return
    form.reset()
    onClose()
  }

  return (
    <Modal opened={opened} onClose={close} title="Ajouter une entreprise" size="lg" radius="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tu pourras compléter ses informations légales juste après. Elle deviendra ton entreprise courante.
          </Text>
          <OrganizationCreateFields form={form} variant="modal" />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Annuler
            </Button>
            <Button type="submit" loading={create.isPending}>
              Créer l'entreprise
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
