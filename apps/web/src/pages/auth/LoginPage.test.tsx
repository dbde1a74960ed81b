import { messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { LoginPage } from './LoginPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const renderLogin = (route: string) => renderPage(<LoginPage />, { route })

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Adresse email/), { target: { value: email } })
  fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }))
}

describe('LoginPage', () => {
  it('says "Le mot de passe ne peut pas être vide" under the password', async () => {
    const fetchSpy = stubApi([])
    renderLogin('/auth/login')
    submit('camille@exemple.fr', '')
    expect(await screen.findByText(messages.validation.passwordEmpty)).toBeTruthy()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('shows wrong credentials in an alert above the form', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/auth/login',
        status: 401,
        body: { message: messages.auth.invalidCredentials, code: 'INVALID_CREDENTIALS' },
      },
    ])
    renderLogin('/auth/login')
    submit('camille@exemple.fr', 'mauvais')
    expect((await screen.findByRole('alert')).textContent).toContain(messages.auth.invalidCredentials)
  })

  it('goes to ?redirect= once signed in', async () => {
    const me = { id: 1, currentOrganizationId: 3 }
    stubApi([{ method: 'POST', path: '/auth/login', body: { data: me } }])
    const { router } = renderLogin('/auth/login?redirect=%2Fapp%2Fprofile')
    submit('camille@exemple.fr', 'motdepasse1')
    await waitFor(() => expect(whereIs(router)).toBe('/app/profile'))
  })
})
