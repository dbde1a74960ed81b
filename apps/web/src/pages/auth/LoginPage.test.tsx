import { messages } from '@app/domain'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { LoginPage } from './LoginPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Where() {
  const location = useLocation()
  return <p data-testid="where">{location.pathname + location.search}</p>
}

function renderLogin(route: string) {
  return renderPage(
    <Routes>
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  )
}

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
    renderLogin('/auth/login?redirect=%2Fapp%2Fprofile')
    submit('camille@exemple.fr', 'motdepasse1')
    expect((await screen.findByTestId('where')).textContent).toBe('/app/profile')
  })
})
