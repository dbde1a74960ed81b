import { messages } from '@app/domain'
import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { LEAVE_WITHOUT_ASKING, LeaveGuard } from './LeaveGuard'

function Editor({ dirty }: { dirty: boolean }) {
  const navigate = useNavigate()
  return (
    <>
      <h1>Éditeur</h1>
      <Link to="/ailleurs">Tableau de bord</Link>
      <Link to="/?onglet=2">Autre onglet</Link>
      <button type="button" onClick={() => navigate('/ailleurs')}>
        Partir par le code
      </button>
      <button type="button" onClick={() => navigate('/ailleurs', { state: LEAVE_WITHOUT_ASKING })}>
        Partir sans demander
      </button>
      <LeaveGuard when={dirty} />
    </>
  )
}

/** The editor at "/", reached from "/avant" so that Back has somewhere to go. */
function renderEditor(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Editor dirty={dirty} /> },
      { path: '/avant', element: <h1>Avant</h1> },
      { path: '/ailleurs', element: <h1>Ailleurs</h1> },
      { path: '/enregistre', element: <h1>Enregistré</h1> },
    ],
    { initialEntries: ['/avant', '/'], initialIndex: 1 },
  )
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}

const leaveQuestion = () => screen.findByText(messages.generic.leaveGuard)

afterEach(cleanup)

describe('LeaveGuard', () => {
  it('asks before following a link away from a dirty page, and stays or leaves as told', async () => {
    renderEditor(true)
    fireEvent.click(screen.getByRole('link', { name: 'Tableau de bord' }))
    expect(await leaveQuestion()).toBeTruthy()
    expect(messages.generic.leaveGuard).toBe('Es-tu certain·e de vouloir quitter cette page ?')

    fireEvent.click(screen.getByRole('button', { name: 'Rester' }))
    expect(screen.getByRole('heading', { name: 'Éditeur' })).toBeTruthy()

    fireEvent.click(screen.getByRole('link', { name: 'Tableau de bord' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter la page' }))
    expect(await screen.findByRole('heading', { name: 'Ailleurs' })).toBeTruthy()
  })

  it('holds Back too', async () => {
    const router = renderEditor(true)
    await act(() => router.navigate(-1))
    expect(await leaveQuestion()).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Rester' }))
    expect(screen.getByRole('heading', { name: 'Éditeur' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')

    await act(() => router.navigate(-1))
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter la page' }))
    expect(await screen.findByRole('heading', { name: 'Avant' })).toBeTruthy()
  })

  it('holds a programmatic navigation, unless it is told to leave without asking', async () => {
    renderEditor(true)
    fireEvent.click(screen.getByRole('button', { name: 'Partir par le code' }))
    expect(await leaveQuestion()).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Rester' }))

    fireEvent.click(screen.getByRole('button', { name: 'Partir sans demander' }))
    expect(await screen.findByRole('heading', { name: 'Ailleurs' })).toBeTruthy()
    expect(screen.queryByText(messages.generic.leaveGuard)).toBeNull()
  })

  it('lets the query string change on the same page', async () => {
    const router = renderEditor(true)
    fireEvent.click(screen.getByRole('link', { name: 'Autre onglet' }))
    await act(async () => {})
    expect(router.state.location.search).toBe('?onglet=2')
    expect(screen.queryByText(messages.generic.leaveGuard)).toBeNull()
  })

  it('does not hold a click made while a saved form is still leaving its page', async () => {
    // A new document, once saved, moves to its own route; until React has unmounted the old dirty form, its guard
    // is still registered. A link clicked in that moment goes where it leads, with no question left hanging.
    const router = renderEditor(true)
    await router.navigate('/enregistre', { state: LEAVE_WITHOUT_ASKING })
    await router.navigate('/ailleurs')
    expect(await screen.findByRole('heading', { name: 'Ailleurs' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/ailleurs')
    expect(screen.queryByText(messages.generic.leaveGuard)).toBeNull()
  })

  it('lets a clean page go without asking', async () => {
    renderEditor(false)
    fireEvent.click(screen.getByRole('link', { name: 'Tableau de bord' }))
    expect(await screen.findByRole('heading', { name: 'Ailleurs' })).toBeTruthy()
    expect(screen.queryByText(messages.generic.leaveGuard)).toBeNull()
  })

  it("asks the browser's own question before the tab closes, only while dirty", () => {
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    renderEditor(true)
    expect(unload()).toBe(true)
    cleanup()
    renderEditor(false)
    expect(unload()).toBe(false)
  })
})
