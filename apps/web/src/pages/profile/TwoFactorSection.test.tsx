import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { TwoFactorSection } from './TwoFactorSection'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const off = { data: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 } }
const enrolment = {
  data: {
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
    otpauthUrl: 'otpauth://totp/x',
    qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  },
}
const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`)

describe('TwoFactorSection', () => {
  it('enrols: the QR code and the key in groups, a typed code, then the 10 recovery codes shown once', async () => {
    const spy = stubApi([
      { path: '/me/two-factor', body: off },
      { method: 'POST', path: '/me/two-factor/enrolment', body: enrolment },
      { method: 'POST', path: '/me/two-factor/confirmation', body: { data: { recoveryCodes: codes } } },
    ])
    renderPage(<TwoFactorSection />)
    fireEvent.click(await screen.findByRole('button', { name: 'Activer la double authentification' }))
    expect(await screen.findByAltText(/QR code/)).toBeTruthy()
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP')
    const field = screen.getByLabelText(/Code à 6 chiffres/)
    fireEvent.change(field, { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Activer' }))
    expect(await screen.findByText('Saisis le code à 6 chiffres de ton application.')).toBeTruthy()
    fireEvent.change(field, { target: { value: '654321' } })
    fireEvent.click(screen.getByRole('button', { name: 'Activer' }))
    await waitFor(() => expect(screen.getAllByTestId('recovery-code')).toHaveLength(10))
    expect(screen.getByRole('button', { name: 'Télécharger' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copier' })).toBeTruthy()
    const confirmation = spy.mock.calls.find(([input]) => String(input).endsWith('/me/two-factor/confirmation'))
    expect(JSON.parse(String(confirmation?.[1]?.body))).toEqual({ code: '654321' })
  })

  it('says why when the organisation requires it', async () => {
    stubApi([{ path: '/me/two-factor', body: off }])
    renderPage(<TwoFactorSection required />)
    expect(await screen.findByText('Ton entreprise l’exige')).toBeTruthy()
  })

  it('when on: the codes left, and turning off asks for the password and a code', async () => {
    const spy = stubApi([
      {
        path: '/me/two-factor',
        body: { data: { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 2 } },
      },
      { method: 'POST', path: '/me/two-factor/deactivation', status: 204 },
    ])
    renderPage(<TwoFactorSection />)
    expect(await screen.findByText(/2 codes de récupération restants/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver' }))
    fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: 'secret-1' } })
    fireEvent.change(screen.getByLabelText(/^Code de ton application/), { target: { value: '111111' } })
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver' }))
    await waitFor(() =>
      expect(spy.mock.calls.some(([input]) => String(input).endsWith('/me/two-factor/deactivation'))).toBe(true),
    )
    const call = spy.mock.calls.find(([input]) => String(input).endsWith('/me/two-factor/deactivation'))
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ password: 'secret-1', code: '111111' })
  })
})
