import { formatDateFr, formatIban, type IsoDate, type ReceivedEInvoiceDto } from '@app/domain'
import { Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { ErrorState } from '../../../components/ErrorState'
import { ApiError } from '../../../lib/api'
import { EInvoiceFigures } from './EInvoiceFigures'
import {
  addressLines,
  documentTitle,
  FORMAT_LABELS,
  isCreditNote,
  sirenLabel,
  useReceivedEInvoice,
} from './eInvoiceReadable'
import { PreviewUnavailable } from './PreviewUnavailable'

type Invoice = ReceivedEInvoiceDto

const date = (value: string) => formatDateFr(value as IsoDate)

function Party({ label, party }: { label: string; party: Invoice['seller'] | Invoice['buyer'] }) {
  const siret = 'siret' in party ? party.siret : null
  return (
    <Stack gap={2} style={{ flex: '1 1 200px', minWidth: 0 }} aria-label={label} role="group">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {party.name || '—'}
      </Text>
      {addressLines(party.address).map((line) => (
        <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
      {siret ? (
        <Text size="xs" c="dimmed">
          SIRET {siret}
        </Text>
      ) : party.siren ? (
        <Text size="xs" c="dimmed">
          SIREN {sirenLabel(party.siren)}
        </Text>
      ) : null}
      {party.vatNumber ? (
        <Text size="xs" c="dimmed">
          TVA {party.vatNumber}
        </Text>
      ) : null}
    </Stack>
  )
}

/** A label and its value on one line, as the head of a printed invoice lists them. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed">
        {label} :
      </Text>{' '}
      {children}
    </Text>
  )
}

function Head({ invoice }: { invoice: Invoice }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Facture électronique reçue au format {FORMAT_LABELS[invoice.format]}
      </Text>
      <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {documentTitle(invoice.typeCode)} n° {invoice.number}
      </Title>
      <Fact label="Date">{date(invoice.issueDate)}</Fact>
      {invoice.dueDate ? <Fact label="Échéance">{date(invoice.dueDate)}</Fact> : null}
      {invoice.precedingInvoices.map((reference) => (
        <Fact key={reference.number} label={isCreditNote(invoice.typeCode) ? 'Avoir sur la facture' : 'Facture liée'}>
          n° {reference.number}
          {reference.issueDate ? ` du ${date(reference.issueDate)}` : ''}
        </Fact>
      ))}
      {invoice.buyerReference ? <Fact label="Ta référence">{invoice.buyerReference}</Fact> : null}
      {invoice.purchaseOrder ? <Fact label="Bon de commande">{invoice.purchaseOrder}</Fact> : null}
      {invoice.currency === 'EUR' ? null : <Fact label="Devise">{invoice.currency}</Fact>}
    </Stack>
  )
}

function Payment({ invoice }: { invoice: Invoice }) {
  if (!invoice.paymentTerms && !invoice.seller.iban) return null
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        Paiement
      </Title>
      {invoice.paymentTerms ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {invoice.paymentTerms}
        </Text>
      ) : null}
      {invoice.seller.iban ? <Fact label="IBAN">{formatIban(invoice.seller.iban)}</Fact> : null}
    </Stack>
  )
}

function Notes({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        Notes
      </Title>
      {notes.map((note, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: read-only notes in the document's order; two may be alike.
        <Text key={index} size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {note}
        </Text>
      ))}
    </Stack>
  )
}

/** The invoice laid out like the paper it replaces: head, parties, lines, totals, payment, notes. */
export function EInvoiceDocument({ invoice }: { invoice: Invoice }) {
  return (
    <Paper
      component="article"
      aria-label={`${documentTitle(invoice.typeCode)} ${invoice.number}`}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      miw={0}
    >
      <Stack gap="md">
        <Head invoice={invoice} />
        <Group align="flex-start" gap="md" wrap="wrap">
          <Party label="Vendeur" party={invoice.seller} />
          <Party label="Acheteur" party={invoice.buyer} />
        </Group>
        <Divider />
        <EInvoiceFigures invoice={invoice} />
        <Payment invoice={invoice} />
        <Notes notes={invoice.notes} />
      </Stack>
    </Paper>
  )
}

/**
 * A received CII or UBL invoice, which a browser cannot show, read by the server and laid out for a person
 * (GET /receipts/{id}/e-invoice). A file that is no acceptable e-invoice (404) says so; the receipt tells why.
 */
export function EInvoiceReadableView({ receiptId }: { receiptId: number }) {
  const query = useReceivedEInvoice(receiptId)
  if (query.isPending) return <Skeleton height={400} aria-label="Chargement de la facture électronique" />
  if (query.isError)
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <PreviewUnavailable message="Ce fichier ne se lit pas comme une facture électronique : télécharge-le pour l’ouvrir." />
    ) : (
      <ErrorState message="La facture électronique n’a pas pu être lue." onRetry={() => query.refetch()} />
    )
  return <EInvoiceDocument invoice={query.data} />
}
