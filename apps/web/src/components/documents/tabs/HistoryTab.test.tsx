import type { ActivityDto } from '@app/domain'
import { unknownActivityNote } from '@app/domain'
import { MantineProvider } from '@mantine/core'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../test-utils'
import { texts } from '../documentUi'
import { ActivityDate, HistoryTab } from './HistoryTab'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const subject = { model: 'quotes' as const, id: 4, updatedAt: '2026-03-03T09:00:00Z' }

const entry = (over: Partial<ActivityDto>): ActivityDto => ({
  id: 1,
  code: 'quote.created',
  isOperator: false,
  user: { id: 1, name: 'Camille Martin' },
  payload: {},
  createdAt: '2026-03-03T09:00:00Z',
  sentence: 'Tu as créé le devis D-2026-0001.',
  known: true,
  ...over,
})

describe('HistoryTab', () => {
  it('shows the entries as sentences in the order served (newest first), with a link to the invoice they name', async () => {
    stubApi([
      {
        path: '/quotes/4/activities',
        body: {
          data: [
            entry({ id: 3, code: 'bank.synced', sentence: "Quelque chose s'est produit : bank.synced", known: false }),
            entry({
              id: 2,
              code: 'quote.to_invoice',
              payload: { invoiceId: 42 },
              sentence: 'Tu as transformé le devis D-2026-0001 en facture.',
            }),
            entry({}),
          ],
        },
      },
    ])
    renderPage(<HistoryTab subject={subject} />)
    const sentences = await screen.findAllByText(/^(Tu as|Quelque chose)/)
    expect(sentences.map((node) => node.textContent)).toEqual([
      "Quelque chose s'est produit : bank.synced",
      'Tu as transformé le devis D-2026-0001 en facture.',
      'Tu as créé le devis D-2026-0001.',
    ])
    expect(screen.getByText(unknownActivityNote)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Voir la facture' }).getAttribute('href')).toBe(
      '/app/sales/invoices/42/show',
    )
  })

  it('says when nothing happened yet', async () => {
    stubApi([{ path: '/quotes/4/activities', body: { data: [] } }])
    renderPage(<HistoryTab subject={subject} />)
    expect(await screen.findByText(texts.noHistory)).toBeTruthy()
  })
})

describe('ActivityDate', () => {
  const now = new Date('2026-03-10T12:00:00Z')
  const show = (createdAt: string) =>
    render(
      <MantineProvider env="test">
        <ActivityDate createdAt={createdAt} now={now} />
      </MantineProvider>,
    )

  it('is relative for the last week', () => {
    show('2026-03-10T10:00:00Z')
    expect(screen.getByText('il y a 2 heures')).toBeTruthy()
  })

  it('is the date and time before', () => {
    show('2026-03-01T09:15:00Z')
    expect(screen.getByText(/^01\/03\/2026 à \d\d:15$/)).toBeTruthy()
  })
})
