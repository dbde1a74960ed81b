import { MAIL_VARIABLES, TEXT_MAX } from '@app/domain'
import { ActionIcon, Button, Group, Stack, Textarea, TextInput } from '@mantine/core'
import { IconX } from '@tabler/icons-react'
import type { EditorForm } from '../../../components/documents/editor/editorForm'
import type { RecurringValues } from '../../../components/documents/editor/recurringForm'
import { VariablesHelp } from '../../../components/VariablesHelp'

const E = 'recurringParams.emails'
const SEPARATED = 'Sépare les adresses par un point-virgule'

/**
 * The e-mail of each occurrence with the option send (spec/sales.md §5): recipients separated by semicolons, Cc and Cci
 * rows that toggle on and are cleared when removed, the subject and the message, whose variables ({reference},
 * {client}…) are replaced at each sending.
 */
export function RecurringEmailFields({ form, values }: { form: EditorForm; values: RecurringValues }) {
  const { emails } = values
  const toggle = (row: 'cc' | 'cci', on: boolean) => {
    form.setFieldValue(`${E}.${row === 'cc' ? 'hasCc' : 'hasCci'}`, on as never)
    if (!on) form.setFieldValue(`${E}.${row}`, '' as never)
  }
  const removeButton = (row: 'cc' | 'cci', label: string) => (
    <ActionIcon variant="subtle" color="gray" aria-label={`Retirer ${label}`} onClick={() => toggle(row, false)}>
      <IconX size={14} />
    </ActionIcon>
  )
  return (
    <Stack
      gap="md"
      role="group"
      aria-label="E-mail de chaque facture"
      pl={{ base: 0, sm: 'md' }}
      style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
    >
      <div>
        <TextInput
          label="Destinataires"
          description={SEPARATED}
          withAsterisk
          {...form.getInputProps(`${E}.emailRecipient`)}
        />
        <Group gap="xs" mt={6}>
          {!emails.hasCc ? (
            <Button size="compact-xs" variant="light" onClick={() => toggle('cc', true)}>
              Cc
            </Button>
          ) : null}
          {!emails.hasCci ? (
            <Button size="compact-xs" variant="light" onClick={() => toggle('cci', true)}>
              Cci
            </Button>
          ) : null}
        </Group>
      </div>
      {emails.hasCc ? (
        <TextInput
          label="Cc"
          description={SEPARATED}
          rightSection={removeButton('cc', 'Cc')}
          {...form.getInputProps(`${E}.cc`)}
        />
      ) : null}
      {emails.hasCci ? (
        <TextInput
          label="Cci"
          description={SEPARATED}
          rightSection={removeButton('cci', 'Cci')}
          {...form.getInputProps(`${E}.cci`)}
        />
      ) : null}
      <TextInput label="Objet" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps(`${E}.subject`)} />
      <Textarea label="Message" withAsterisk autosize minRows={6} maxRows={16} {...form.getInputProps(`${E}.body`)} />
      <VariablesHelp variables={MAIL_VARIABLES} when="à chaque envoi" />
    </Stack>
  )
}
