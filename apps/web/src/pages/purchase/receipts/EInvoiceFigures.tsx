import type { ReceivedEInvoiceDto } from '@app/domain'
import { Group, Stack, Table, Text, Title } from '@mantine/core'
import type { CSSProperties } from 'react'
import { allowanceChargeLabel, money, quantityLabel, vatLabel } from './eInvoiceReadable'

/** The figures of a received e-invoice: its lines, document allowances and charges, VAT breakdown and totals. */

const numeric: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' }
/** The designation stays in view while the other columns scroll under it on a phone. */
const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 150,
  maxWidth: 260,
}

type Invoice = ReceivedEInvoiceDto

/** "0", "0.00", "-0": read without the decimal library, which a page that only shows amounts does not load. */
const isZero = (amount: string) => /^[+-]?0*\.?0*$/.test(amount)

function LinesTable({ invoice }: { invoice: Invoice }) {
  const { currency } = invoice
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table aria-label="Lignes de la facture" fz="sm" verticalSpacing={6} horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={sticky}>Désignation</Table.Th>
            <Table.Th style={numeric}>Quantité</Table.Th>
            <Table.Th style={numeric}>Prix unitaire HT</Table.Th>
            <Table.Th style={numeric}>TVA</Table.Th>
            <Table.Th style={numeric}>Total HT</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines in the document's order; ids may repeat.
            <Table.Tr key={index}>
              <Table.Th scope="row" style={sticky} fw={400}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {line.name ?? 'Sans désignation'}
                </Text>
                {line.description ? (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {line.description}
                  </Text>
                ) : null}
              </Table.Th>
              <Table.Td style={numeric}>{quantityLabel(line.quantity, line.unitCode)}</Table.Td>
              <Table.Td style={numeric}>
                {money(line.netUnitPrice, currency, 6)}
                {line.priceBaseQuantity ? ` / ${quantityLabel(line.priceBaseQuantity, line.unitCode)}` : null}
              </Table.Td>
              <Table.Td style={numeric}>{vatLabel(line.vatCategoryCode, line.vatRatePercent)}</Table.Td>
              <Table.Td style={numeric}>{money(line.netAmount, currency, 6)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function AllowancesCharges({ invoice }: { invoice: Invoice }) {
  return (
    <Table aria-label="Remises et frais" fz="sm" verticalSpacing={4}>
      <Table.Tbody>
        {invoice.allowancesCharges.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only, in the document's order.
          <Table.Tr key={index}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {allowanceChargeLabel(entry)}
              <Text span size="xs" c="dimmed">
                {' '}
                · TVA {vatLabel(entry.vatCategoryCode, entry.vatRatePercent)}
              </Text>
            </Table.Td>
            <Table.Td style={numeric}>
              {entry.charge || entry.amount === null ? '' : '− '}
              {money(entry.amount, invoice.currency)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function VatBreakdown({ invoice }: { invoice: Invoice }) {
  return (
    <Table aria-label="Détail de la TVA" fz="sm" verticalSpacing={4} w={{ base: '100%', xs: 360 }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>TVA</Table.Th>
          <Table.Th style={numeric}>Base HT</Table.Th>
          <Table.Th style={numeric}>Montant</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.vatBreakdown.map((entry) => (
          <Table.Tr key={`${entry.categoryCode}-${entry.ratePercent}`}>
            <Table.Td>{vatLabel(entry.categoryCode, entry.ratePercent)}</Table.Td>
            <Table.Td style={numeric}>{money(entry.taxableAmount, invoice.currency)}</Table.Td>
            <Table.Td style={numeric}>{money(entry.taxAmount, invoice.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function Totals({ invoice }: { invoice: Invoice }) {
  const { currency } = invoice
  const rows: [string, string][] = [
    ...(invoice.allowancesCharges.length > 0 && invoice.linesTotal
      ? [['Total des lignes HT', money(invoice.linesTotal, currency)] as [string, string]]
      : []),
    ['Total HT', money(invoice.totalTaxExcluded, currency)],
    ['TVA', money(invoice.totalTax, currency)],
    ['Total TTC', money(invoice.totalTaxIncluded, currency)],
    ...(invoice.prepaidAmount && !isZero(invoice.prepaidAmount)
      ? [['Déjà payé', `− ${money(invoice.prepaidAmount, currency)}`] as [string, string]]
      : []),
  ]
  return (
    <Table aria-label="Totaux" fz="sm" verticalSpacing={4} w={{ base: '100%', xs: 320 }}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th fw={400}>{label}</Table.Th>
            <Table.Td style={numeric}>{value}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th>Net à payer</Table.Th>
          <Table.Td style={numeric} fw={700}>
            {money(invoice.amountDue, currency)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  )
}

export function EInvoiceFigures({ invoice }: { invoice: Invoice }) {
  return (
    <Stack gap="md">
      {invoice.lines.length > 0 ? (
        <LinesTable invoice={invoice} />
      ) : (
        <Text size="sm" c="dimmed">
          Cette facture ne détaille pas ses lignes.
        </Text>
      )}
      {invoice.allowancesCharges.length > 0 ? (
        <Stack gap={4}>
          <Title order={4} size="h6">
            Remises et frais
          </Title>
          <AllowancesCharges invoice={invoice} />
        </Stack>
      ) : null}
      <Group justify="space-between" align="flex-start" gap="md">
        <VatBreakdown invoice={invoice} />
        <Totals invoice={invoice} />
      </Group>
    </Stack>
  )
}
