import { type MeDto, organizationMessages } from '@app/domain'
import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconCheck, IconPlus, IconSelector } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { post } from '../../lib/api'
import classes from './Shell.module.css'

export const organizationInitials = (name: string) =>
  name
    .split(/[\s'’-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?'

type Props = {
  me: Pick<MeDto, 'organizations' | 'currentOrganizationId' | 'currentOrganization'>
  onAddOrganization: () => void
}

/**
 * The header's organisation switcher: only with more than one organisation (spec/account.md §2). Inactive ones are
 * disabled and labelled "Désactivée"; a switch reloads the page, since every cached screen belonged to the other one.
 */
export function OrganizationSwitcher({ me, onAddOrganization }: Props) {
  const switchTo = useMutation({
    mutationFn: (organizationId: number) => post('/me/current-organization', { organizationId }),
    onSuccess: () => window.location.reload(),
    onError: () =>
      notifications.show({
        title: organizationMessages.switchErrorTitle,
        message: organizationMessages.switchErrorText,
        color: 'red',
        withCloseButton: false,
        autoClose: 5000,
      }),
  })

  if (me.organizations.length <= 1) return null
  const current = me.organizations.find((organization) => organization.id === me.currentOrganizationId)
  const currentName = me.currentOrganization?.name ?? current?.name ?? ''

  return (
    <Menu position="bottom-start" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.switcher}
          aria-label={`Changer d'entreprise (actuelle : ${currentName})`}
          disabled={switchTo.isPending}
        >
          <Group gap={10} wrap="nowrap">
            <Avatar size={30} radius="md" color="teal" variant="light">
              {organizationInitials(currentName)}
            </Avatar>
            <Text size="sm" fw={600} truncate maw={{ base: 120, sm: 220 }}>
              {currentName}
            </Text>
            <IconSelector size={16} stroke={1.6} color="var(--mantine-color-dimmed)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Mes entreprises</Menu.Label>
        {me.organizations.map((organization) => {
          const isCurrent = organization.id === me.currentOrganizationId
          return (
            <Menu.Item
              key={organization.id}
              disabled={!organization.isActive}
              onClick={() => {
                if (!isCurrent) switchTo.mutate(organization.id)
              }}
              leftSection={
                <Avatar size={24} radius="sm" color={organization.isActive ? 'teal' : 'gray'} variant="light">
                  {organizationInitials(organization.name)}
                </Avatar>
              }
              rightSection={
                !organization.isActive ? (
                  <Badge size="xs" color="gray" variant="light">
                    {organizationMessages.disabled}
                  </Badge>
                ) : isCurrent ? (
                  <IconCheck size={16} color="var(--mantine-primary-color-filled)" aria-label="Entreprise actuelle" />
                ) : null
              }
              aria-current={isCurrent ? 'true' : undefined}
            >
              <Text size="sm" truncate fw={isCurrent ? 600 : 400}>
                {organization.name}
              </Text>
            </Menu.Item>
          )
        })}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={onAddOrganization}>
          Ajouter une entreprise
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
