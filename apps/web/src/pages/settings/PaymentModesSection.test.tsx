import type { PaymentModeDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { PaymentModesSection } from './PaymentModesSection'

const mode = (id: number, code: PaymentModeDto['code'], name: string, isActive: boolean): PaymentModeDto => ({
  id,
  code,
  name,
  isActive,
  iban: null,
  bic: null,
  accountName: null,
})

const modes: PaymentModeDto[] = [
  mode(1, 'TRANSFERT', 'Virement bancaire', false),
  mode(2, 'STRIPE', 'Paiement par carte en ligne', false),
  mode(3, 'CHEQUE', 'Chèque', true),
  mode(4, 'CASH', 'Espèces', false),
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const bodyOf = (spy: ReturnType<typeof stubApi>, method: string, path: string) => {
  const call = spy.mock.calls.find(([input, init]) => init?.method === method && String(input).endsWith(path))
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

describe('PaymentModesSection', () => {
  it('shows a switch per mode; card payments online cannot be switched on yet', async () => {
    stubApi([{ path: '/settings/payment-modes', body: { data: modes } }])
    renderPage(<PaymentModesSection />)
    expect(await screen.findByRole('switch', { name: /Chèque/ })).toHaveProperty('checked', true)
    expect(screen.getByRole('switch', { name: /Virement bancaire/ })).toHaveProperty('checked', false)
    expect(screen.getByRole('switch', { name: /Paiement par carte en ligne/ })).toHaveProperty('disabled', true)
  })

  it('switches a mode on at once', async () => {
    const spy = stubApi([
      { path: '/settings/payment-modes', body: { data: modes } },
      { method: 'PATCH', path: '/settings/payment-modes/4', body: { data: { ...modes[3], isActive: true } } },
    ])
    renderPage(<PaymentModesSection />)
    fireEvent.click(await screen.findByRole('switch', { name: /Espèces/ }))
    await waitFor(() => expect(bodyOf(spy, 'PATCH', '/settings/payment-modes/4')).toEqual({ isActive: true }))
    await waitFor(() => expect(screen.getByRole('switch', { name: /Espèces/ })).toHaveProperty('checked', true))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
  })

  it('says why the transfer cannot be switched on without an IBAN', async () => {
    stubApi([
      { path: '/settings/payment-modes', body: { data: modes } },
      {
        method: 'PATCH',
        path: '/settings/payment-modes/1',
        status: 422,
        body: {
          message: 'Les données sont invalides.',
          code: 'VALIDATION_FAILED',
          errors: { iban: ['Renseigne un IBAN valide pour activer le virement bancaire.'] },
        },
      },
    ])
    renderPage(<PaymentModesSection />)
    fireEvent.click(await screen.findByRole('switch', { name: /Virement bancaire/ }))
    expect(await screen.findByText('Renseigne un IBAN valide pour activer le virement bancaire.')).toBeTruthy()
  })

  it('checks the IBAN as it is typed, shows it grouped by 4 and saves the bank details', async () => {
    const spy = stubApi([
      { path: '/settings/payment-modes', body: { data: modes } },
      {
        method: 'PATCH',
        path: '/settings/payment-modes/1',
        body: { data: { ...modes[0], iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' } },
      },
    ])
    renderPage(<PaymentModesSection />)
    const bank = within(await screen.findByRole('form', { name: 'Coordonnées bancaires' }))
    const iban = bank.getByRole('textbox', { name: 'IBAN' })
    fireEvent.change(iban, { target: { value: 'FR7630006000011234567890188' } })
    expect(await bank.findByText("Cet IBAN n'est pas valide.")).toBeTruthy()
    fireEvent.change(iban, { target: { value: 'fr7630006000011234567890189' } })
    await waitFor(() => expect(bank.queryByText("Cet IBAN n'est pas valide.")).toBeNull())
    expect(bank.getByText('Sur tes factures : FR76 3000 6000 0112 3456 7890 189')).toBeTruthy()
    fireEvent.change(bank.getByRole('textbox', { name: 'BIC' }), { target: { value: 'AGRIFRPP' } })
    fireEvent.click(bank.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    await waitFor(() =>
      expect(bodyOf(spy, 'PATCH', '/settings/payment-modes/1')).toEqual({
        iban: 'fr7630006000011234567890189',
        bic: 'AGRIFRPP',
        accountName: '',
      }),
    )
    await waitFor(() => expect(iban).toHaveProperty('value', 'FR76 3000 6000 0112 3456 7890 189'))
  })

  it('refuses a wrong BIC before sending', async () => {
    const spy = stubApi([{ path: '/settings/payment-modes', body: { data: modes } }])
    renderPage(<PaymentModesSection />)
    const bank = within(await screen.findByRole('form', { name: 'Coordonnées bancaires' }))
    fireEvent.change(bank.getByRole('textbox', { name: 'BIC' }), { target: { value: 'PAS-UN-BIC' } })
    fireEvent.click(bank.getByRole('button', { name: 'Enregistrer les coordonnées' }))
    expect(await bank.findByText("Ce BIC n'est pas valide.")).toBeTruthy()
    expect(bodyOf(spy, 'PATCH', '/settings/payment-modes/1')).toBeUndefined()
  })
})
