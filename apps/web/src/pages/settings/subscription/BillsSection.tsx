import { formatDateFr, formatEuro } from '@app/domain'
import { Anchor, Center, Group, Loader, Pagination, Table, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { BILLS_PAGE_SIZE, useBills } from '../../../components/billing/billingQueries'
import { billingTexts as t } from '../../../components/billing/billingTexts'
import { ErrorState } from '../../../components/ErrorState'
import { SettingsSection } from '../../../components/SettingsSection'

/** The subscription's own invoices, newest first, each with its PDF from the provider. */
export function BillsSection() {
  const [page, setPage] = useState(1)
  const bills = useBills(page)

  let content: ReactNode
  if (bills.isPending)
    content = (
      <Center py="md">
        <Loader size="sm" aria-label="Chargement" />
      </Center>
    )
  else if (bills.isError) content = <ErrorState onRetry={() => bills.refetch()} />
  else if (bills.data.data.length === 0)
    content = (
      <Text c="dimmed" size="sm">
        {t.noBill}
      </Text>
    )
  else {
    const pages = Math.ceil(bills.data.meta.total / BILLS_PAGE_SIZE)
    content = (
      <>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="sm" aria-labelledby="subscription-bills-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.billDate}</Table.Th>
                <Table.Th>{t.billNumber}</Table.Th>
                <Table.Th ta="right">{t.billAmount}</Table.Th>
                <Table.Th>{t.billStatus}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bills.data.data.map((bill) => (
                <Table.Tr key={bill.id}>
                  <Table.Td>{formatDateFr(bill.date)}</Table.Td>
                  <Table.Td>{bill.number ?? '—'}</Table.Td>
                  <Table.Td ta="right">{formatEuro(bill.amount)}</Table.Td>
                  <Table.Td>{t.billStatuses[bill.status] ?? bill.status}</Table.Td>
                  <Table.Td ta="right">
                    {bill.downloadLink ? (
                      <Anchor
                        href={bill.downloadLink}
                        target="_blank"
                        rel="noopener"
                        aria-label={t.downloadBill(bill.number ?? formatDateFr(bill.date))}
                      >
                        <Group gap={4} component="span" display="inline-flex">
                          <IconDownload size={16} aria-hidden />
                          {t.download}
                        </Group>
                      </Anchor>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 ? (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        ) : null}
      </>
    )
  }

  return (
    <SettingsSection title={t.billsTitle} description={t.billsDescription} id="subscription-bills">
      {content}
    </SettingsSection>
  )
}
