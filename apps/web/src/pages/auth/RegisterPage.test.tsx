import { messages } from '@app/domain'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { RegisterPage } from './RegisterPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement

function fillValidForm() {
  fireEvent.change(field(/^Prénom/), { target: { value: 'Camille' } })
  fireEvent.change(field(/^Nom/), { target: { value: 'Martin' } })
  fireEvent.change(field(/^Adresse email/), { target: { value: 'camille@exemple.fr' } })
  fireEvent.change(field(/^Mot de passe/), { target: { value: 'motdepasse1' } })
  fireEvent.change(field(/^Confirmation/), { target: { value: 'motdepasse1' } })
}

describe('RegisterPage', () => {
  it('ticks the terms box by default (spec/account.md §5)', () => {
    stubApi([])
    renderPage(<RegisterPage />, { route: '/auth/register' })
    expect(screen.getByRole('checkbox', { name: /conditions générales/ })).toHaveProperty('checked', true)
  })

  it('shows "Les mots de passe ne correspondent pas" under the confirmation and sends nothing', async () => {
    const fetchSpy = stubApi([])
    renderPage(<RegisterPage />, { route: '/auth/register' })
    fillValidForm()
    fireEvent.change(field(/^Confirmation/), { target: { value: 'autrechose' } })
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }))

    const error = await screen.findByText(messages.validation.passwordsMismatch)
    // Under the confirmation: the confirmation input is described by this very message.
    const confirmation = field(/^Confirmation/)
    expect(confirmation.getAttribute('aria-describedby')?.split(' ')).toContain(error.id)
    expect(screen.getAllByText(messages.validation.passwordsMismatch)).toHaveLength(1)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('prefills the e-mail from ?email= (invitations)', () => {
    stubApi([])
    renderPage(<RegisterPage />, { route: '/auth/register?email=lea%40exemple.fr' })
    expect(field(/^Adresse email/).value).toBe('lea@exemple.fr')
  })

  it('puts server field errors under the matching field', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/auth/register',
        status: 422,
        body: { message: 'Invalide', code: 'VALIDATION', errors: { email: [messages.auth.emailTaken] } },
      },
    ])
    renderPage(<RegisterPage />, { route: '/auth/register' })
    fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }))
    expect(await screen.findByText(messages.auth.emailTaken)).toBeTruthy()
    expect(field(/^Adresse email/).getAttribute('aria-invalid')).toBe('true')
  })
})
