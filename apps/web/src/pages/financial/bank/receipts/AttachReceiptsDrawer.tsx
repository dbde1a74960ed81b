import { formatDateFr, type IsoDate, isPositive, messages, type TransactionDto } from '@app/domain'
import { Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconFileText } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'
import { AppDrawer } from '../../../../components/AppDrawer'
import { Amount, toastActionError } from '../../../../components/documents/documentUi'
import { EmptyBlock } from '../../../../components/EmptyBlock'
import { ErrorState } from '../../../../components/ErrorState'
import { ItemList } from '../../../../components/ItemList'
import { SearchField } from '../../../../components/SearchField'
import { useTransaction } from '../../../../components/transactions/detail/transactionQueries'
import { toastSuccess } from '../../../../lib/toast'
import { AttachedInvoiceList, invoiceTexts, PayableInvoicesPicker } from '../invoices/InvoiceLinkLists'
import { useAttachedMessage, useAttachInvoices, useDetachInvoice } from '../invoices/invoiceLinkQueries'
import { TransactionHeading } from '../TransactionHeading'
import { AttachedReceiptList } from './AttachedReceiptList'
import { ReceiptUploadZone } from './ReceiptUploadZone'
import {
  type AttachableReceipt,
  type AttachTab,
  openingTab,
  useAnyReceiptImported,
  useAttachableReceipts,
  useAttachReceipts,
  useDetachReceipt,
} from './receiptLinkQueries'

export const attachTexts = {
  title: 'Ajouter un justificatif',
  attachedTab: 'Associés',
  receiptsTab: "Factures d'achat et notes de frais",
  invoicesTab: 'Factures de vente',
  importTab: 'Importer',
  search: 'Rechercher un justificatif',
  sameAmount: 'Même montant',
  nothingAttached: 'Tu n’as rattaché aucun justificatif',
  toImport: 'Importer un justificatif',
} as const

const BADGES = {
  associated: { label: messages.receipts.badgeAssociated, color: 'teal' },
  toProcess: { label: messages.receipts.badgeToProcess, color: 'orange' },
  toAssociate: { label: messages.receipts.badgeToAssociate, color: 'blue' },
} as const

const day = (date: string) => formatDateFr(date.slice(0, 10) as IsoDate)
const toggle = (list: number[], id: number) =>
  list.includes(id) ? list.filter((entry) => entry !== id) : [...list, id]

/**
 * The attach-receipts drawer (spec/money.md §2): four tabs — what is attached (receipts and invoices, each
 * detachable), the receipts to associate (searchable, those of the transaction's amount first), the sales invoices
 * (those of the attach-invoice drawer) and the import of new files. It opens on what is attached when there is
 * something, else on the receipts for money going out, on the sales invoices for money coming in. The attach buttons
 * wait for a choice.
 */
export function AttachReceiptsDrawer({
  transaction: given,
  opened,
  onClose,
}: {
  transaction: TransactionDto
  opened: boolean
  onClose: () => void
}) {
  // The transaction as its query has it: what is attached here shows at once.
  const transaction = useTransaction(given.id).data ?? given
  const [tab, setTab] = useState<AttachTab>(() => openingTab(given))
  const [receiptChoice, setReceiptChoice] = useState<number[]>([])
  const [invoiceChoice, setInvoiceChoice] = useState<number[]>([])
  const [receiptSearch, setReceiptSearch] = useState('')
  const [invoiceSearch, setInvoiceSearch] = useState('')
  const attachReceipts = useAttachReceipts(transaction.id)
  const detachReceipt = useDetachReceipt(transaction.id)
  const attachInvoices = useAttachInvoices(transaction)
  const detachInvoice = useDetachInvoice(transaction)
  const attachedMessage = useAttachedMessage(transaction)

  // Every opening starts afresh, on the tab the spec says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening decides, not later changes.
  useEffect(() => {
    if (!opened) return
    setTab(openingTab(transaction))
    setReceiptChoice([])
    setInvoiceChoice([])
    setReceiptSearch('')
    setInvoiceSearch('')
  }, [opened])

  const attachedCount = transaction.receipts.length + transaction.invoices.length
  const toAttached = () => setTab('attached')

  const attachChosenReceipts = () =>
    attachReceipts.mutate(receiptChoice, {
      onSuccess: () => {
        setReceiptChoice([])
        toAttached()
        toastSuccess(messages.receipts.attached)
      },
      onError: toastActionError,
    })

  const attachChosenInvoices = () => {
    // Before the attachment: it refreshes the invoices offered.
    const message = attachedMessage(invoiceChoice)
    attachInvoices.mutate(invoiceChoice, {
      onSuccess: () => {
        setInvoiceChoice([])
        toAttached()
        toastSuccess(message)
      },
      onError: toastActionError,
    })
  }

  const footer =
    tab === 'receipts' ? (
      <AttachFooter
        count={receiptChoice.length}
        plural="justificatifs"
        pending={attachReceipts.isPending}
        onAttach={attachChosenReceipts}
        onCancel={onClose}
      />
    ) : tab === 'invoices' && isPositive(transaction.amount) ? (
      <AttachFooter
        count={invoiceChoice.length}
        plural="factures"
        pending={attachInvoices.isPending}
        onAttach={attachChosenInvoices}
        onCancel={onClose}
      />
    ) : null

  return (
    <AppDrawer opened={opened} onClose={onClose} title={attachTexts.title} size="lg" footer={footer}>
      <Stack gap="sm">
        <TransactionHeading transaction={transaction} />
        <Tabs value={tab} onChange={(value) => value && setTab(value as AttachTab)}>
          <Tabs.List>
            <Tabs.Tab value="attached">
              {attachTexts.attachedTab}
              {attachedCount > 0 ? ` (${attachedCount})` : ''}
            </Tabs.Tab>
            <Tabs.Tab value="receipts">{attachTexts.receiptsTab}</Tabs.Tab>
            <Tabs.Tab value="invoices">{attachTexts.invoicesTab}</Tabs.Tab>
            <Tabs.Tab value="import">{attachTexts.importTab}</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="attached" pt="md">
            {attachedCount === 0 ? (
              <EmptyBlock icon={<IconFileText size={22} />} title={attachTexts.nothingAttached} />
            ) : (
              <Stack gap="md">
                {transaction.receipts.length > 0 ? (
                  <Part title="Justificatifs">
                    <AttachedReceiptList
                      receipts={transaction.receipts}
                      detaching={detachReceipt.isPending ? detachReceipt.variables : null}
                      onDetach={(receiptId) =>
                        detachReceipt.mutate(receiptId, {
                          onSuccess: () => toastSuccess(messages.receipts.detached),
                          onError: toastActionError,
                        })
                      }
                    />
                  </Part>
                ) : null}
                {transaction.invoices.length > 0 ? (
                  <Part title="Factures de vente">
                    <AttachedInvoiceList
                      transaction={transaction}
                      empty={false}
                      detaching={detachInvoice.isPending ? detachInvoice.variables : null}
                      onDetach={(invoiceId) =>
                        detachInvoice.mutate(invoiceId, {
                          onSuccess: () => toastSuccess(invoiceTexts.detached),
                          onError: toastActionError,
                        })
                      }
                    />
                  </Part>
                ) : null}
              </Stack>
            )}
          </Tabs.Panel>

          <Tabs.Panel value="receipts" pt="md">
            <ReceiptsPicker
              transaction={transaction}
              search={receiptSearch}
              onSearchChange={setReceiptSearch}
              enabled={opened && tab === 'receipts'}
              selected={receiptChoice}
              onToggle={(id) => setReceiptChoice((list) => toggle(list, id))}
              onImport={() => setTab('import')}
            />
          </Tabs.Panel>

          <Tabs.Panel value="invoices" pt="md">
            <PayableInvoicesPicker
              transaction={transaction}
              search={invoiceSearch}
              onSearchChange={setInvoiceSearch}
              enabled={opened && tab === 'invoices'}
              selected={invoiceChoice}
              onToggle={(id) => setInvoiceChoice((list) => toggle(list, id))}
            />
          </Tabs.Panel>

          <Tabs.Panel value="import" pt="md">
            <ReceiptUploadZone transactionId={transaction.id} onUploaded={toAttached} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </AppDrawer>
  )
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={4} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

/** "Annuler" and "Associer", the latter disabled while nothing is ticked. */
function AttachFooter({
  count,
  plural,
  pending,
  onAttach,
  onCancel,
}: {
  count: number
  plural: string
  pending: boolean
  onAttach: () => void
  onCancel: () => void
}) {
  return (
    <>
      <Button variant="default" onClick={onCancel}>
        Annuler
      </Button>
      <Button disabled={count === 0} loading={pending} onClick={onAttach}>
        {count > 1 ? `Associer les ${count} ${plural}` : 'Associer'}
      </Button>
    </>
  )
}

function ReceiptsPicker({
  transaction,
  search,
  onSearchChange,
  enabled,
  selected,
  onToggle,
  onImport,
}: {
  transaction: TransactionDto
  search: string
  onSearchChange: (search: string) => void
  enabled: boolean
  selected: number[]
  onToggle: (receiptId: number) => void
  onImport: () => void
}) {
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300)
  const query = useAttachableReceipts(transaction, debouncedSearch, enabled)
  const anyImported = useAnyReceiptImported(enabled && query.data?.length === 0 && !debouncedSearch)
  let list: ReactNode
  if (query.isPending)
    list = (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    )
  else if (query.isError) list = <ErrorState onRetry={() => query.refetch()} />
  else if (query.data.length === 0)
    list = (
      <EmptyBlock
        icon={<IconFileText size={22} />}
        title={
          debouncedSearch
            ? messages.empty.noResult
            : anyImported.data === false
              ? messages.receipts.noReceiptImported
              : messages.receipts.empty('à associer')
        }
        description={
          <Button variant="subtle" size="xs" onClick={onImport}>
            {attachTexts.toImport}
          </Button>
        }
      />
    )
  else
    list = (
      <ItemList>
        {query.data.map((receipt) => (
          <ReceiptChoiceRow
            key={receipt.id}
            receipt={receipt}
            checked={selected.includes(receipt.id)}
            onToggle={() => onToggle(receipt.id)}
          />
        ))}
      </ItemList>
    )
  return (
    <Stack gap="sm">
      <SearchField label={attachTexts.search} value={search} onChange={onSearchChange} />
      {list}
    </Stack>
  )
}

function ReceiptChoiceRow({
  receipt,
  checked,
  onToggle,
}: {
  receipt: AttachableReceipt
  checked: boolean
  onToggle: () => void
}) {
  const badge = receipt.badge === 'toAssociate' ? null : BADGES[receipt.badge]
  const details = [receipt.contact?.name, receipt.datedAt ? day(receipt.datedAt) : null, receipt.reference].filter(
    Boolean,
  )
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={receipt.name}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Checkbox checked={checked} onChange={onToggle} aria-label={`Choisir ${receipt.name}`} />
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600} truncate>
                {receipt.name}
              </Text>
              {badge ? (
                <Badge size="sm" variant="light" color={badge.color} tt="none" style={{ flexShrink: 0 }}>
                  {badge.label}
                </Badge>
              ) : null}
              {receipt.sameAmount ? (
                <Badge size="sm" variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>
                  {attachTexts.sameAmount}
                </Badge>
              ) : null}
            </Group>
            {details.length > 0 ? (
              <Text size="xs" c="dimmed" truncate>
                {details.join(' · ')}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {receipt.taxIncluded === null ? null : <Amount value={receipt.taxIncluded} />}
      </Group>
    </Paper>
  )
}
