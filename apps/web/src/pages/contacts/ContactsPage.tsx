import { CONTACT_TYPE_IDS, type ContactDto, type ContactRelationFilter, messages } from '@app/domain'
import { Avatar, Badge, Button, Group, Menu, Stack, Text } from '@mantine/core'
import { IconPencil, IconPlus, IconTrash, IconTruck, IconUsers } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmModal } from '../../components/ConfirmModal'
import { EmptyBlock } from '../../components/EmptyBlock'
import { ListBody, ListPage, ListRow } from '../../components/list/ListPage'
import { RowActionsMenu } from '../../components/list/RowActionsMenu'
import { del } from '../../lib/api'
import { groupByLetter } from '../../lib/grouping'
import { listParamsSchema } from '../../lib/listParams'
import { toastSuccess, toastWithTitle } from '../../lib/toast'
import { useListParams } from '../../lib/useListParams'
import { ContactDetailsDrawer } from './ContactDetailsDrawer'
import { ContactDrawer } from './ContactDrawer'
import { contactsKey, RELATION_TEXTS, useContacts } from './contactQueries'

const DELETE_TEXTS = {
  customer: { done: messages.contacts.customerDeleted, failed: messages.contacts.customerDeleteFailed },
  supplier: { done: messages.contacts.supplierDeleted, failed: messages.contacts.supplierDeleteFailed },
} as const

/** The city of a contact's first address, shown in its row. */
const cityOf = (contact: ContactDto) => contact.addresses[0]?.city ?? null

/** /app/sales/customers and /app/purchase/suppliers: grouped by first letter, with the contact drawer. */
export function ContactsPage({ relation }: { relation: ContactRelationFilter }) {
  const texts = RELATION_TEXTS[relation]
  const list = useListParams(listParamsSchema, relation === 'customer' ? { display: 'customers' } : {})
  const { params, set } = list
  const query = useContacts(relation, { page: params.page, pageSize: params.pageSize, search: params.search })
  const client = useQueryClient()
  const [editing, setEditing] = useState<{ contact: ContactDto | null } | null>(null)
  const [deleting, setDeleting] = useState<ContactDto | null>(null)

  const remove = useMutation({
    mutationFn: (contact: ContactDto) => del(`/contacts/${contact.id}?relation=${relation}`),
    onSuccess: (_, contact) => {
      toastSuccess(DELETE_TEXTS[relation].done)
      setDeleting(null)
      if (params.open === String(contact.id)) set({ open: undefined, page: params.page })
      client.invalidateQueries({ queryKey: contactsKey })
    },
    onError: () => {
      toastWithTitle({ title: messages.generic.errorShort, message: DELETE_TEXTS[relation].failed, color: 'red' })
      setDeleting(null)
    },
  })

  const openId = params.open && /^\d+$/.test(params.open) ? Number(params.open) : null
  const open = (contact: ContactDto) =>
    relation === 'customer' ? set({ open: String(contact.id), page: params.page }) : setEditing({ contact })

  return (
    <>
      <ListPage
        title={texts.title}
        count={query.data?.meta.total}
        list={list}
        withViewToggle={relation === 'customer'}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ contact: null })}>
            {texts.newLabel}
          </Button>
        }
      >
        <ListBody
          query={query}
          list={list}
          keyOf={(contact) => contact.id}
          group={(items) => groupByLetter(items, (contact) => contact.name)}
          empty={
            <EmptyBlock
              icon={relation === 'customer' ? <IconUsers size={20} /> : <IconTruck size={20} />}
              title={texts.empty}
            />
          }
          renderItem={(contact, view) => (
            <ListRow
              label={contact.name}
              onOpen={() => open(contact)}
              actions={
                <RowActionsMenu label={contact.name}>
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing({ contact })}>
                    Modifier
                  </Menu.Item>
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(contact)}>
                    Supprimer
                  </Menu.Item>
                </RowActionsMenu>
              }
            >
              <Group gap="sm" wrap="nowrap" align={view === 'grid' ? 'flex-start' : 'center'}>
                <Avatar name={contact.name} color="initials" radius="xl" size="md" />
                <Stack gap={view === 'grid' ? 4 : 0} miw={0}>
                  <Group gap={6} wrap={view === 'grid' ? 'wrap' : 'nowrap'}>
                    <Text fw={600} size="sm" truncate={view === 'list'} lineClamp={view === 'grid' ? 2 : undefined}>
                      {contact.name}
                    </Text>
                    <Badge
                      size="xs"
                      variant="light"
                      style={{ flexShrink: 0 }}
                      color={contact.contactTypeId === CONTACT_TYPE_IDS.BUSINESS ? 'teal' : 'grape'}
                    >
                      {contact.contactType?.name ??
                        (contact.contactTypeId === CONTACT_TYPE_IDS.BUSINESS ? 'Entreprise' : 'Particulier')}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {[contact.email, contact.phoneMobile ?? contact.phoneOffice, cityOf(contact)]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </Text>
                </Stack>
              </Group>
            </ListRow>
          )}
        />
      </ListPage>

      <ContactDrawer
        relation={relation}
        contact={editing?.contact ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      {relation === 'customer' ? (
        <ContactDetailsDrawer
          id={editing === null ? openId : null}
          onClose={() => set({ open: undefined, page: params.page })}
          onEdit={(contact) => setEditing({ contact })}
          onDelete={(contact) => setDeleting(contact)}
          escapeCloses={deleting === null}
        />
      ) : null}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        loading={remove.isPending}
      />
    </>
  )
}

export const CustomersPage = () => <ContactsPage relation="customer" />
export const SuppliersPage = () => <ContactsPage relation="supplier" />
