import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { IconFileInvoice, IconFileText, IconPalette } from '@tabler/icons-react'
import { Link } from 'react-router'

/** The first-time panel (spec/account.md §2): shown until the first quote or invoice exists. */
export function FirstSteps() {
  return (
    <Card withBorder radius="md" data-testid="first-steps">
      <Stack gap="sm">
        <Text fw={600}>Bien démarrer avec Carnet</Text>
        <Text size="sm" c="dimmed">
          Trois étapes pour envoyer tes premiers documents.
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to="/app/setting/sales/branding"
            variant="light"
            leftSection={<IconPalette size={16} />}
          >
            Personnaliser mes documents
          </Button>
          <Button component={Link} to="/app/sales/quotes/new" variant="light" leftSection={<IconFileText size={16} />}>
            Créer mon premier devis
          </Button>
          <Button
            component={Link}
            to="/app/sales/invoices/new"
            variant="light"
            leftSection={<IconFileInvoice size={16} />}
          >
            Créer ma première facture
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
