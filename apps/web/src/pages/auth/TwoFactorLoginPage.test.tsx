import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { LoginPage } from './LoginPage'
import { TwoFactorLoginPage } from './TwoFactorLoginPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const sentBody = (spy: ReturnType<typeof stubApi>, path: string) => {
  const call = spy.mock.calls.find(([input]) => String(input).endsWith(path))
  return JSON.parse(String(call?.[1]?.body))
}

describe('the sign-in with the second factor', () => {
  it('a right password with the second factor on leads to « Code de vérification »', async () => {
    stubApi([{ method: 'POST', path: '/auth/login', body: { data: { twoFactorRequired: true } } }])
    const { router } = renderPage(<LoginPage />, { route: '/auth/login?redirect=%2Fapp%2Fprofile' })
    fireEvent.change(screen.getByLabelText(/^Adresse email/), { target: { value: 'camille@exemple.fr' } })
    fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: 'motdepasse1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    await waitFor(() => expect(whereIs(router)).toBe('/auth/two-factor?redirect=%2Fapp%2Fprofile'))
  })

  it('sends the 6-digit code, then goes on signed in', async () => {
    const spy = stubApi([
      { method: 'POST', path: '/auth/login/two-factor', body: { data: { id: 1, currentOrganizationId: 3 } } },
    ])
    const { router } = renderPage(<TwoFactorLoginPage />, { route: '/auth/two-factor?redirect=%2Fapp%2Fprofile' })
    expect(screen.getByText('Code de vérification')).toBeTruthy()
    fireEvent.change(screen.getByLabelText(/^Code à 6 chiffres/), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/profile'))
    expect(sentBody(spy, '/auth/login/two-factor')).toEqual({ code: '123456' })
  })

  it('« Utiliser un code de récupération » takes a recovery code; a malformed code is refused before sending', async () => {
    const spy = stubApi([
      { method: 'POST', path: '/auth/login/two-factor', body: { data: { id: 1, currentOrganizationId: 3 } } },
    ])
    renderPage(<TwoFactorLoginPage />, { route: '/auth/two-factor' })
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser un code de récupération' }))
    const field = screen.getByLabelText(/^Code de récupération/)
    fireEvent.change(field, { target: { value: 'pas un code' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }))
    expect(await screen.findByText(/ou un code de récupération/)).toBeTruthy()
    expect(spy).not.toHaveBeenCalled()
    fireEvent.change(field, { target: { value: 'ABCDE-FGH23' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }))
    await waitFor(() => expect(spy).toHaveBeenCalled())
    expect(sentBody(spy, '/auth/login/two-factor')).toEqual({ code: 'abcde-fgh23' })
  })

  it('a wrong code shows under the field; an ended sign-in offers to sign in again', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/auth/login/two-factor',
        status: 422,
        body: { message: 'Code faux', code: 'INVALID_TWO_FACTOR_CODE', errors: { code: ['Code faux'] } },
      },
    ])
    renderPage(<TwoFactorLoginPage />, { route: '/auth/two-factor' })
    fireEvent.change(screen.getByLabelText(/^Code à 6 chiffres/), { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }))
    expect(await screen.findByText('Code faux')).toBeTruthy()
    cleanup()
    stubApi([
      {
        method: 'POST',
        path: '/auth/login/two-factor',
        status: 401,
        body: { message: 'Trop de codes erronés.', code: 'TWO_FACTOR_RESTART' },
      },
    ])
    const { router } = renderPage(<TwoFactorLoginPage />, { route: '/auth/two-factor' })
    fireEvent.change(screen.getByLabelText(/^Code à 6 chiffres/), { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Trop de codes erronés.')
    fireEvent.click(screen.getByRole('button', { name: 'Se reconnecter' }))
    await waitFor(() => expect(whereIs(router)).toBe('/auth/login'))
  })
})
