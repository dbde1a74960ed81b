import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../../components/test-utils'
import { baseRoutes, invoice, line } from '../../../test-support/documentFixtures'
import { InvoiceEditorPage } from './DocumentEditorPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The font size Mantine gives a text: the theme size it is set in. */
const fontOf = (testId: string) => screen.getByTestId(testId).getAttribute('style') ?? ''

async function openInvoiceOf(amount: string) {
  stubApi([
    ...baseRoutes(),
    { path: '/invoices/5', body: { data: invoice({ id: 5, name: 'Chantier', lines: [line(1, 0, { amount })] }) } },
  ])
  renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
  await screen.findByRole('heading', { name: 'Chantier' })
}

describe("The editor's totals", () => {
  it('keep their usual size up to 100 000 € HT', async () => {
    await openInvoiceOf('100000')
    expect(fontOf('total-ht')).toContain('font-size-sm')
    expect(fontOf('total-ttc')).toContain('font-size-lg')
  })

  it('are set a size smaller once the total HT exceeds 100 000 €', async () => {
    await openInvoiceOf('100000.01')
    expect(fontOf('total-ht')).toContain('font-size-xs')
    expect(fontOf('total-ttc')).toContain('font-size-md')
  })
})
