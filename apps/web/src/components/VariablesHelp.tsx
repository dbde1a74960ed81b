import { VARIABLE_HELP } from '@app/domain'
import { Anchor, Code, Collapse, Table, Text } from '@mantine/core'
import { useState } from 'react'

/**
 * The dynamic-variables help panel (spec/sales.md §2, §5): the variables a text accepts and what each one writes —
 * {mois}, {annee}, {moisPrecedent}, {moisSuivant} in titles and descriptions, the longer list in mail templates.
 */
export function VariablesHelp({
  variables,
  when,
}: {
  variables: readonly (keyof typeof VARIABLE_HELP)[]
  /** When the variables are replaced: "à la validation", "à l'envoi". */
  when: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <div>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
      >
        {open ? 'Masquer les variables' : 'Variables disponibles'}
      </Anchor>
      <Collapse expanded={open}>
        <Text size="xs" c="dimmed" mt="xs">
          Écris une variable entre accolades : elle est remplacée {when}, avec la date du document.
        </Text>
        <Table fz="xs" verticalSpacing={4} mt={4} aria-label="Variables disponibles">
          <Table.Tbody>
            {variables.map((name) => (
              <Table.Tr key={name}>
                <Table.Td>
                  <Code>{`{${name}}`}</Code>
                </Table.Td>
                <Table.Td>{VARIABLE_HELP[name]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Collapse>
    </div>
  )
}
