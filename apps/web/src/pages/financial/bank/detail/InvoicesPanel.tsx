import { formatDateFr, type IsoDate, isPositive, messages, type TransactionDto } from '@app/domain'
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFileInvoice, IconLink } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { EmptyBlock } from '../../../../components/EmptyBlock'
import { Amount } from '../../../../components/journals/Amount'
import { AttachInvoiceDrawer } from '../invoices/AttachInvoiceDrawer'

/**
 * The sales invoices this incoming transfer paid (spec/money.md §2): each with its customer, date and amount, and
 * for money in a button to the attach-invoice drawer.
 */
export function InvoicesPanel({
  transaction,
  onDialogChange,
}: {
  transaction: TransactionDto
  onDialogChange: (open: boolean) => void
}) {
  const [attaching, setAttaching] = useState(false)
  const open = (value: boolean) => {
    setAttaching(value)
    onDialogChange(value)
  }
  return (
    <Stack gap="xs" component="section" aria-label="Factures">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Factures
        </Title>
        {isPositive(transaction.amount) ? (
          <Button size="xs" variant="light" leftSection={<IconLink size={14} />} onClick={() => open(true)}>
            Rattacher une facture
          </Button>
        ) : null}
      </Group>
      {transaction.invoices.length === 0 ? (
        <EmptyBlock icon={<IconFileInvoice size={20} />} title={messages.transactions.noInvoice} />
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Factures rattachées"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {transaction.invoices.map((invoice) => (
            <Paper key={invoice.id} withBorder radius="md" p="xs" component="li">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Anchor component={Link} to={`/app/sales/invoices?open=${invoice.id}`} size="sm" fw={600}>
                    {invoice.reference ?? invoice.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {[invoice.customerName, formatDateFr(invoice.datedAt as IsoDate)].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <Amount value={invoice.amount} size="sm" />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <AttachInvoiceDrawer transaction={transaction} opened={attaching} onClose={() => open(false)} />
    </Stack>
  )
}
