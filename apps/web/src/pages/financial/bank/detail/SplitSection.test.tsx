import { allocationMessages, messages, moneyMessages, sumRuleError } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, part, stubTransactionApi, transaction } from '../../../../test-support/fakeTransactionApi'
import { pickCategory, typeAndLeave } from '../../../../test-support/lineHelpers'
import { openDrawer, splitLine } from './testHelpers'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const vatField = (position: number) => splitLine(position).getByRole('textbox', { name: 'TVA' }) as HTMLInputElement
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Enregistrer & fermer' }))

describe('the split of a transaction', () => {
  it('makes one line for the whole amount when a category is picked, with its VAT, and saves it', async () => {
    const spy = stubTransactionApi(transaction())
    const { onClose } = await openDrawer()
    const split = within(screen.getByRole('region', { name: 'Ventilation' }))
    expect(split.getByText(allocationMessages.toCategorize)).toBeTruthy()

    await pickCategory(split, 'Fournitures administratives')
    const line = splitLine(1)
    expect((line.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).value).toBe('-120,00')
    expect((line.getByRole('textbox', { name: 'Libellé' }) as HTMLInputElement).value).toBe('Bureau Vallée')
    // 20 % inside 120 €: 20 €, with the amount's sign.
    expect(vatField(1).value).toBe('-20,00')

    save()
    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toEqual([
      {
        name: 'Bureau Vallée',
        allocations: [
          {
            name: 'Bureau Vallée',
            amount: '-120',
            accountingEntryId: 10,
            taxId: 101,
            taxManual: false,
            taxAmount: null,
          },
        ],
      },
    ])
    expect(onClose).toHaveBeenCalled()
  })

  it('fills the line with a suggested category in one click', async () => {
    stubTransactionApi(transaction(), {
      suggestions: [
        { accountingEntry: { id: 11, code: '625100', name: 'Voyages et déplacements' }, taxId: 102, source: 'history' },
        {
          accountingEntry: { id: 10, code: '606400', name: 'Fournitures administratives' },
          taxId: 101,
          source: 'tags',
        },
      ],
    })
    await openDrawer()
    const suggestions = within(await screen.findByRole('group', { name: 'Suggestions' }))
    fireEvent.click(suggestions.getByRole('button', { name: 'Voyages et déplacements' }))
    expect(splitLine(1).getByRole('button', { name: 'Catégorie' }).textContent).toContain('Voyages et déplacements')
    // 10 % inside 120 €: 10,91 €.
    expect(vatField(1).value).toBe('-10,91')
  })

  it('names the gap while the lines do not add up, and the adjust button closes it', async () => {
    const spy = stubTransactionApi(transaction({ transactionAllocations: [part('606400', '-120')] }))
    await openDrawer()
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }))
    // Nothing is left for the new line: its amount waits to be typed.
    expect((splitLine(2).getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).value).toBe('')

    typeAndLeave(splitLine(1).getByRole('textbox', { name: 'Montant' }), '-80')
    await pickCategory(splitLine(2), 'Voyages et déplacements')
    typeAndLeave(splitLine(2).getByRole('textbox', { name: 'Montant' }), '-30')
    const gap = sumRuleError('-120', ['-80', '-30']) as string
    expect(gap).toBe(
      "Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart -10,00\u00a0€",
    )
    expect(screen.getByRole('alert').textContent).toBe(gap)

    // Refused while the gap remains: nothing is sent.
    save()
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Ajuster le montant de la ligne 2' }))
    expect((splitLine(2).getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).value).toBe('-40,00')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('button', { name: /^Ajuster/ })).toBeNull()

    save()
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(1))
    const [body] = bodiesSent(spy, 'PATCH', '/transactions/7')
    expect(body.allocations.map((line: { amount: string }) => line.amount)).toEqual(['-80', '-40'])
  })

  it('keeps a VAT typed by hand as manual ("man."), and the reset button makes it automatic again', async () => {
    const spy = stubTransactionApi(transaction({ transactionAllocations: [part('606400', '-120')] }))
    await openDrawer()
    expect(vatField(1).value).toBe('-20,00')
    expect(splitLine(1).queryByText('man.')).toBeNull()

    // Typed without its sign: it takes the amount's.
    typeAndLeave(vatField(1), '15')
    expect(vatField(1).value).toBe('-15,00')
    expect(splitLine(1).getByText('man.')).toBeTruthy()
    expect(await screen.findByText(allocationMessages.vatEdited)).toBe(screen.getByText('T.V.A. modifiée'))

    fireEvent.click(splitLine(1).getByRole('button', { name: 'Revenir à la TVA automatique' }))
    expect(vatField(1).value).toBe('-20,00')
    expect(splitLine(1).queryByText('man.')).toBeNull()

    typeAndLeave(vatField(1), '-12,5')
    save()
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(1))
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')[0].allocations[0]).toMatchObject({
      taxManual: true,
      taxAmount: '-12.50',
    })
  })

  it('puts back the VAT when what is typed is empty, not a number, or not less than the amount', async () => {
    stubTransactionApi(transaction({ transactionAllocations: [part('606400', '-120')] }))
    await openDrawer()
    for (const typed of ['', 'abc', '-120', '150']) {
      typeAndLeave(vatField(1), typed)
      expect(vatField(1).value).toBe('-20,00')
    }
    expect(splitLine(1).queryByText('man.')).toBeNull()
    expect(screen.queryByText(allocationMessages.vatEdited)).toBeNull()
  })

  it('refuses a VAT of the opposite sign to the amount', async () => {
    stubTransactionApi(transaction({ amount: '1200.00', transactionAllocations: [part('706000', '1200')] }))
    await openDrawer()
    expect(vatField(1).value).toBe('200,00')
    typeAndLeave(vatField(1), '-50')
    expect(vatField(1).value).toBe('200,00')
    expect(splitLine(1).queryByText('man.')).toBeNull()
  })

  it('hides the VAT of a category without VAT (NUL rate) or outside VAT (ns type)', async () => {
    stubTransactionApi(
      transaction({ transactionAllocations: [part('616000', '-100'), { ...part('627000', '-20'), position: 1 }] }),
    )
    await openDrawer()
    expect(splitLine(1).queryByRole('textbox', { name: 'TVA' })).toBeNull()
    expect(splitLine(2).queryByRole('textbox', { name: 'TVA' })).toBeNull()
    // A line of another category shows it again.
    await pickCategory(splitLine(2), 'Fournitures administratives')
    expect(vatField(2).value).toBe('-3,33')
  })

  it('shows the VAT read-only with several lines', async () => {
    stubTransactionApi(
      transaction({
        transactionAllocations: [
          part('606400', '-100', { taxManual: true, taxAmount: '-10' }),
          { ...part('625100', '-20'), position: 1 },
        ],
      }),
    )
    await openDrawer()
    expect(vatField(1).readOnly).toBe(true)
    expect(vatField(1).value).toBe('-10,00')
    expect(splitLine(1).getByText('man.')).toBeTruthy()
    expect(splitLine(1).queryByRole('button', { name: 'Revenir à la TVA automatique' })).toBeNull()
    expect(vatField(2).readOnly).toBe(true)
    typeAndLeave(vatField(2), '-1')
    expect(vatField(2).value).toBe('-1,82')
  })

  it('shows live the VAT the server stores: three thirds of 50 € at 20 % keep the whole’s 8,33 €', async () => {
    const spy = stubTransactionApi(transaction({ amount: '-50.00', transactionAllocations: [part('606400', '-50')] }))
    await openDrawer()
    typeAndLeave(splitLine(1).getByRole('textbox', { name: 'Montant' }), '-16,67')
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }))
    await pickCategory(splitLine(2), 'Fournitures administratives')
    typeAndLeave(splitLine(2).getByRole('textbox', { name: 'Montant' }), '-16,67')
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }))
    await pickCategory(splitLine(3), 'Fournitures administratives')
    expect((splitLine(3).getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).value).toBe('-16,66')
    // Each third alone would hold -2,78 (-8,34 in all): the last one gives the cent back.
    expect([vatField(1).value, vatField(2).value, vatField(3).value]).toEqual(['-2,78', '-2,78', '-2,77'])

    // A line gone, the two left keep the VAT of their own sum.
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la ligne 2' }))
    expect([vatField(1).value, vatField(2).value]).toEqual(['-2,78', '-2,78'])
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }))
    await pickCategory(splitLine(3), 'Fournitures administratives')
    expect([vatField(1).value, vatField(2).value, vatField(3).value]).toEqual(['-2,78', '-2,78', '-2,77'])

    save()
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(1))
    expect(
      bodiesSent(spy, 'PATCH', '/transactions/7')[0].allocations.map((line: { taxAmount: null }) => line.taxAmount),
    ).toEqual([null, null, null])
  })

  it('shows every field read-only and no save button on a checked or validated transaction', async () => {
    for (const state of [{ isChecked: true }, { isValidated: true }]) {
      stubTransactionApi(transaction({ ...state, transactionAllocations: [part('606400', '-120')] }))
      await openDrawer()
      expect(vatField(1).readOnly).toBe(true)
      expect((splitLine(1).getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).readOnly).toBe(true)
      expect((screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).readOnly).toBe(true)
      expect(splitLine(1).getByRole('button', { name: 'Catégorie' })).toHaveProperty('disabled', true)
      expect(screen.queryByRole('button', { name: 'Enregistrer & fermer' })).toBeNull()
      expect(screen.queryByRole('button', { name: 'Ajouter une ligne' })).toBeNull()
      expect(screen.queryByRole('button', { name: /^Supprimer la ligne/ })).toBeNull()
      cleanup()
    }
  })

  it('says which field is wrong before sending, then shows the server’s errors on their lines', async () => {
    const spy = stubTransactionApi(transaction(), {
      routes: [
        {
          method: 'PATCH',
          path: '/transactions/7',
          status: 422,
          body: {
            message: 'Les données sont invalides.',
            code: 'VALIDATION_FAILED',
            errors: { 'allocations.0.name': ['Ce libellé est refusé.'] },
          },
        },
      ],
    })
    await openDrawer()
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }))
    expect((splitLine(1).getByRole('textbox', { name: 'Montant' }) as HTMLInputElement).value).toBe('-120,00')
    typeAndLeave(splitLine(1).getByRole('textbox', { name: 'Montant' }), '0')
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: ' ' } })
    save()
    expect(await splitLine(1).findByText(allocationMessages.categoryRequired)).toBeTruthy()
    expect(splitLine(1).getByText(moneyMessages.notZero)).toBeTruthy()
    expect(screen.getByText(messages.validation.required)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(0)

    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: 'Bureau Vallée' } })
    await pickCategory(splitLine(1), 'Fournitures administratives')
    fireEvent.click(screen.getByRole('button', { name: 'Ajuster le montant de la ligne 1' }))
    save()
    expect(await splitLine(1).findByText('Ce libellé est refusé.')).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(1)
  })

  it('shows no VAT at all to a tax-free organisation, whose categories take the no-VAT rate', async () => {
    const spy = stubTransactionApi(transaction(), { taxFree: true })
    await openDrawer()
    const split = within(screen.getByRole('region', { name: 'Ventilation' }))
    await pickCategory(split, 'Fournitures administratives')
    expect(splitLine(1).queryByRole('textbox', { name: 'TVA' })).toBeNull()
    save()
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/transactions/7')).toHaveLength(1))
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')[0].allocations[0].taxId).toBe(106)
    // Saved, the stored line has no VAT either.
    expect(screen.queryByText('TVA')).toBeNull()
  })
})
