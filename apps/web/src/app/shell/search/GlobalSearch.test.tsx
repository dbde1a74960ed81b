import { messages, type SearchResult } from '@app/domain'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, fakeServer, jsonResponse, renderPage, whereIs } from '../../../components/test-utils'
import { GlobalSearch } from './GlobalSearch'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const result = (type: SearchResult['type'], id: number, title: string, url: string): SearchResult => ({
  type,
  id,
  title,
  subtitle: `${title} · sous-titre`,
  searchable: title,
  url,
  amount: null,
  datedAt: null,
})

const FOUND = [
  result('invoices', 11, 'Étude de marché', '/app/sales/invoices/11/show'),
  result('quotes', 12, 'Étude complémentaire', '/app/sales/quotes/12/show'),
  result('customers', 13, 'Étude Moreau', '/app/sales/customers?open=13'),
]

/** A server that finds FOUND for "etude" and nothing for anything else. */
const server = () =>
  fakeServer([], ({ path, body }) =>
    path === '/search'
      ? jsonResponse(200, { data: body.query === 'etude' ? FOUND : [] })
      : jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' }),
  )

function openSearch() {
  const page = renderPage(<GlobalSearch />, { route: '/app' })
  fireEvent.click(screen.getByRole('button', { name: messages.search.open }))
  const input = screen.getByRole('combobox', { name: messages.search.open })
  const type = (text: string) => fireEvent.change(input, { target: { value: text } })
  return { ...page, input, type }
}

const selected = () => screen.getByRole('option', { selected: true }).textContent

describe('GlobalSearch', () => {
  it('opens with Ctrl+K from anywhere, even from a field, and closes with Escape', async () => {
    server()
    renderPage(<GlobalSearch />, { route: '/app' })
    expect(screen.queryByRole('combobox')).toBeNull()
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true })
    const input = await screen.findByRole('combobox', { name: messages.search.open })
    expect(input.getAttribute('placeholder')).toBe(messages.search.placeholder)
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull())
  })

  it('sends nothing below 3 characters, and says why', async () => {
    const spy = server()
    const { type } = openSearch()
    expect(screen.getByText(messages.search.hint)).toBeTruthy()
    type('et')
    type(' et  ')
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)))
    expect(bodiesSent(spy, 'POST', '/search')).toEqual([])
    expect(screen.getByText(messages.search.hint)).toBeTruthy()
  })

  it('asks the server once, 500 ms after the last key, with the trimmed text', async () => {
    const spy = server()
    const { type } = openSearch()
    type('etu')
    type('etud')
    type('etude ')
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(bodiesSent(spy, 'POST', '/search')).toEqual([])
    expect(screen.getByLabelText('Recherche en cours')).toBeTruthy()
    await screen.findByText('Étude de marché')
    expect(bodiesSent(spy, 'POST', '/search')).toEqual([{ query: 'etude' }])
  })

  it('groups the results under their type, moves the selection with the arrows and opens it with Enter', async () => {
    server()
    const { input, type, router } = openSearch()
    type('etude')
    await screen.findByText('Étude de marché')
    for (const label of [
      messages.search.groups.invoices,
      messages.search.groups.quotes,
      messages.search.groups.customers,
    ])
      expect(screen.getByRole('group', { name: label })).toBeTruthy()
    expect(selected()).toContain('Étude de marché')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(selected()).toContain('Étude Moreau')
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    expect(selected()).toContain('Étude complémentaire')
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/quotes/12/show'))
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  it('opens a result on click, with its list page and filter', async () => {
    server()
    const { type, router } = openSearch()
    type('etude')
    fireEvent.click(await screen.findByText('Étude Moreau'))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/customers?open=13'))
  })

  it('says "Aucun résultat" when nothing matches', async () => {
    server()
    const { type } = openSearch()
    type('zzz')
    expect(await screen.findByText('Aucun résultat')).toBeTruthy()
    expect(screen.queryByRole('option')).toBeNull()
  })
})
