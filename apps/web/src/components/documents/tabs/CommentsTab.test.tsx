import { type CommentDto, messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../test-utils'
import { CommentsTab } from './CommentsTab'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const subject = { model: 'invoices' as const, id: 10, updatedAt: '2026-03-03T09:00:00Z' }

const comment = (over: Partial<CommentDto> = {}): CommentDto => ({
  id: 1,
  comment: 'Relancer lundi',
  isPublic: false,
  createdAt: '2026-03-03T09:15:00Z',
  updatedAt: '2026-03-03T09:15:00Z',
  commentator: { id: 1, firstname: 'Camille' },
  canDelete: true,
  ...over,
})

const calls = (spy: ReturnType<typeof stubApi>, method: string) =>
  spy.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method)

describe('CommentsTab', () => {
  it('says there is no comment yet', async () => {
    stubApi([{ path: '/invoices/10/comments', body: { data: [] } }])
    renderPage(<CommentsTab subject={subject} />)
    expect(await screen.findByText(messages.documents.noComment)).toBeTruthy()
  })

  it("lists the comments with their author's first name, date and text; only one's own can be deleted", async () => {
    stubApi([
      {
        path: '/invoices/10/comments',
        body: {
          data: [
            comment(),
            comment({ id: 2, comment: 'Vu avec Alex', commentator: { id: 2, firstname: 'Alex' }, canDelete: false }),
          ],
        },
      },
    ])
    renderPage(<CommentsTab subject={subject} />)
    const list = await screen.findByRole('list', { name: 'Commentaires' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0] as HTMLElement).getByText('Camille')).toBeTruthy()
    expect(within(items[0] as HTMLElement).getByText('Relancer lundi')).toBeTruthy()
    expect(within(items[0] as HTMLElement).getByText(/03\/03\/2026 à \d\d:15/)).toBeTruthy()
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Supprimer le commentaire' })).toBeTruthy()
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: 'Supprimer le commentaire' })).toBeNull()
  })

  it('adds a comment with Ctrl+Enter, then empties the field and reloads the comments', async () => {
    const spy = stubApi([
      { path: '/invoices/10/comments', body: { data: [] } },
      { method: 'POST', path: '/invoices/10/comments', status: 201, body: { data: comment() } },
    ])
    renderPage(<CommentsTab subject={subject} />)
    const field = await screen.findByLabelText(/Nouveau commentaire/)
    const add = screen.getByRole('button', { name: 'Ajouter' }) as HTMLButtonElement
    expect(add.disabled).toBe(true)
    fireEvent.change(field, { target: { value: 'Relancer lundi' } })
    expect(add.disabled).toBe(false)
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(calls(spy, 'POST')).toHaveLength(1))
    expect(JSON.parse(String(calls(spy, 'POST')[0]?.[1]?.body))).toEqual({ comment: 'Relancer lundi', isPublic: false })
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''))
    await waitFor(() => expect(calls(spy, 'GET').length).toBeGreaterThan(1))
  })

  it('adds a comment with the "Ajouter" button, and says so when it could not be saved', async () => {
    stubApi([
      { path: '/invoices/10/comments', body: { data: [] } },
      { method: 'POST', path: '/invoices/10/comments', status: 500, body: { message: 'boom', code: 'X' } },
    ])
    renderPage(<CommentsTab subject={subject} />)
    const field = await screen.findByLabelText(/Nouveau commentaire/)
    fireEvent.change(field, { target: { value: 'Relancer lundi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter' }))
    expect(await screen.findByText(messages.documents.commentFailed)).toBeTruthy()
    expect((field as HTMLTextAreaElement).value).toBe('Relancer lundi')
  })

  it('deletes one of its own comments after confirmation', async () => {
    const spy = stubApi([
      { path: '/invoices/10/comments', body: { data: [comment({ id: 7 })] } },
      { method: 'DELETE', path: '/invoices/10/comments/7', status: 204 },
    ])
    renderPage(<CommentsTab subject={subject} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer le commentaire' }))
    const dialog = await screen.findByRole('dialog', { name: messages.generic.deleteConfirm })
    expect(calls(spy, 'DELETE')).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(calls(spy, 'DELETE')).toHaveLength(1))
  })
})
