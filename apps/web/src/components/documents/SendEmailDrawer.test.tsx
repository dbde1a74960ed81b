import { messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../test-utils'
import { SendEmailDrawer } from './SendEmailDrawer'

const defaults = {
  emailRecipient: 'compta@client.fr',
  subject: 'Un document vous a été envoyé',
  contentMail: 'Bonjour,\n\nVeuillez trouver ci-joint la facture F-2026-0001.',
  meInCopy: true,
  lastSending: null,
}

const { lastSending: _none, ...body } = defaults

const sentBodies = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SendEmailDrawer', () => {
  it('fills the defaults, sends without Cc and Cci when their rows stay closed, toasts and closes', async () => {
    const spy = stubApi([
      { path: '/invoices/7/email', body: { data: defaults } },
      { method: 'POST', path: '/invoices/7/send', body: { data: { status: 'sent' } } },
    ])
    const onClose = vi.fn()
    renderPage(<SendEmailDrawer kind="invoice" documentId={7} onClose={onClose} />)
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: /Destinataires/ })).value).toBe(
      'compta@client.fr',
    )
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Me mettre en copie' }).checked).toBe(true)
    expect(screen.queryByRole('textbox', { name: 'Cc' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect(await screen.findByText(messages.sending.sent)).toBeTruthy()
    expect(onClose).toHaveBeenCalled()
    expect(sentBodies(spy)).toEqual([{ ...body }])
  })

  it('opens the Cc row, checks each address before sending, and puts server errors under their fields', async () => {
    const spy = stubApi([
      { path: '/quotes/3/email', body: { data: defaults } },
      {
        method: 'POST',
        path: '/quotes/3/send',
        status: 422,
        body: {
          message: 'Les données envoyées ne sont pas valides.',
          code: 'VALIDATION_FAILED',
          errors: { subject: ['Objet refusé'] },
        },
      },
    ])
    renderPage(<SendEmailDrawer kind="quote" documentId={3} onClose={() => {}} />)
    await screen.findByRole('textbox', { name: /Destinataires/ })
    fireEvent.click(screen.getByRole('button', { name: 'Cc' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Cc' }), { target: { value: 'ok@client.fr; faux' } })
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect(await screen.findByText(messages.sending.invalidAddress('faux'))).toBeTruthy()
    expect(sentBodies(spy)).toEqual([])

    fireEvent.change(screen.getByRole('textbox', { name: 'Cc' }), { target: { value: 'ok@client.fr' } })
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    expect(await screen.findByText('Objet refusé')).toBeTruthy()
    expect(sentBodies(spy)).toEqual([{ ...body, ccMails: 'ok@client.fr' }])
  })

  it('warns that the previous e-mail still waits for the mail server', async () => {
    stubApi([
      {
        path: '/invoices/7/email',
        body: {
          data: {
            ...defaults,
            lastSending: { status: 'queued', to: 'compta@client.fr', createdAt: '2026-11-15T10:00:00Z' },
          },
        },
      },
    ])
    renderPage(<SendEmailDrawer kind="invoice" documentId={7} onClose={() => {}} />)
    expect(await screen.findByText(messages.sending.lastQueued('compta@client.fr'))).toBeTruthy()
  })

  it('says when the message waits for the mail server', async () => {
    stubApi([
      { path: '/invoices/7/email', body: { data: defaults } },
      { method: 'POST', path: '/invoices/7/send', body: { data: { status: 'queued' } } },
    ])
    renderPage(<SendEmailDrawer kind="invoice" documentId={7} onClose={() => {}} />)
    await screen.findByRole('textbox', { name: /Destinataires/ })
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }))
    await waitFor(() => expect(screen.getByText(messages.sending.queued)).toBeTruthy())
    expect(screen.getAllByText(messages.sending.sent).length).toBeGreaterThan(0)
  })
})
