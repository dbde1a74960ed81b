import { type InvitationDto, invitationCreateSchema, messages } from '@app/domain'
import { Badge, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconMailForward, IconSend } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmModal } from '../../components/ConfirmModal'
import { EmptyBlock } from '../../components/EmptyBlock'
import { showServerErrors } from '../../components/formErrors'
import { ItemList, ItemRow, QueryList, RemoveButton } from '../../components/ItemList'
import { formatInstantDate } from '../../components/instant'
import { SettingsSection } from '../../components/SettingsSection'
import { del, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastError, toastSuccess } from '../../lib/toast'
import { invitationsQueryKey, membersQueryKey, useInvitations, useRoles } from './membersQueries'

/** The role select starts on "0", which the schema refuses with "Ce champ est obligatoire" (spec/account.md §5). */
const NO_ROLE = '0'
type InviteValues = { email: string; roleId: string }

export function InviteForm() {
  const client = useQueryClient()
  const roles = useRoles()
  const form = useForm<InviteValues>({
    initialValues: { email: '', roleId: NO_ROLE },
    validate: zodValidate(invitationCreateSchema),
  })

  const invite = useMutation({
    mutationFn: (values: InviteValues) => post('/organization/invitations', invitationCreateSchema.parse(values)),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: invitationsQueryKey })
      client.invalidateQueries({ queryKey: membersQueryKey })
      form.reset()
      toastSuccess(messages.organization.invitationSent)
    },
    onError: (error) => showServerErrors(form, error),
  })

  const roleInput = form.getInputProps('roleId')
  return (
    <SettingsSection
      id="inviter"
      title="Inviter un collaborateur"
      description="Il recevra un e-mail avec un lien pour rejoindre ton entreprise."
    >
      <form onSubmit={form.onSubmit((values) => invite.mutate(values))} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="E-mail"
            placeholder="prenom.nom@exemple.fr"
            type="email"
            autoComplete="off"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <Select
            label="Rôle"
            placeholder={roles.isPending ? 'Chargement…' : 'Choisis un rôle'}
            withAsterisk
            allowDeselect={false}
            disabled={roles.isPending}
            data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.label }))}
            {...roleInput}
            value={form.values.roleId === NO_ROLE ? null : form.values.roleId}
            onChange={(value) => form.setFieldValue('roleId', value ?? NO_ROLE)}
            error={roleInput.error || (roles.isError ? messages.generic.errorShort : undefined)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={invite.isPending}>
            Envoyer l'invitation
          </Button>
        </Group>
      </form>
    </SettingsSection>
  )
}

export function PendingInvitations() {
  const client = useQueryClient()
  const invitations = useInvitations()
  const [toDelete, setToDelete] = useState<InvitationDto | null>(null)

  const remove = useMutation({
    mutationFn: (invitation: InvitationDto) => del(`/organization/invitations/${invitation.id}`),
    onSuccess: () => {
      setToDelete(null)
      client.invalidateQueries({ queryKey: invitationsQueryKey })
      toastSuccess(messages.account.invitationDeleted)
    },
    onError: (error) => {
      setToDelete(null)
      toastError(error)
    },
  })

  return (
    <SettingsSection
      id="invitations"
      title="Invitations en attente"
      description="Les invitations envoyées qui n'ont pas encore été acceptées."
      aside={
        invitations.data && invitations.data.length > 0 ? (
          <Badge variant="light" color="gray" size="lg" radius="sm" style={{ flexShrink: 0 }}>
            {invitations.data.length}
          </Badge>
        ) : null
      }
    >
      <QueryList
        query={invitations}
        skeletons={1}
        empty={<EmptyBlock icon={<IconMailForward size={22} />} title={messages.organization.noPendingInvitation} />}
      >
        {(list) => (
          <ItemList>
            {list.map((invitation) => (
              <ItemRow
                key={invitation.id}
                action={
                  <RemoveButton
                    tooltip="Supprimer l'invitation"
                    label={`Supprimer l'invitation de ${invitation.email}`}
                    onClick={() => setToDelete(invitation)}
                  />
                }
              >
                <Text size="sm" fw={500} truncate>
                  {invitation.email}
                </Text>
                <Group gap="xs">
                  <Badge variant="light" size="sm" radius="sm">
                    {invitation.role.label}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    Envoyée le {formatInstantDate(invitation.updatedAt)}
                  </Text>
                </Group>
              </ItemRow>
            ))}
          </ItemList>
        )}
      </QueryList>
      <ConfirmModal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        loading={remove.isPending}
      />
    </SettingsSection>
  )
}
