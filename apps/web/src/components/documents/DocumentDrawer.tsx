import { formatDateFr, formatPercentFr, type InvoiceDto, type IsoDate, messages } from '@app/domain'
import { Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AppDrawer } from '../AppDrawer'
import { ErrorState } from '../ErrorState'
import { Amount } from './documentUi'

/** "03/03/2026" from a date or a timestamp; nothing for no date. */
export const day = (value: string | null) => (value ? formatDateFr(value.slice(0, 10) as IsoDate) : null)

/**
 * The details drawer of a document, opened by ?open={id}: its name as title once loaded (`fallbackTitle` before),
 * an error with "Réessayer", a skeleton while loading, then `children(doc)`. Escape is left to an open dialog.
 */
export function DocumentDrawer<D extends { name: string }>({
  opened,
  onClose,
  dialogOpen,
  fallbackTitle,
  query,
  children,
}: {
  opened: boolean
  onClose: () => void
  dialogOpen: boolean
  fallbackTitle: string
  query: UseQueryResult<D>
  children: (doc: D) => ReactNode
}) {
  return (
    <AppDrawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={!dialogOpen}
      title={
        query.data ? (
          <Title order={2} size="h4">
            {query.data.name}
          </Title>
        ) : (
          fallbackTitle
        )
      }
    >
      {query.isError ? (
        <ErrorState message={messages.generic.detailLoadError} onRetry={() => query.refetch()} />
      ) : query.data ? (
        children(query.data)
      ) : (
        <Stack aria-busy="true" aria-label="Chargement">
          <Skeleton h={24} />
          <Skeleton h={120} />
        </Stack>
      )}
    </AppDrawer>
  )
}

/** Totals and the VAT breakdown; a single 'Net à payer' for tax-free organisations. */
export function DocumentTotals({
  doc,
}: {
  doc: Pick<InvoiceDto, 'taxFree' | 'amount' | 'totalTaxExcluded' | 'totalTaxes' | 'totalTaxIncluded' | 'vatBreakdown'>
}) {
  if (doc.taxFree)
    return (
      <Group justify="space-between">
        <Text size="sm">{messages.documents.netToPay}</Text>
        <Amount value={doc.amount} strong />
      </Group>
    )
  return (
    <Stack gap="xs">
      {doc.vatBreakdown.length > 0 ? (
        <Table fz="sm" withTableBorder aria-label="Ventilation de la TVA">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Taux</Table.Th>
              <Table.Th ta="right">Base HT</Table.Th>
              <Table.Th ta="right">TVA</Table.Th>
              <Table.Th ta="right">TTC</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doc.vatBreakdown.map((rate) => (
              <Table.Tr key={rate.ratePercent}>
                <Table.Td>{formatPercentFr(rate.ratePercent)}</Table.Td>
                <Table.Td>
                  <Amount value={rate.taxExcluded} />
                </Table.Td>
                <Table.Td>
                  <Amount value={rate.taxAmount} />
                </Table.Td>
                <Table.Td>
                  <Amount value={rate.taxIncluded} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Group justify="space-between">
        <Text size="sm">Total HT</Text>
        <Amount value={doc.totalTaxExcluded} />
      </Group>
      <Group justify="space-between">
        <Text size="sm">TVA</Text>
        <Amount value={doc.totalTaxes} />
      </Group>
      <Group justify="space-between">
        <Text size="sm" fw={700}>
          Total TTC
        </Text>
        <Amount value={doc.totalTaxIncluded} strong />
      </Group>
    </Stack>
  )
}
