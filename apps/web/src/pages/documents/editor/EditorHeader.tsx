import { type InvoiceDto, messages, type QuoteDto } from '@app/domain'
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconSettings } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { BackToListButton } from '../../../components/BackToListButton'
import type { DocumentKind, EditorDocument } from '../../../components/documents/editor/editorQueries'
import { BASES, type EditorRoute } from '../../../components/documents/editor/editorRoute'
import { editorTexts } from '../../../components/documents/editor/editorTexts'

/**
 * The editor page's header: back to the list, the title, the reference and state, the links to the related documents,
 * and the options (Modifier from the read view, the document's actions, Paramètres).
 */
export function EditorHeader({
  kind,
  route,
  document,
  title,
  editable,
  onSettings,
  actions,
}: {
  kind: DocumentKind
  route: EditorRoute
  document: EditorDocument | null
  title: string
  editable: boolean
  onSettings: () => void
  /** The saved document's actions menu, beside Modifier and Paramètres; they wrap under the title when narrow. */
  actions?: ReactNode
}) {
  const invoice = kind === 'invoice' ? (document as InvoiceDto | null) : null
  const quote = kind === 'quote' ? (document as QuoteDto | null) : null
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <BackToListButton to={route.base} />
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Référence : {document?.reference ?? messages.documents.noReference}
            </Text>
            <Badge variant="light" color={document?.state.color || 'gray'}>
              {document?.state.name ?? editorTexts.draftBadge}
            </Badge>
          </Group>
          {invoice?.quoteId ? (
            <Anchor component={Link} to={`${BASES.quote}/${invoice.quoteId}`} size="sm">
              {editorTexts.fromQuote(invoice.quote?.reference ?? messages.documents.noReference)}
            </Anchor>
          ) : null}
          {invoice?.creditedInvoiceId ? (
            <Anchor component={Link} to={`${BASES.invoice}/${invoice.creditedInvoiceId}/show`} size="sm">
              {editorTexts.creditedInvoice(invoice.creditedInvoice?.reference ?? messages.documents.noReference)}
            </Anchor>
          ) : null}
          {quote?.invoiceId ? (
            <Anchor component={Link} to={`${BASES.invoice}/${quote.invoiceId}`} size="sm">
              {editorTexts.toInvoice}
            </Anchor>
          ) : null}
        </Stack>
      </Group>
      <Group gap="sm">
        {route.isShow && editable && document ? (
          <Button component={Link} to={`${route.base}/${document.id}`} variant="light">
            Modifier
          </Button>
        ) : null}
        {actions}
        <Button variant="default" leftSection={<IconSettings size={16} />} onClick={onSettings}>
          Paramètres
        </Button>
      </Group>
    </Group>
  )
}
