import { type MemberDto, messages, type RoleDto } from '@app/domain'
import { Avatar, Badge, Button, Card, Group, Menu, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconChevronDown, IconUsers } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useMe, useRefreshMe } from '../../app/session'
import { ConfirmModal } from '../../components/ConfirmModal'
import { EmptyBlock } from '../../components/EmptyBlock'
import { QueryList, RemoveButton } from '../../components/ItemList'
import { formatInstantDate } from '../../components/instant'
import { SettingsSection } from '../../components/SettingsSection'
import { del, patch } from '../../lib/api'
import { toastError, toastSuccess } from '../../lib/toast'
import { membersQueryKey, useMembers, useRoles } from './membersQueries'

const fullName = (member: Pick<MemberDto, 'firstname' | 'lastname'>) => `${member.firstname} ${member.lastname}`.trim()
const initials = (member: Pick<MemberDto, 'firstname' | 'lastname'>) =>
  `${member.firstname.charAt(0)}${member.lastname.charAt(0)}`.toUpperCase()
/** Dates in forms and tables read "03/03/2026" (DESIGN.md "Web"). */
const lastLogin = (value: string | null) => (value ? formatInstantDate(value) : 'Jamais')

export function MembersSection() {
  const members = useMembers()
  const roles = useRoles()
  const me = useMe()
  const refreshMe = useRefreshMe()
  const client = useQueryClient()
  const isPhone = useMediaQuery('(max-width: 48em)')
  const [toRemove, setToRemove] = useState<MemberDto | null>(null)
  const maxCollaborators = me.data?.currentOrganization?.maxCollaborators

  const changeRole = useMutation({
    mutationFn: ({ member, roleId }: { member: MemberDto; roleId: number }) =>
      patch(`/organization/members/${member.id}`, { roleId }),
    onSuccess: (_data, { member }) => {
      client.invalidateQueries({ queryKey: membersQueryKey })
      if (member.id === me.data?.id) refreshMe()
      toastSuccess()
    },
    onError: (error) => toastError(error),
  })

  const remove = useMutation({
    mutationFn: (member: MemberDto) => del(`/organization/members/${member.id}`),
    onSuccess: (_data, member) => {
      setToRemove(null)
      client.invalidateQueries({ queryKey: membersQueryKey })
      if (member.id === me.data?.id) refreshMe()
      toastSuccess(messages.account.memberRemoved)
    },
    onError: (error) => {
      setToRemove(null)
      toastError(error)
    },
  })

  const count = members.data?.length
  const roleMenu = (member: MemberDto) => (
    <RoleMenu
      member={member}
      roles={roles.data ?? []}
      loading={changeRole.isPending && changeRole.variables?.member.id === member.id}
      onChange={(roleId) => changeRole.mutate({ member, roleId })}
    />
  )
  const removeButton = (member: MemberDto) => (
    <RemoveButton
      tooltip="Retirer de l'entreprise"
      label={`Retirer ${fullName(member)}`}
      onClick={() => setToRemove(member)}
    />
  )
  const you = (member: MemberDto) =>
    member.id === me.data?.id ? (
      <Text span size="xs" c="dimmed">
        {' '}
        (toi)
      </Text>
    ) : null

  return (
    <SettingsSection
      id="membres"
      title="Membres"
      description="Les personnes qui ont accès à ton entreprise, et leur rôle."
      aside={
        count !== undefined ? (
          <Badge variant="light" color="gray" size="lg" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {maxCollaborators ? `${count} / ${maxCollaborators} places` : count}
          </Badge>
        ) : null
      }
    >
      <QueryList
        query={members}
        skeletonHeight={44}
        empty={<EmptyBlock icon={<IconUsers size={22} />} title={messages.account.noMember} />}
      >
        {(list) =>
          isPhone ? (
            <Stack gap="sm">
              {list.map((member) => (
                <Card key={member.id} withBorder radius="md" padding="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <Avatar radius="xl" color="teal" size={36}>
                        {initials(member)}
                      </Avatar>
                      <Stack gap={0} miw={0}>
                        <Text fw={500} size="sm" truncate>
                          {fullName(member)}
                          {you(member)}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {member.email}
                        </Text>
                        <Text size="xs" c="dimmed">
                          Dernière connexion : {lastLogin(member.lastLoginAt)}
                        </Text>
                      </Stack>
                    </Group>
                    {removeButton(member)}
                  </Group>
                  <Group mt="sm">{roleMenu(member)}</Group>
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nom</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Rôle</Table.Th>
                    <Table.Th style={{ whiteSpace: 'nowrap' }}>Dernière connexion</Table.Th>
                    <Table.Th w={56}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((member) => (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar radius="xl" color="teal" size={32}>
                            {initials(member)}
                          </Avatar>
                          <Text size="sm" fw={500}>
                            {fullName(member)}
                            {you(member)}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{member.email}</Text>
                      </Table.Td>
                      <Table.Td>{roleMenu(member)}</Table.Td>
                      <Table.Td>
                        <Text
                          size="sm"
                          c={member.lastLoginAt ? undefined : 'dimmed'}
                          style={{ fontVariantNumeric: 'tabular-nums' }}
                        >
                          {lastLogin(member.lastLoginAt)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{removeButton(member)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryList>

      <ConfirmModal
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        onConfirm={() => toRemove && remove.mutate(toRemove)}
        loading={remove.isPending}
        confirmLabel="Retirer"
      />
    </SettingsSection>
  )
}

/** The member's role; the menu offers every role other than the current one (spec/account.md §6). */
function RoleMenu({
  member,
  roles,
  loading,
  onChange,
}: {
  member: MemberDto
  roles: RoleDto[]
  loading: boolean
  onChange: (roleId: number) => void
}) {
  const others = roles.filter((role) => role.id !== member.role.id)
  return (
    <Menu position="bottom-start" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          radius="md"
          rightSection={<IconChevronDown size={14} />}
          loading={loading}
          disabled={others.length === 0}
          aria-label={`Rôle de ${fullName(member)} : ${member.role.label}. Changer le rôle`}
        >
          {member.role.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Changer le rôle</Menu.Label>
        {others.map((role) => (
          <Menu.Item key={role.id} onClick={() => onChange(role.id)}>
            {role.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
