import { defaultPreferences, type MeDto, messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { ProfilePage } from './ProfilePage'

const me = {
  id: 1,
  firstname: 'Camille',
  lastname: 'Martin',
  email: 'camille@example.fr',
  position: null,
  phoneMobile: null,
  phoneOffice: null,
  preferences: defaultPreferences(),
  currentOrganizationId: 7,
  currentOrganization: { id: 7, name: 'Atelier Martin', isOwner: true },
  organizations: [],
} as unknown as MeDto

const baseRoutes = [
  { path: '/me', body: { data: me } },
  { path: '/me/tokens', body: { data: [] } },
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** "Clôturer mon compte", step one: the box, the button, the sentence and the organisation name; waits for step two. */
async function requestCloseCode() {
  fireEvent.click(screen.getByRole('checkbox', { name: /Je comprends/ }))
  fireEvent.click(screen.getByRole('button', { name: 'Clôturer mon compte' }))
  const dialog = await screen.findByRole('dialog')
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Phrase de confirmation' }), {
    target: { value: 'Je confirme la clôture de mon compte' },
  })
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nom de ton entreprise' }), {
    target: { value: 'Atelier Martin' },
  })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }))
  await screen.findByRole('button', { name: 'Clôturer définitivement' })
}

/** Step two: the e-mailed code, then "Clôturer définitivement". */
function confirmClose(code: string) {
  const pins = within(screen.getByRole('dialog')).getAllByRole('textbox')
  code.split('').forEach((digit, index) => {
    fireEvent.change(pins[index] as HTMLElement, { target: { value: digit } })
  })
  fireEvent.click(screen.getByRole('button', { name: 'Clôturer définitivement' }))
}

describe('ProfilePage', () => {
  it('refuses a malformed phone number with the spec message', async () => {
    const fetchSpy = stubApi(baseRoutes)
    renderPage(<ProfilePage />)
    fireEvent.change(await screen.findByRole('textbox', { name: 'Téléphone mobile' }), { target: { value: '12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(
      await screen.findByText("Le numéro de téléphone n'est pas valide. Veuillez vérifier le format."),
    ).toBeTruthy()
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
  })

  it('changes the e-mail with the current password, then the code sent to the new address', async () => {
    const newEmail = 'camille.nouvelle@example.fr'
    const fetchSpy = stubApi([
      ...baseRoutes,
      { method: 'PATCH', path: '/me', body: { data: { ...me, pendingEmail: newEmail } } },
      { method: 'POST', path: '/me/email/confirm', body: { data: { ...me, email: newEmail, pendingEmail: null } } },
    ])
    renderPage(<ProfilePage />)
    fireEvent.change(await screen.findByRole('textbox', { name: 'E-mail' }), { target: { value: newEmail } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }))
    expect(await within(dialog).findByText(messages.auth.currentPasswordRequired)).toBeTruthy()
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
    fireEvent.change(within(dialog).getByLabelText(/Mot de passe actuel/), { target: { value: 'mon-mot-de-passe' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recevoir le code' }))

    expect((await screen.findAllByText(messages.account.emailChangeCodeSent(newEmail))).length).toBeGreaterThan(0)
    const patchCall = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PATCH')
    expect(JSON.parse(String(patchCall?.[1]?.body))).toMatchObject({
      email: newEmail,
      currentPassword: 'mon-mot-de-passe',
    })

    const codeForm = screen
      .getAllByText(messages.account.emailChangeCodeSent(newEmail))
      .map((element) => element.closest('form'))
      .find(Boolean) as HTMLElement
    const pins = within(codeForm).getAllByRole('textbox')
    '123456'.split('').forEach((digit, index) => {
      fireEvent.change(pins[index] as HTMLElement, { target: { value: digit } })
    })
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByText(messages.account.emailChanged)).toBeTruthy()
    const confirmCall = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/me/email/confirm'))
    expect(JSON.parse(String(confirmCall?.[1]?.body))).toEqual({ code: '123456' })
  })

  it('shows the empty state of API tokens', async () => {
    stubApi(baseRoutes)
    renderPage(<ProfilePage />, { route: '/app/profile?tab=jetons' })
    expect(await screen.findByText(messages.account.noToken)).toBeTruthy()
  })

  it('closes the account in two steps; an invalid code is announced and cleared', async () => {
    const fetchSpy = stubApi([
      ...baseRoutes,
      { method: 'POST', path: '/me/close/code', status: 204 },
      {
        method: 'POST',
        path: '/me/close',
        status: 422,
        body: {
          message: messages.auth.invalidCloseCode,
          code: 'INVALID_CODE',
          errors: { code: [messages.auth.invalidCloseCodeText] },
        },
      },
    ])
    renderPage(<ProfilePage />, { route: '/app/profile?tab=cloture' })

    const open = await screen.findByRole('button', { name: 'Clôturer mon compte' })
    expect(open.hasAttribute('disabled')).toBe(true)
    await requestCloseCode()
    const step1 = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/me/close/code'))
    expect(JSON.parse(String(step1?.[1]?.body))).toEqual({
      sentence: 'Je confirme la clôture de mon compte',
      organizationName: 'Atelier Martin',
    })

    confirmClose('123456')

    expect(await screen.findByText(messages.auth.invalidCloseCodeText)).toBeTruthy()
    expect(screen.getByText(messages.auth.invalidCloseCode)).toBeTruthy()
    const step2 = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/me/close'))
    expect(JSON.parse(String(step2?.[1]?.body))).toEqual({ code: '123456' })
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog'))
          .getAllByRole('textbox')
          .map((input) => (input as HTMLInputElement).value)
          .join(''),
      ).toBe(''),
    )
  })

  it('keeps unsaved changes across tabs, and a closed account leaves for the login page without asking', async () => {
    stubApi([
      ...baseRoutes,
      { method: 'POST', path: '/me/close/code', status: 204 },
      { method: 'POST', path: '/me/close', status: 204 },
    ])
    const { router } = renderPage(<ProfilePage />, { route: '/app/profile' })
    fireEvent.change(await screen.findByRole('textbox', { name: 'Fonction' }), { target: { value: 'Gérante' } })

    fireEvent.click(screen.getByRole('tab', { name: 'Clôturer mon compte' }))
    await waitFor(() => expect(router.state.location.search).toBe('?tab=cloture'))
    expect(screen.queryByText(messages.generic.leaveGuard)).toBeNull()

    await requestCloseCode()
    confirmClose('123456')

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
    expect(screen.queryByText(messages.generic.leaveGuard)).toBeNull()
  })
})
