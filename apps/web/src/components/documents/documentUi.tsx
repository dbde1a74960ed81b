import { formatDateLongFr, formatEuro, type IsoDate, messages } from '@app/domain'
import { Badge, Center, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconMessage } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { ApiError } from '../../lib/api'
import type { ListView } from '../../lib/listParams'
import { toastWithTitle } from '../../lib/toast'
import { ListRow } from '../list/ListPage'
import { DocumentStateBadge } from './DocumentStateBadge'
import { DocumentThumbnail } from './DocumentThumbnail'

/** Texts of these pages that the domain does not hold (spec/sales.md has no wording for them). */
export const texts = {
  creditNote: 'Avoir',
  noHistory: "Il n'y a encore aucune activité sur ce document.",
  taxExcluded: 'HT',
  taxIncluded: 'TTC',
} as const

/** "lundi 3 mars" from a date or a timestamp ("2026-03-03T…"). */
export const longDate = (value: string) => formatDateLongFr(value.slice(0, 10) as IsoDate)

/** Action errors show the server's message as the toast's description (spec/sales.md §8). */
export function toastActionError(error: unknown) {
  const message = error instanceof ApiError && error.status > 0 ? error.message : messages.generic.error
  toastWithTitle({ title: messages.generic.error, message, color: 'red' })
}

const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** An amount, right-aligned in tabular figures; negative amounts (credit notes) in red. */
export function Amount({ value, strong, size = 'sm' }: { value: string; strong?: boolean; size?: string }) {
  const negative = value.trim().startsWith('-')
  return (
    <Text size={size} fw={strong ? 700 : 500} ta="right" c={negative ? 'red' : undefined} style={tabular}>
      {formatEuro(value)}
    </Text>
  )
}

type AmountsDoc = { totalTaxExcluded: string; totalTaxIncluded: string; amount: string; taxFree: boolean }

/** "HT" and "TTC" in one width, so that the two amounts above each other end at the same place. */
const SUFFIX_WIDTH = 24

/** HT and TTC, or a single 'Net à payer' for tax-free organisations (spec/sales.md §1). */
export function DocumentAmounts({ doc }: { doc: AmountsDoc }) {
  if (doc.taxFree)
    return (
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Amount value={doc.amount} strong />
        <Text size="xs" c="dimmed">
          {messages.documents.netToPay}
        </Text>
      </Stack>
    )
  return (
    <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
      <Group gap={4} wrap="nowrap">
        <Amount value={doc.totalTaxExcluded} strong />
        <Text size="xs" c="dimmed" w={SUFFIX_WIDTH}>
          {texts.taxExcluded}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Amount value={doc.totalTaxIncluded} size="xs" />
        <Text size="xs" c="dimmed" w={SUFFIX_WIDTH}>
          {texts.taxIncluded}
        </Text>
      </Group>
    </Stack>
  )
}

type RowDoc = AmountsDoc & {
  id: number
  updatedAt: string
  name: string
  reference: string | null
  datedAt: string
  commentsCount: number
  contact: { name: string } | null
  state: { code: string; name: string; color: string }
}

/**
 * The body of an invoice or quote row (spec/sales.md §2 "Invoice row contents"): date, preview (grid), name,
 * comment count, reference or 'Aucune', client or 'Aucun', extra lines (payments), the state badge, the amounts.
 */
export function DocumentRowBody({
  model,
  doc,
  view,
  marker,
  extra,
  withState = true,
}: {
  /** Whose PDF the grid's preview shows. */
  model: 'invoices' | 'quotes'
  doc: RowDoc
  view: ListView
  /** False when the row shows the state elsewhere (the quote's state switcher). */
  withState?: boolean
  /** A mark beside the name ('Avoir'). */
  marker?: ReactNode
  extra?: ReactNode
}) {
  const grid = view === 'grid'
  return (
    <Stack gap="xs">
      {grid ? (
        <Center>
          <DocumentThumbnail model={model} doc={doc} />
        </Center>
      ) : null}
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
          <Text size="xs" c="dimmed">
            {longDate(doc.datedAt)}
          </Text>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text fw={600} size="sm" truncate>
              {doc.name}
            </Text>
            {marker}
            {doc.commentsCount > 0 ? (
              <Group
                gap={2}
                wrap="nowrap"
                aria-label={`${doc.commentsCount} commentaire${doc.commentsCount > 1 ? 's' : ''}`}
              >
                <IconMessage size={14} aria-hidden />
                <Text size="xs" c="dimmed">
                  {doc.commentsCount}
                </Text>
              </Group>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {doc.reference ?? messages.documents.noReference} · {doc.contact?.name ?? messages.documents.noClient}
          </Text>
          {extra}
        </Stack>
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flexShrink: 0 }}>
          {withState ? <DocumentStateBadge state={doc.state} /> : null}
          <DocumentAmounts doc={doc} />
        </Group>
      </Group>
    </Stack>
  )
}

/** The 'Avoir' mark of credit notes. */
export const CreditNoteMark = () => (
  <Badge size="xs" color="red" variant="outline" style={{ flexShrink: 0 }}>
    {texts.creditNote}
  </Badge>
)

/** A label and its value in a details drawer. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </div>
  )
}

/** The tabs of a details drawer: Aperçu, Commentaires, Historique (PDFs, comments and history come later), plus extras. */
/**
 * One document of a list: a row (ListRow) in the list view; in the grid view a card, the preview and the texts on
 * top (they open the document), its own controls (payment date, state, menu) underneath.
 */
export function DocumentListItem({
  view,
  label,
  onOpen,
  actions,
  children,
}: {
  view: ListView
  label: string
  onOpen: () => void
  actions: ReactNode
  children: ReactNode
}) {
  if (view === 'list')
    return (
      <ListRow label={label} onOpen={onOpen} actions={actions}>
        {children}
      </ListRow>
    )
  return (
    <Paper withBorder radius="md" p="sm" h="100%" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <UnstyledButton
        onClick={onOpen}
        aria-label={label}
        style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'flex-start' }}
      >
        {children}
      </UnstyledButton>
      <Group justify="flex-end" gap={4} wrap="nowrap">
        {actions}
      </Group>
    </Paper>
  )
}
