import type { TransactionDto } from '@app/domain'
import { Button, Stack, Tabs } from '@mantine/core'
import { useEffect, useState } from 'react'
import { AppDrawer } from '../../../../components/AppDrawer'
import { toastActionError } from '../../../../components/documents/documentUi'
import { toastSuccess } from '../../../../lib/toast'
import { TransactionHeading } from '../TransactionHeading'
import { AttachedInvoiceList, invoiceTexts, PayableInvoicesPicker } from './InvoiceLinkLists'
import { InvoiceSuggestions } from './InvoiceSuggestions'
import { useAttachedMessage, useAttachInvoices, useDetachInvoice } from './invoiceLinkQueries'

type Tab = 'attached' | 'invoices'

const texts = {
  title: 'Rattacher une facture',
  attachedTab: 'Factures rattachées',
  invoicesTab: 'Factures',
} as const

/**
 * The attach-invoice drawer (spec/money.md §2): the invoices this incoming transfer paid, each detachable, and the
 * validated invoices with something left to pay — those whose rest is the transfer's amount first — to tick and
 * attach, which marks each paid on the date of the transfer that settles it in full (decision 0024). It opens on the
 * attached tab when there are some. Above the list, the invoices suggested for the line (issue 30): among them those
 * already paid by a payment recorded by hand that waits for this bank line, which the list of unpaid ones leaves out.
 */
export function AttachInvoiceDrawer({
  transaction: given,
  opened,
  onClose,
}: {
  transaction: TransactionDto
  opened: boolean
  onClose: () => void
}) {
  // The server's last answer, until the transaction given changes (the refreshed queries bring it back).
  const [answer, setAnswer] = useState<{ basis: TransactionDto; saved: TransactionDto } | null>(null)
  const transaction = answer?.basis === given ? answer.saved : given
  const keep = (saved: TransactionDto | undefined) => saved && setAnswer({ basis: given, saved })
  const [tab, setTab] = useState<Tab>('invoices')
  const [selected, setSelected] = useState<number[]>([])
  const [search, setSearch] = useState('')
  const attach = useAttachInvoices(transaction)
  const detach = useDetachInvoice(transaction)
  const attachedMessage = useAttachedMessage(transaction)

  // Every opening starts afresh, on the tab the spec says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening decides, not later changes.
  useEffect(() => {
    if (!opened) return
    setTab(given.invoices.length > 0 ? 'attached' : 'invoices')
    setSelected([])
    setSearch('')
  }, [opened])

  const attachSelected = () => {
    // Before the attachment: it refreshes the invoices offered.
    const message = attachedMessage(selected)
    attach.mutate(selected, {
      onSuccess: (saved) => {
        keep(saved)
        setSelected([])
        setTab('attached')
        toastSuccess(message)
      },
      onError: toastActionError,
    })
  }

  return (
    <AppDrawer
      opened={opened}
      onClose={onClose}
      title={texts.title}
      footer={
        tab === 'invoices' ? (
          <>
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button disabled={selected.length === 0} loading={attach.isPending} onClick={attachSelected}>
              {selected.length > 1 ? `Rattacher les ${selected.length} factures` : 'Rattacher'}
            </Button>
          </>
        ) : null
      }
    >
      <Stack gap="sm">
        <TransactionHeading transaction={transaction} />
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)}>
          <Tabs.List>
            <Tabs.Tab value="attached">
              {texts.attachedTab}
              {transaction.invoices.length > 0 ? ` (${transaction.invoices.length})` : ''}
            </Tabs.Tab>
            <Tabs.Tab value="invoices">{texts.invoicesTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="attached" pt="md">
            <AttachedInvoiceList
              transaction={transaction}
              detaching={detach.isPending ? detach.variables : null}
              onDetach={(invoiceId) =>
                detach.mutate(invoiceId, {
                  onSuccess: (saved) => {
                    keep(saved)
                    toastSuccess(invoiceTexts.detached)
                  },
                  onError: toastActionError,
                })
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="invoices" pt="md">
            <Stack gap="md">
              <InvoiceSuggestions
                transaction={transaction}
                enabled={opened && tab === 'invoices'}
                onAttached={(saved) => {
                  keep(saved)
                  setSelected([])
                  setTab('attached')
                }}
              />
              <PayableInvoicesPicker
                transaction={transaction}
                search={search}
                onSearchChange={setSearch}
                enabled={opened && tab === 'invoices'}
                selected={selected}
                onToggle={(id) =>
                  setSelected((list) => (list.includes(id) ? list.filter((entry) => entry !== id) : [...list, id]))
                }
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </AppDrawer>
  )
}
