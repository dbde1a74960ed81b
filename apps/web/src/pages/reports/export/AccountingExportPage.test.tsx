import { messages } from '@app/domain'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, renderPage } from '../../../components/test-utils'
import { AccountingExportPage } from './AccountingExportPage'

const CSV_NAME = 'atelier-martin-fils-ecritures-20261124-1030.csv'

/** Files saved as a click on a download link saves them. */
const saved: { href: string; download: string }[] = []

/** Stubs fetch with `answer`; returns the spy to read the URLs asked for. */
const stubFetch = (answer: () => Promise<Response>) => {
  const spy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer())
  vi.stubGlobal('fetch', spy)
  return spy
}
const urlsAsked = (spy: ReturnType<typeof stubFetch>) => spy.mock.calls.map(([input]) => String(input))

const dateField = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement
const typeDate = (name: string, value: string) => {
  const input = dateField(name)
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement

describe('the accounting export page', () => {
  beforeEach(() => {
    saved.length = 0
    // Only the date is frozen: 24 November 2026 in Paris; timers stay real for the page's promises.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T09:30:00Z'))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download })
    })
    URL.createObjectURL = vi.fn(() => 'blob:export')
    URL.revokeObjectURL = vi.fn()
  })

  it('starts on the year so far and refuses an end before the start, with the French rule', () => {
    const spy = stubFetch(async () => new Response(''))
    renderPage(<AccountingExportPage />)
    expect(screen.getByRole('heading', { name: 'Export comptable' })).toBeTruthy()
    expect(dateField('Du').value).toBe('01/01/2026')
    expect(dateField('Au').value).toBe('24/11/2026')
    expect(button('Télécharger le CSV').disabled).toBe(false)

    typeDate('Au', '31/12/2025')
    expect(screen.getByText(messages.ledger.periodEndBeforeStart)).toBeTruthy()
    expect(button('Télécharger le CSV').disabled).toBe(true)
    fireEvent.click(button('Télécharger le CSV'))
    expect(spy).not.toHaveBeenCalled()

    typeDate('Au', '01/01/2026')
    expect(screen.queryByText(messages.ledger.periodEndBeforeStart)).toBeNull()
    expect(button('Télécharger le CSV').disabled).toBe(false)
  })

  it('downloads the CSV of the chosen period under the name the server gives, saying it is being prepared', async () => {
    let answer: (response: Response) => void = () => {}
    const spy = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)))
    renderPage(<AccountingExportPage />)
    typeDate('Du', '01/03/2026')
    typeDate('Au', '31/03/2026')
    fireEvent.click(button('Télécharger le CSV'))

    const preparing = await screen.findByRole('button', { name: /Préparation du fichier…/ })
    expect((preparing as HTMLButtonElement).disabled).toBe(true)
    expect(urlsAsked(spy)).toEqual(['/api/v1/exports/accounting.csv?from=2026-03-01&to=2026-03-31'])

    answer(
      new Response('\uFEFFJournal;Libellé journal\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${CSV_NAME}"; filename*=UTF-8''${CSV_NAME}`,
        },
      }),
    )
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:export', download: CSV_NAME }]))
    const again = (await screen.findByRole('button', { name: 'Télécharger le CSV' })) as HTMLButtonElement
    expect(again.disabled).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says to try a shorter period when the CSV fails', async () => {
    stubFetch(async () => jsonResponse(500, { message: 'Erreur interne.', code: 'INTERNAL' }))
    renderPage(<AccountingExportPage />)
    fireEvent.click(button('Télécharger le CSV'))
    expect((await screen.findByRole('alert')).textContent).toBe(messages.ledger.exportFailed)
    expect(saved).toEqual([])
  })

  it("downloads the FEC of the chosen year, and shows the server's reason when it cannot", async () => {
    const spy = stubFetch(async () =>
      jsonResponse(409, { message: messages.ledger.sirenRequired, code: 'SIREN_REQUIRED' }),
    )
    renderPage(<AccountingExportPage />)
    fireEvent.click(screen.getByRole('combobox', { name: 'Exercice' }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '2026',
      '2025',
      '2024',
      '2023',
      '2022',
    ])
    fireEvent.click(screen.getByRole('option', { name: '2025' }))
    fireEvent.click(button('Télécharger le FEC'))

    expect((await screen.findByRole('alert')).textContent).toBe(messages.ledger.sirenRequired)
    expect(urlsAsked(spy)).toEqual(['/api/v1/exports/fec?year=2025'])
    expect(saved).toEqual([])
  })

  it('says how far a long FEC is as its lines arrive, from the count the server announced', async () => {
    let push: (text: string) => void = () => {}
    let end: () => void = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder()
        push = (text) => controller.enqueue(encoder.encode(text))
        end = () => controller.close()
      },
    })
    stubFetch(
      async () =>
        new Response(body, {
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            'Content-Disposition': 'attachment; filename="732829320FEC20261231.txt"',
            'X-Export-Rows': '4',
          },
        }),
    )
    renderPage(<AccountingExportPage />)
    fireEvent.click(button('Télécharger le FEC'))

    push('JournalCode\tJournalLib\r\n')
    expect((await screen.findByText('25 % (1 ligne)')).getAttribute('aria-live')).toBe('polite')
    push('VT\tVentes\r\nVT\tVentes\r\n')
    await screen.findByText('75 % (3 lignes)')
    expect(
      screen.getByRole('progressbar', { name: 'Avancement du téléchargement' }).getAttribute('aria-valuenow'),
    ).toBe('75')
    push('BQ1\tBanque\r\n')
    end()
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:export', download: '732829320FEC20261231.txt' }]))
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
  })
})
