import { messages, type TransactionDto } from '@app/domain'
import { Box, Button, Divider, Skeleton, Stack, Tabs } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useMe } from '../../../../app/session'
import { AppDrawer } from '../../../../components/AppDrawer'
import { ConfirmModal } from '../../../../components/ConfirmModal'
import { CommentsTab } from '../../../../components/documents/tabs/CommentsTab'
import { HistoryTab } from '../../../../components/documents/tabs/HistoryTab'
import { NoteField } from '../../../../components/documents/tabs/NoteField'
import { ErrorState } from '../../../../components/ErrorState'
import { useTransaction, useUpdateTransaction } from '../../../../components/transactions/detail/transactionQueries'
import { categorisedByInvoices } from '../../../../components/transactions/invoiceCategory'
import { useCategories, useSuggestions, useTaxes } from '../../../../components/transactions/transactionQueries'
import { toastError, toastSuccess } from '../../../../lib/toast'
import { InvoiceSuggestions } from '../invoices/InvoiceSuggestions'
import { ReceiptsPanel } from '../receipts/ReceiptsPanel'
import { ExpenseAction } from './ExpenseAction'
import { InvoicesPanel } from './InvoicesPanel'
import { useRuleProposalNotice } from './ruleProposalNotice'
import { SplitSection } from './SplitSection'
import { TechnicalDetails } from './TechnicalDetails'
import { TransactionStatus } from './TransactionStatus'
import { TransactionSummary } from './TransactionSummary'
import { useSplitForm } from './useSplitForm'

const COMMENTS_TEXTS = { empty: messages.transactions.noComment, failed: messages.transactions.commentFailed }

/** What closing the drawer must respect: unsaved changes (asked first), a dialog of its own (Escape is the dialog's). */
type Guard = { dirty: boolean; dialogOpen: boolean }

function TransactionDetail({
  transaction,
  onClose,
  onGuardChange,
}: {
  transaction: TransactionDto
  onClose: () => void
  onGuardChange: (guard: Guard) => void
}) {
  const me = useMe().data
  const organization = me?.currentOrganization ?? null
  const taxFree = Boolean(organization?.isTaxFree)
  // The owner may unlock and delete (spec/money.md §6): the server answers the same for the organisation's owner.
  const canDeleteTransaction = Boolean(me?.canDeleteTransaction || organization?.isOwner)
  const locked = transaction.isChecked || transaction.isValidated
  // A line paying invoices is categorised by them: no category is suggested for it (it would count the sale twice).
  const uncategorized = transaction.transactionAllocations.length === 0 && !categorisedByInvoices(transaction)
  const taxes = useTaxes()
  const categories = useCategories()
  const suggestions = useSuggestions(transaction.id, uncategorized && !locked)
  const form = useSplitForm(transaction, {
    taxes: taxes.data ?? [],
    taxFree,
    taxAreaId: organization?.taxAreaId ?? null,
  })
  const save = useUpdateTransaction(transaction.id)
  const offerRule = useRuleProposalNotice()
  const [statusDialog, setStatusDialog] = useState(false)
  const [invoicesDialog, setInvoicesDialog] = useState(false)
  const [receiptsDialog, setReceiptsDialog] = useState(false)

  const dirty = form.dirty
  const dialogOpen = statusDialog || invoicesDialog || receiptsDialog
  useEffect(() => onGuardChange({ dirty, dialogOpen }), [dirty, dialogOpen, onGuardChange])

  const submit = async () => {
    const body = form.check()
    if (!body) return
    try {
      const saved = await save.mutateAsync(body)
      toastSuccess()
      onClose()
      // The third identical categorisation: a rule is proposed (the notice outlives the drawer).
      void offerRule(transaction, saved)
    } catch (error) {
      if (!form.showServerErrors(error)) toastError(error)
    }
  }

  return (
    <Stack gap="lg">
      <TransactionSummary
        transaction={transaction}
        name={form.name}
        nameError={form.errors.name}
        onRename={form.rename}
        locked={locked}
        status={
          <TransactionStatus
            transaction={transaction}
            canDeleteTransaction={canDeleteTransaction}
            dirty={dirty}
            onDeleted={onClose}
            onDialogChange={setStatusDialog}
          />
        }
      />
      <Divider />
      <InvoiceSuggestions transaction={transaction} />
      <SplitSection
        transaction={transaction}
        form={form}
        locked={locked}
        taxFree={taxFree}
        ready={taxes.isSuccess && categories.isSuccess}
        suggestions={uncategorized ? (suggestions.data ?? []) : []}
      />
      <ExpenseAction transaction={transaction} dirty={dirty} />
      <Divider />
      <ReceiptsPanel transaction={transaction} onDialogChange={setReceiptsDialog} />
      <InvoicesPanel transaction={transaction} onDialogChange={setInvoicesDialog} />
      <NoteField
        subject={{ model: 'transactions', id: transaction.id }}
        placeholder="Ajoute une note sur cette transaction…"
      />
      {me?.isAdmin ? <TechnicalDetails transaction={transaction} /> : null}
      <Tabs defaultValue="comments" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="comments">Commentaires</Tabs.Tab>
          <Tabs.Tab value="history">Historique</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="comments" pt="md">
          <CommentsTab subject={{ model: 'transactions', id: transaction.id }} texts={COMMENTS_TEXTS} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryTab subject={{ model: 'transactions', id: transaction.id }} />
        </Tabs.Panel>
      </Tabs>
      {locked ? null : (
        <Box
          py="md"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 2,
            display: 'flex',
            justifyContent: 'flex-end',
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Button onClick={submit} loading={save.isPending}>
            Enregistrer & fermer
          </Button>
        </Box>
      )}
    </Stack>
  )
}

/**
 * The transaction's detail and split drawer (spec/money.md §2 "Drawers and dialogs"), at /app/financial/bank/{id}/show:
 * its name, origin and import date, the split with its VAT, check / validate / lock, the receipts and the no-receipt
 * flag, the invoices it paid, the note, the comments and the history. Closing with unsaved changes asks first.
 */
export function TransactionDetailDrawer({ transactionId, onClose }: { transactionId: number; onClose: () => void }) {
  const query = useTransaction(transactionId)
  // The organisation says whether VAT is shown at all, and the user whether they may unlock: both before the form.
  const me = useMe()
  const [guard, setGuard] = useState<Guard>({ dirty: false, dialogOpen: false })
  const [leaving, setLeaving] = useState(false)
  const requestClose = () => (guard.dirty ? setLeaving(true) : onClose())

  return (
    <AppDrawer
      opened
      onClose={requestClose}
      size="xl"
      closeOnEscape={!guard.dialogOpen && !leaving}
      title={query.data?.name ?? 'Transaction'}
    >
      {query.isError || me.isError ? (
        <ErrorState
          message={messages.generic.detailLoadError}
          onRetry={() => (query.isError ? query.refetch() : me.refetch())}
        />
      ) : query.data && me.data !== undefined ? (
        <TransactionDetail transaction={query.data} onClose={onClose} onGuardChange={setGuard} />
      ) : (
        <Stack aria-busy="true" aria-label="Chargement">
          <Skeleton h={32} />
          <Skeleton h={160} />
        </Stack>
      )}
      <ConfirmModal
        opened={leaving}
        onClose={() => setLeaving(false)}
        onConfirm={() => {
          setLeaving(false)
          onClose()
        }}
        title={messages.generic.leaveGuard}
        message="Tes modifications ne sont pas enregistrées."
        confirmLabel="Quitter"
        cancelLabel="Rester"
      />
    </AppDrawer>
  )
}
