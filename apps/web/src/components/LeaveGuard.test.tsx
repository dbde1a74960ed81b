import { messages } from '@app/domain'
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, Link, MemoryRouter, Route, RouterProvider, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { LeaveGuard } from './LeaveGuard'

function Editor({ dirty }: { dirty: boolean }) {
  return (
    <>
      <h1>Éditeur</h1>
      <Link to="/ailleurs">Tableau de bord</Link>
      <LeaveGuard when={dirty} />
    </>
  )
}

const wrap = (ui: ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>)

function renderWithDataRouter(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Editor dirty={dirty} /> },
      { path: '/ailleurs', element: <h1>Ailleurs</h1> },
    ],
    { initialEntries: ['/'] },
  )
  return wrap(<RouterProvider router={router} />)
}

function renderWithDeclarativeRouter(dirty: boolean) {
  return wrap(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<Editor dirty={dirty} />} />
        <Route path="/ailleurs" element={<h1>Ailleurs</h1>} />
      </Routes>
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe.each([
  ['a data router', renderWithDataRouter],
  ['a declarative router', renderWithDeclarativeRouter],
])('LeaveGuard under %s', (_name, renderEditor) => {
  it('asks before leaving a dirty page, and stays or leaves as told', async () => {
    renderEditor(true)
    fireEvent.click(screen.getByRole('link', { name: 'Tableau de bord' }))
    expect(await screen.findByText(messages.generic.leaveGuard)).toBeTruthy()
    expect(messages.generic.leaveGuard).toBe('Es-tu certain·e de vouloir quitter cette page ?')

    fireEvent.click(screen.getByRole('button', { name: 'Rester' }))
    expect(screen.getByRole('heading', { name: 'Éditeur' })).toBeTruthy()

    fireEvent.click(screen.getByRole('link', { name: 'Tableau de bord' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter la page' }))
    expect(await screen.findByRole('heading', { name: 'Ailleurs' })).toBeTruthy()
  })

  it('lets a clean page go without asking', async () => {
    renderEditor(false)
    fireEvent.click(screen.getByRole('link', { name: 'Tableau de bord' }))
    expect(await screen.findByRole('heading', { name: 'Ailleurs' })).toBeTruthy()
    expect(screen.queryByText(messages.generic.leaveGuard)).toBeNull()
  })
})
