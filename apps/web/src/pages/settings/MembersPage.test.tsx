import { messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { MembersPage } from './MembersPage'

const roles = [
  { id: 1, code: 'owner', name: 'Propriétaire', label: 'Propriétaire' },
  { id: 2, code: 'admin', name: 'Administrateur', label: 'Administrateur·rice' },
  { id: 3, code: 'collaborator', name: 'Collaborateur', label: 'Collaborateur·rice' },
]
const members = [
  {
    id: 1,
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'camille@example.fr',
    lastLoginAt: '2026-03-03T09:15:00.000Z',
    role: roles[0],
  },
  { id: 2, firstname: 'Alex', lastname: 'Durand', email: 'alex@example.fr', lastLoginAt: null, role: roles[2] },
]

function stub(extra: Parameters<typeof stubApi>[0] = [], invitations: unknown[] = []) {
  return stubApi([
    ...extra,
    { path: '/me', status: 401, body: { message: 'x', code: 'UNAUTHENTICATED' } },
    { path: '/roles', body: { data: roles } },
    { path: '/organization/members', body: { data: members } },
    { path: '/organization/invitations', body: { data: invitations } },
  ])
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('MembersPage', () => {
  it('lists members with their role and last login as 03/03/2026', async () => {
    stub()
    renderPage(<MembersPage />)
    const row = (await screen.findByText('Camille Martin')).closest('tr') as HTMLElement
    expect(within(row).getByText('camille@example.fr')).toBeTruthy()
    expect(within(row).getByText('03/03/2026')).toBeTruthy()
    expect(within(row).getByRole('button', { name: /Propriétaire/ })).toBeTruthy()
  })

  it('offers every role other than the current one', async () => {
    stub()
    renderPage(<MembersPage />)
    fireEvent.click(await screen.findByRole('button', { name: /Rôle de Alex Durand/ }))
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent)
    expect(items).toEqual(['Propriétaire', 'Administrateur·rice'])
  })

  it('shows the empty state of pending invitations', async () => {
    stub()
    renderPage(<MembersPage />)
    expect(await screen.findByText('Aucune invitation en attente')).toBeTruthy()
    expect(messages.organization.noPendingInvitation).toBe('Aucune invitation en attente')
  })

  it('refuses the invitation without a role ("0") with "Ce champ est obligatoire"', async () => {
    const fetchSpy = stub()
    renderPage(<MembersPage />)
    fireEvent.change(await screen.findByRole('textbox', { name: /^E-mail/ }), { target: { value: 'alex@example.fr' } })
    fireEvent.click(screen.getByRole('button', { name: "Envoyer l'invitation" }))

    const role = screen.getByRole('combobox', { name: /^Rôle/ })
    await waitFor(() => expect(role.getAttribute('aria-invalid')).toBe('true'))
    const errorId = role
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'))
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('Ce champ est obligatoire')
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('sends the invitation and says "Invitation envoyée !"', async () => {
    const fetchSpy = stub([{ method: 'POST', path: '/organization/invitations', status: 201, body: { data: {} } }])
    renderPage(<MembersPage />)
    fireEvent.change(await screen.findByRole('textbox', { name: /^E-mail/ }), { target: { value: 'alex@example.fr' } })
    const role = screen.getByRole('combobox', { name: /^Rôle/ })
    await waitFor(() => expect(role.hasAttribute('disabled')).toBe(false))
    fireEvent.click(role)
    fireEvent.click(await screen.findByRole('option', { name: 'Collaborateur·rice' }))
    fireEvent.click(screen.getByRole('button', { name: "Envoyer l'invitation" }))

    expect(await screen.findByText(messages.organization.invitationSent)).toBeTruthy()
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ email: 'alex@example.fr', roleId: 3 })
  })

  it('shows the server message when a member cannot be removed', async () => {
    stub([
      {
        method: 'DELETE',
        path: '/organization/members/2',
        status: 409,
        body: { message: messages.organization.lastOwner, code: 'LAST_OWNER' },
      },
    ])
    renderPage(<MembersPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Retirer Alex Durand' }))
    expect(await screen.findByText(messages.generic.deleteConfirm)).toBeTruthy()
    expect(screen.getByText(messages.generic.irreversible)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retirer' }))
    expect(await screen.findByText(messages.organization.lastOwner)).toBeTruthy()
  })
})
