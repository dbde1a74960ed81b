import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  bodiesSent,
  part,
  receipt,
  receiptLink,
  stubTransactionApi,
  transaction,
} from '../../../../test-support/fakeTransactionApi'
import { typeAndLeave } from '../../../../test-support/lineHelpers'
import { openDrawer, splitLine } from './testHelpers'

const m = messages.transactions

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const r = messages.receipts

const categorized = () => transaction({ transactionAllocations: [part('606400', '-120')] })
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement

describe('TransactionDetailDrawer', () => {
  it('shows the name to edit, what the bank said, the account, the origin and the import date', async () => {
    stubTransactionApi(transaction({ counterparty: 'BUREAU VALLEE SAS' }))
    await openDrawer()
    expect(screen.getByRole('dialog', { name: 'Bureau Vallée' })).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).value).toBe('Bureau Vallée')
    expect(screen.getByText('CB BUREAU VALLEE 12/03 CARTE 4974')).toBeTruthy()
    expect(screen.getByText('BUREAU VALLEE SAS')).toBeTruthy()
    expect(screen.getByText('Compte pro · Société Générale')).toBeTruthy()
    expect(screen.getByText('Origine').nextSibling?.textContent).toBe('Import de relevé')
    expect(screen.getByText('Date d’import').nextSibling?.textContent).toMatch(/^13\/03\/2026 à \d\d:30$/)
    expect(screen.getByText('12/03/2026')).toBeTruthy()
    expect(screen.getByLabelText('Montant de la transaction').textContent).toBe('-120,00\u00a0€')
  })

  it('shows the technical details to the platform’s admins only', async () => {
    stubTransactionApi(transaction(), { admin: true })
    await openDrawer()
    fireEvent.click(screen.getByRole('button', { name: 'Détails techniques' }))
    expect(screen.getByText('#1 · BQ1')).toBeTruthy()
    cleanup()
    stubTransactionApi(transaction())
    await openDrawer()
    expect(screen.queryByRole('button', { name: 'Détails techniques' })).toBeNull()
  })

  it('reminds that the holding category is still to be replaced', async () => {
    stubTransactionApi(transaction({ transactionAllocations: [part('471000', '-120')] }))
    await openDrawer()
    expect(splitLine(1).getByText('Catégorie d’attente : pense à la recatégoriser.')).toBeTruthy()
  })

  it('keeps Valider and Verrouiller disabled while the transaction has no split', async () => {
    const spy = stubTransactionApi(transaction())
    await openDrawer()
    expect(button('Valider').disabled).toBe(true)
    expect(button('Verrouiller').disabled).toBe(true)
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('ticks a categorised transaction in green, takes the tick back, then locks and unlocks it (owner)', async () => {
    const spy = stubTransactionApi(categorized())
    await openDrawer()
    fireEvent.click(button('Valider'))
    const untick = await screen.findByRole('button', { name: 'Invalider' })
    expect(untick.getAttribute('data-variant')).toBe('light')
    // Checked: locked, the save button is gone.
    expect(screen.queryByRole('button', { name: 'Enregistrer & fermer' })).toBeNull()
    fireEvent.click(untick)
    await screen.findByRole('button', { name: 'Valider' })
    expect(screen.getByRole('button', { name: 'Enregistrer & fermer' })).toBeTruthy()

    fireEvent.click(button('Verrouiller'))
    const unlock = await screen.findByRole('button', { name: 'Déverrouiller' })
    // Validated: the tick is not offered, the lock is.
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull()
    fireEvent.click(unlock)
    await screen.findByRole('button', { name: 'Verrouiller' })
    expect(bodiesSent(spy, 'POST', '/transactions/7/toggle-check')).toHaveLength(2)
    expect(bodiesSent(spy, 'POST', '/transactions/7/toggle-validate')).toHaveLength(2)
  })

  it('does not let a member who is not the owner unlock a validated transaction', async () => {
    const spy = stubTransactionApi(
      transaction({ isValidated: true, transactionAllocations: [part('606400', '-120')] }),
      { owner: false },
    )
    await openDrawer()
    expect(button('Déverrouiller').disabled).toBe(true)
    fireEvent.click(button('Déverrouiller'))
    expect(bodiesSent(spy, 'POST', '/transactions/7/toggle-validate')).toHaveLength(0)
    // Nor is the Admin menu there.
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull()
  })

  it('says why the server refused a toggle', async () => {
    stubTransactionApi(categorized(), {
      routes: [
        {
          method: 'POST',
          path: '/transactions/7/toggle-check',
          status: 409,
          body: { message: m.validatedNotCheckable, code: 'TRANSACTION_VALIDATED' },
        },
      ],
    })
    await openDrawer()
    fireEvent.click(button('Valider'))
    expect(await screen.findByText(m.validatedNotCheckable)).toBeTruthy()
  })

  it('waits for unsaved changes to be saved before ticking', async () => {
    stubTransactionApi(categorized())
    await openDrawer()
    typeAndLeave(splitLine(1).getByRole('textbox', { name: 'Libellé' }), 'Ramettes')
    expect(button('Valider').disabled).toBe(true)
    expect(button('Verrouiller').disabled).toBe(true)
  })

  it('lets the owner edit a locked transaction without its check, from the Admin menu', async () => {
    stubTransactionApi(transaction({ isValidated: true, transactionAllocations: [part('606400', '-120')] }))
    await openDrawer()
    expect(screen.queryByRole('button', { name: 'Enregistrer & fermer' })).toBeNull()
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }))
    expect(screen.getByText('Admin')).toBeTruthy()
    fireEvent.click(screen.getByRole('menuitem', { name: 'Modifier sans vérification' }))
    expect(await screen.findByRole('button', { name: 'Enregistrer & fermer' })).toBeTruthy()
    expect((splitLine(1).getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).readOnly).toBe(false)
  })

  it('deletes after confirmation, says so and closes', async () => {
    const spy = stubTransactionApi(categorized())
    const { onClose } = await openDrawer()
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Supprimer' }))
    const dialog = within(await screen.findByRole('dialog', { name: m.deleteConfirm }))
    expect(m.deleteConfirm).toBe('Es-tu certain·e de vouloir supprimer cette transaction ?')
    expect(dialog.getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText('Suppression réussie !')).toBeTruthy()
    expect(onClose).toHaveBeenCalled()
    expect(bodiesSent(spy, 'DELETE', '/transactions/7')).toHaveLength(1)
  })

  it('says the deletion failed, with its title, and stays open', async () => {
    stubTransactionApi(categorized(), {
      routes: [{ method: 'DELETE', path: '/transactions/7', status: 500, body: { message: 'Panne', code: 'X' } }],
    })
    const { onClose } = await openDrawer()
    fireEvent.click(await screen.findByRole('button', { name: 'Actions' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Supprimer' }))
    const dialog = within(await screen.findByRole('dialog', { name: m.deleteConfirm }))
    fireEvent.click(dialog.getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText('Erreur lors de la suppression')).toBeTruthy()
    expect(screen.getByText("Ta demande de suppression n'a pas pu être effectuée.")).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('flags the transaction as without receipt and back', async () => {
    const spy = stubTransactionApi(transaction())
    await openDrawer()
    fireEvent.click(button("Je n'ai pas de justificatif"))
    fireEvent.click(await screen.findByRole('button', { name: "J'ai un justificatif" }))
    await screen.findByRole('button', { name: "Je n'ai pas de justificatif" })
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toEqual([{ hasNoReceipt: true }, { hasNoReceipt: false }])
  })

  it('says why a transaction with an invoice cannot be flagged as without receipt', async () => {
    stubTransactionApi(
      transaction({
        amount: '1200.00',
        invoices: [
          {
            id: 3,
            reference: 'F-2026-0003',
            name: 'Site vitrine',
            customerName: 'Boulangerie Rivière',
            datedAt: '2026-03-01',
            totalTaxIncluded: '1200.00',
            amount: '1200.00',
          },
        ],
      }),
    )
    await openDrawer()
    fireEvent.click(button("Je n'ai pas de justificatif"))
    expect(await screen.findByText(m.noReceiptRefused)).toBeTruthy()
    expect(button("Je n'ai pas de justificatif")).toBeTruthy()
  })

  it('lists the invoices paid by an incoming transfer, and offers to attach one only to money in', async () => {
    stubTransactionApi(
      transaction({
        amount: '1200.00',
        invoices: [
          {
            id: 3,
            reference: 'F-2026-0003',
            name: 'Site vitrine',
            customerName: 'Boulangerie Rivière',
            datedAt: '2026-03-01',
            totalTaxIncluded: '1200.00',
            amount: '1200.00',
          },
        ],
      }),
    )
    await openDrawer()
    const invoices = within(screen.getByRole('region', { name: 'Factures' }))
    expect(invoices.getByRole('link', { name: 'F-2026-0003' }).getAttribute('href')).toBe('/app/sales/invoices?open=3')
    expect(invoices.getByText('Boulangerie Rivière · 01/03/2026')).toBeTruthy()
    fireEvent.click(invoices.getByRole('button', { name: 'Rattacher une facture' }))
    expect(await screen.findByRole('dialog', { name: 'Rattacher une facture' })).toBeTruthy()
    cleanup()

    stubTransactionApi(transaction())
    await openDrawer()
    const none = within(screen.getByRole('region', { name: 'Factures' }))
    expect(none.getByText('Il n’y a aucune facture associée')).toBeTruthy()
    expect(none.queryByRole('button', { name: 'Rattacher une facture' })).toBeNull()
  })

  it('lists the receipts attached, each to download or detach, down to the empty state', async () => {
    const invoice = receipt({ id: 501 })
    const scan = receipt({ id: 502, name: 'ticket-caisse.jpg', extension: 'jpg', taxIncluded: null, stateId: 1 })
    const spy = stubTransactionApi(transaction({ receipts: [receiptLink(invoice), receiptLink(scan)] }), {
      receipts: [invoice, scan],
    })
    await openDrawer()
    const panel = within(screen.getByRole('region', { name: 'Justificatifs' }))
    const first = within(panel.getByRole('listitem', { name: 'facture-bureau-vallee.pdf' }))
    expect(first.getByText('120,00 €')).toBeTruthy()
    expect(first.getByRole('link', { name: 'Télécharger facture-bureau-vallee.pdf' }).getAttribute('href')).toBe(
      '/api/v1/receipts/501/download',
    )
    // No amount yet, still to process.
    const second = within(panel.getByRole('listitem', { name: 'ticket-caisse.jpg' }))
    expect(second.queryByText(/€/)).toBeNull()
    expect(second.getByText('À traiter')).toBeTruthy()

    fireEvent.click(first.getByRole('button', { name: 'Dissocier facture-bureau-vallee.pdf' }))
    expect(await screen.findByText(r.detached)).toBeTruthy()
    await waitFor(() => expect(panel.queryByRole('listitem', { name: 'facture-bureau-vallee.pdf' })).toBeNull())
    fireEvent.click(panel.getByRole('button', { name: 'Dissocier ticket-caisse.jpg' }))
    expect(await panel.findByText('Il n’y a aucun justificatif associé.')).toBeTruthy()
    expect(bodiesSent(spy, 'DELETE', '/transactions/7/receipts/501')).toHaveLength(1)
    expect(bodiesSent(spy, 'DELETE', '/transactions/7/receipts/502')).toHaveLength(1)
    // The no-receipt flag stays as it was.
    expect(button("Je n'ai pas de justificatif")).toBeTruthy()
  })

  it('attaches a receipt from "Ajouter un justificatif": the panel shows it and the no-receipt flag is gone', async () => {
    const spy = stubTransactionApi(transaction({ hasNoReceipt: true }), { receipts: [receipt({ id: 501 })] })
    await openDrawer()
    const panel = within(screen.getByRole('region', { name: 'Justificatifs' }))
    expect(panel.getByText('Il n’y a aucun justificatif associé.')).toBeTruthy()
    expect(button("J'ai un justificatif")).toBeTruthy()
    fireEvent.click(panel.getByRole('button', { name: 'Ajouter un justificatif' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Ajouter un justificatif' }))
    // Money going out, nothing attached: the receipts tab.
    expect(drawer.getByRole('tab', { name: "Factures d'achat et notes de frais", selected: true })).toBeTruthy()
    fireEvent.click(await drawer.findByRole('checkbox', { name: 'Choisir facture-bureau-vallee.pdf' }))
    fireEvent.click(drawer.getByRole('button', { name: 'Associer' }))
    expect(await screen.findByText(r.attached)).toBeTruthy()

    fireEvent.click(drawer.getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter un justificatif' })).toBeNull())
    expect(panel.getByRole('listitem', { name: 'facture-bureau-vallee.pdf' })).toBeTruthy()
    // The server cleared the flag: the button offers to set it again, and the transaction was read again.
    expect(await screen.findByRole('button', { name: "Je n'ai pas de justificatif" })).toBeTruthy()
    await waitFor(() => expect(bodiesSent(spy, 'GET', '/transactions/7').length).toBeGreaterThan(1))
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(0)
  })

  it('says why a transaction with a receipt cannot be flagged as without receipt', async () => {
    stubTransactionApi(transaction({ receipts: [receiptLink(receipt())] }), { receipts: [receipt()] })
    await openDrawer()
    fireEvent.click(button("Je n'ai pas de justificatif"))
    expect(await screen.findByText(m.noReceiptRefused)).toBeTruthy()
  })

  it('closes the receipts drawer with Escape, not the transaction’s', async () => {
    stubTransactionApi(transaction(), { receipts: [] })
    const { onClose } = await openDrawer()
    fireEvent.click(button('Ajouter un justificatif'))
    const inner = await screen.findByRole('dialog', { name: 'Ajouter un justificatif' })
    fireEvent.keyDown(inner, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ajouter un justificatif' })).toBeNull())
    expect(onClose).not.toHaveBeenCalled()
  })

  it('shows the comments panel with the money side’s empty text, and the note', async () => {
    stubTransactionApi(transaction())
    await openDrawer()
    expect(await screen.findByText('Il n’y a aucun commentaire.')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /^Notes/ })).toBeTruthy()
  })

  it('asks before closing over unsaved changes', async () => {
    stubTransactionApi(categorized())
    const { onClose } = await openDrawer()
    fireEvent.click(button('Fermer'))
    expect(onClose).toHaveBeenCalledTimes(1)

    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: 'Papeterie' } })
    fireEvent.click(button('Fermer'))
    const dialog = within(await screen.findByRole('dialog', { name: messages.generic.leaveGuard }))
    fireEvent.click(dialog.getByRole('button', { name: 'Rester' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    fireEvent.click(button('Fermer'))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: messages.generic.leaveGuard })).getByRole('button', {
        name: 'Quitter',
      }),
    )
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2))
  })
})
