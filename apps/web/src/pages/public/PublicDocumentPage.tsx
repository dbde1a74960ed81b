import {
  formatDateFr,
  formatEuro,
  formatNumberFr,
  formatPercentFr,
  type ItemResponse,
  messages,
  type PublicAddressDto,
  type PublicDocumentDto,
} from '@app/domain'
import {
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { IconDownload, IconLinkOff } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { ErrorState } from '../../components/ErrorState'
import { ApiError, get } from '../../lib/api'
import { CardPaymentButton } from './CardPaymentButton'

const addressLines = (address: PublicAddressDto | null) =>
  address
    ? [
        address.street,
        address.complement1,
        address.complement2,
        `${address.postcode} ${address.city}`,
        address.countryName === 'France' ? null : address.countryName,
      ].filter((line): line is string => Boolean(line))
    : []

const money = (amount: string) => formatEuro(amount)

/** "Ce lien n'est plus valide.": unknown, revoked, or a document no longer shared. */
function InvalidLink() {
  return (
    <Center mih="100dvh" px="md">
      <Stack align="center" gap="md" ta="center" maw={420}>
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {messages.sending.linkInvalid}
        </Title>
        <Text c="dimmed">Demande à l'expéditeur de te transmettre un nouveau lien.</Text>
      </Stack>
    </Center>
  )
}

/**
 * A shared document, for anyone with the link and without an account (/p/{token}): the seller, the document's title,
 * reference and dates, its lines and totals, read-only, and its PDF.
 */
export function PublicDocumentPage() {
  const { token = '' } = useParams()
  const query = useQuery({
    queryKey: ['public-document', token],
    queryFn: async () =>
      (await get<ItemResponse<PublicDocumentDto>>(`/public/documents/${encodeURIComponent(token)}`)).data,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })

  if (query.isPending)
    return (
      <Center mih="100dvh">
        <Loader aria-label="Chargement" />
      </Center>
    )
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <InvalidLink />
    ) : (
      <Center mih="100dvh">
        <ErrorState onRetry={() => query.refetch()} />
      </Center>
    )

  const doc = query.data
  const heading = `${doc.title}${doc.reference ? ` n° ${doc.reference}` : ''}`
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text fw={700} fz="lg">
              {doc.seller.name}
            </Text>
            {addressLines(doc.seller.address).map((line) => (
              <Text key={line} size="sm" c="dimmed">
                {line}
              </Text>
            ))}
          </Stack>
          <Group gap="sm">
            {doc.kind === 'invoice' ? <CardPaymentButton token={token} /> : null}
            <Button
              component="a"
              href={`/api/v1/public/documents/${encodeURIComponent(token)}/pdf`}
              download
              leftSection={<IconDownload size={16} />}
            >
              Télécharger le PDF
            </Button>
          </Group>
        </Group>

        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Group justify="space-between" align="baseline" wrap="wrap">
              <Title order={1} fz={24}>
                {heading}
              </Title>
              <Text size="sm" c="dimmed">
                {doc.stateLabel}
              </Text>
            </Group>
            <Text fw={500}>{doc.name}</Text>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <div>
                <Text size="xs" c="dimmed">
                  Date
                </Text>
                <Text size="sm">{formatDateFr(doc.datedAt)}</Text>
              </div>
              {doc.dueAt ? (
                <div>
                  <Text size="xs" c="dimmed">
                    {doc.kind === 'quote' ? "Valable jusqu'au" : 'Échéance'}
                  </Text>
                  <Text size="sm">{formatDateFr(doc.dueAt)}</Text>
                </div>
              ) : null}
              {doc.buyer ? (
                <div>
                  <Text size="xs" c="dimmed">
                    Client
                  </Text>
                  <Text size="sm">{doc.buyer.name}</Text>
                </div>
              ) : null}
            </SimpleGrid>
            {doc.description ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {doc.description}
              </Text>
            ) : null}
          </Stack>
        </Card>

        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label="Lignes du document">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Désignation</Table.Th>
                <Table.Th ta="right">Quantité</Table.Th>
                <Table.Th ta="right">Prix unitaire HT</Table.Th>
                {doc.taxFree ? null : <Table.Th ta="right">TVA</Table.Th>}
                <Table.Th ta="right">Total HT</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {doc.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines keep their order; no id is shared.
                <Table.Tr key={index}>
                  <Table.Td>
                    <Text size="sm">{line.name}</Text>
                    {line.description ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                        {line.description}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatNumberFr(line.quantity)} {line.unit}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatEuro(line.unitPrice, { maxDecimals: 6 })}
                  </Table.Td>
                  {doc.taxFree ? null : (
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPercentFr(line.vatRate)}
                    </Table.Td>
                  )}
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(line.totalTaxExcluded)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Group justify="flex-end">
          <Table w={{ base: '100%', xs: 340 }} aria-label="Totaux" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Tbody>
              {doc.taxFree ? (
                <Table.Tr>
                  <Table.Th>{messages.documents.netToPay}</Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {money(doc.totalTaxIncluded)}
                  </Table.Td>
                </Table.Tr>
              ) : (
                <>
                  <Table.Tr>
                    <Table.Td>Total HT</Table.Td>
                    <Table.Td ta="right">{money(doc.totalTaxExcluded)}</Table.Td>
                  </Table.Tr>
                  {doc.vatBreakdown.map((rate) => (
                    <Table.Tr key={rate.ratePercent}>
                      <Table.Td>
                        TVA {formatPercentFr(rate.ratePercent)} sur {money(rate.taxExcluded)}
                      </Table.Td>
                      <Table.Td ta="right">{money(rate.taxAmount)}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Th>Total TTC</Table.Th>
                    <Table.Td ta="right" fw={700}>
                      {money(doc.totalTaxIncluded)}
                    </Table.Td>
                  </Table.Tr>
                </>
              )}
            </Table.Tbody>
          </Table>
        </Group>
        {doc.taxFree ? (
          <Text size="xs" c="dimmed" ta="right">
            {messages.documents.taxFreeMention}
          </Text>
        ) : null}
      </Stack>
    </Container>
  )
}
