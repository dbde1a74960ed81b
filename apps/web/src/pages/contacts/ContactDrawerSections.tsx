import { TEXT_MAX } from '@app/domain'
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { IconMapPin, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import { type AddressDraft, type ContactValues, emptyPerson } from './contactForm'

/** The contact's addresses as listed in its drawer; each is edited in the address drawer on top. */
export function AddressList({
  addresses,
  errors,
  onAdd,
  onEdit,
  onRemove,
}: {
  addresses: AddressDraft[]
  /** Server errors for an address, by its key: shown on the address concerned. */
  errors: Record<string, string>
  onAdd: () => void
  onEdit: (address: AddressDraft) => void
  onRemove: (address: AddressDraft) => void
}) {
  return (
    <>
      <Group justify="space-between">
        <Title order={3} size="h5">
          Adresses
        </Title>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          Ajouter une adresse
        </Button>
      </Group>
      {addresses.length === 0 ? (
        <Text c="dimmed" size="sm">
          Aucune adresse
        </Text>
      ) : (
        <Stack gap="xs">
          {addresses.map((address) => (
            <Paper key={address.key} withBorder radius="md" px="md" py="xs">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <IconMapPin size={18} style={{ flexShrink: 0 }} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {address.name || 'Adresse'}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {[address.street, `${address.postcode} ${address.city}`].filter(Boolean).join(', ')}
                    </Text>
                    {errors[address.key] ? (
                      <Text size="xs" c="red" role="alert">
                        {errors[address.key]}
                      </Text>
                    ) : null}
                  </div>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Modifier">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Modifier l'adresse ${address.name || address.city}`}
                      onClick={() => onEdit(address)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Retirer">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Retirer l'adresse ${address.name || address.city}`}
                      onClick={() => onRemove(address)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </>
  )
}

/** Sub-contacts ("interlocuteurs") of a business contact, edited inline as part of the contact form. */
export function ContactPersonsFields({ form }: { form: UseFormReturnType<ContactValues> }) {
  return (
    <>
      <Divider />
      <Group justify="space-between">
        <Title order={3} size="h5">
          Interlocuteurs
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('contacts', emptyPerson())}
        >
          Ajouter un interlocuteur
        </Button>
      </Group>
      {form.values.contacts.length === 0 ? (
        <Text c="dimmed" size="sm">
          Aucun interlocuteur
        </Text>
      ) : (
        form.values.contacts.map((person, index) => (
          <Paper key={person.id ?? `new-${index}`} withBorder radius="md" p="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label="Nom et Prénom"
                withAsterisk
                maxLength={TEXT_MAX}
                {...form.getInputProps(`contacts.${index}.name`)}
              />
              <TextInput label="Fonction" maxLength={TEXT_MAX} {...form.getInputProps(`contacts.${index}.position`)} />
              <TextInput
                label="E-mail"
                type="email"
                maxLength={TEXT_MAX}
                {...form.getInputProps(`contacts.${index}.email`)}
              />
              <TextInput
                label="Téléphone mobile"
                type="tel"
                maxLength={30}
                {...form.getInputProps(`contacts.${index}.phoneMobile`)}
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="xs">
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => form.removeListItem('contacts', index)}
              >
                Retirer
              </Button>
            </Group>
          </Paper>
        ))
      )}
    </>
  )
}
