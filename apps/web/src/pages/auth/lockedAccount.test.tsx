import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { LoginPage } from './LoginPage'
import { UnlockPage } from './UnlockPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('a locked account', () => {
  it('shows the wait on the login page and leads to the unlock page with the address', async () => {
    const message =
      'Trop de mots de passe erronés pour ce compte. Réessaye dans 2 minutes, ou débloque-le avec le code reçu par e-mail.'
    stubApi([{ method: 'POST', path: '/auth/login', status: 429, body: { message, code: 'ACCOUNT_LOCKED' } }])
    const { router } = renderPage(<LoginPage />, { route: '/auth/login' })
    fireEvent.change(screen.getByLabelText(/Adresse email/), { target: { value: 'camille@exemple.fr' } })
    fireEvent.change(screen.getByLabelText(/Mot de passe/), { target: { value: 'motdepasse' } })
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByText(message)).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Débloquer mon compte avec le code reçu par e-mail' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/unlock'))
    expect(router.state.location.search).toBe('?email=camille%40exemple.fr')
  })

  it('sends the code and the password from the unlock page', async () => {
    const spy = stubApi([
      {
        method: 'POST',
        path: '/auth/unlock',
        status: 422,
        body: {
          message: 'x',
          code: 'INVALID_CODE',
          errors: { code: ['Le code de déblocage est invalide ou a expiré.'] },
        },
      },
    ])
    renderPage(<UnlockPage />, { route: '/auth/unlock?email=camille%40exemple.fr' })
    expect((screen.getByLabelText(/Adresse email/) as HTMLInputElement).value).toBe('camille@exemple.fr')
    fireEvent.change(screen.getByLabelText(/Code de déblocage/), { target: { value: '123456' } })
    fireEvent.change(screen.getByLabelText(/Mot de passe/), { target: { value: 'motdepasse' } })
    fireEvent.click(screen.getByRole('button', { name: 'Débloquer et me connecter' }))
    expect(await screen.findByText('Le code de déblocage est invalide ou a expiré.')).toBeTruthy()
    const [, init] = spy.mock.calls[0] ?? []
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      email: 'camille@exemple.fr',
      code: '123456',
      password: 'motdepasse',
    })
  })
})
