import { messages, NOTE_MAX } from '@app/domain'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../test-utils'
import { NOTE_SAVE_DELAY_MS, NoteField } from './NoteField'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const subject = { model: 'invoices' as const, id: 10 }
const saved = (comment: string) => ({
  data: { comment, updatedAt: '2026-03-03T09:00:00Z', commentator: { id: 1, firstname: 'Camille' } },
})
const puts = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as { comment: string })

describe('NoteField', () => {
  it('shows the saved note with its character count', async () => {
    stubApi([{ path: '/invoices/10/note', body: saved('Payer par virement') }])
    renderPage(<NoteField subject={subject} />)
    const field = (await screen.findByLabelText(/Notes/)) as HTMLTextAreaElement
    await waitFor(() => expect(field.value).toBe('Payer par virement'))
    expect(screen.getByText(`18 / ${NOTE_MAX}`)).toBeTruthy()
  })

  it('keeps a note pasted beyond 2000 characters, says the maximum, and saves nothing until it is shortened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const spy = stubApi([
      { path: '/invoices/10/note', body: saved('') },
      { method: 'PUT', path: '/invoices/10/note', body: saved('Court') },
    ])
    renderPage(<NoteField subject={subject} />)
    const field = (await screen.findByLabelText(/Notes/)) as HTMLTextAreaElement
    await waitFor(() => expect(field.disabled).toBe(false))
    fireEvent.change(field, { target: { value: 'n'.repeat(NOTE_MAX + 1) } })
    expect(field.value).toHaveLength(NOTE_MAX + 1)
    expect(screen.getByText('2 000 caractères au maximum (tu en as saisi 2 001)')).toBeTruthy()
    await act(async () => {
      vi.advanceTimersByTime(NOTE_SAVE_DELAY_MS)
    })
    expect(puts(spy)).toEqual([])
    fireEvent.change(field, { target: { value: 'Court' } })
    await act(async () => {
      vi.advanceTimersByTime(NOTE_SAVE_DELAY_MS)
    })
    await waitFor(() => expect(puts(spy)).toEqual([{ comment: 'Court' }]))
  })

  it('saves the whole note once, after a pause in the typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const spy = stubApi([
      { path: '/invoices/10/note', body: saved('') },
      { method: 'PUT', path: '/invoices/10/note', body: saved('Bonjour') },
    ])
    renderPage(<NoteField subject={subject} />)
    const field = (await screen.findByLabelText(/Notes/)) as HTMLTextAreaElement
    await waitFor(() => expect(field.disabled).toBe(false))
    fireEvent.change(field, { target: { value: 'Bon' } })
    fireEvent.change(field, { target: { value: 'Bonjour' } })
    expect(puts(spy)).toEqual([])
    await act(async () => {
      vi.advanceTimersByTime(NOTE_SAVE_DELAY_MS)
    })
    await waitFor(() => expect(puts(spy)).toEqual([{ comment: 'Bonjour' }]))
    expect(await screen.findByText(messages.comments.noteSaved)).toBeTruthy()
  })

  it('saves at once what was typed when the drawer closes before the pause', async () => {
    const spy = stubApi([
      { path: '/invoices/10/note', body: saved('') },
      { method: 'PUT', path: '/invoices/10/note', body: saved('Tapé vite') },
    ])
    const { unmount } = renderPage(<NoteField subject={subject} />)
    const field = (await screen.findByLabelText(/Notes/)) as HTMLTextAreaElement
    await waitFor(() => expect(field.disabled).toBe(false))
    fireEvent.change(field, { target: { value: 'Tapé vite' } })
    unmount()
    await waitFor(() => expect(puts(spy)).toEqual([{ comment: 'Tapé vite' }]))
  })

  it('says when the note could not be saved', async () => {
    stubApi([
      { path: '/invoices/10/note', body: saved('') },
      { method: 'PUT', path: '/invoices/10/note', status: 500, body: { message: 'boom', code: 'X' } },
    ])
    renderPage(<NoteField subject={subject} />)
    const field = (await screen.findByLabelText(/Notes/)) as HTMLTextAreaElement
    await waitFor(() => expect(field.disabled).toBe(false))
    fireEvent.change(field, { target: { value: 'Perdu ?' } })
    fireEvent.blur(field)
    expect(await screen.findByText(messages.comments.noteFailed)).toBeTruthy()
  })

  it('cannot be typed into when the saved note could not be read, so it is never written over', async () => {
    stubApi([{ path: '/invoices/10/note', status: 500, body: { message: 'boom', code: 'X' } }])
    renderPage(<NoteField subject={subject} />)
    expect(await screen.findByText(messages.generic.detailLoadError)).toBeTruthy()
    expect(((await screen.findByLabelText(/Notes/)) as HTMLTextAreaElement).disabled).toBe(true)
  })
})
