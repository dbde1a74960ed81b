import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type PdfHandle, type PdfLoader, PdfLoaderContext, type RenderOptions } from './loader'
import { PdfPreview } from './PdfPreview'
import { usePreviewVersion } from './usePreviewVersion'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/**
 * A loader that stands for pdf.js (which cannot draw in jsdom): each URL opens when the test says so, as a PDF of
 * `pageCount` pages whose renders are recorded, or fails.
 */
function fakeLoader() {
  const opening = new Map<string, { resolve: (pdf: PdfHandle) => void; reject: (error: Error) => void }>()
  const renders: { url: string; page: number; options: RenderOptions }[] = []
  const destroyed: string[] = []
  const cancelled: string[] = []
  const loader: PdfLoader = vi.fn(
    (url: string) =>
      new Promise<PdfHandle>((resolve, reject) => {
        opening.set(url, { resolve, reject })
      }),
  )
  const handle = (url: string, pageCount: number, settle: 'now' | 'never' = 'now'): PdfHandle => ({
    pageCount,
    renderPage(page, _canvas, options) {
      renders.push({ url, page, options })
      let stop = () => {}
      const drawn = { width: options.width, height: options.height ?? Math.round(options.width * Math.SQRT2) }
      // As pdf.js does, a cancelled render rejects.
      const promise =
        settle === 'now'
          ? Promise.resolve(drawn)
          : new Promise<typeof drawn>((_, reject) => {
              stop = () => reject(new Error('cancelled'))
            })
      return {
        promise,
        cancel: () => {
          cancelled.push(url)
          stop()
        },
      }
    },
    destroy: () => destroyed.push(url),
  })
  return {
    loader,
    renders,
    destroyed,
    cancelled,
    open: async (url: string, pageCount = 1, settle: 'now' | 'never' = 'now') => {
      await waitFor(() => expect(opening.has(url)).toBe(true))
      await act(async () => opening.get(url)?.resolve(handle(url, pageCount, settle)))
    },
    fail: async (url: string) => {
      await waitFor(() => expect(opening.has(url)).toBe(true))
      await act(async () => opening.get(url)?.reject(new Error('404')))
    },
  }
}

const show = (loader: PdfLoader, ui: ReactElement) => {
  const wrap = (node: ReactElement) => (
    <MantineProvider env="test">
      <PdfLoaderContext.Provider value={loader}>{node}</PdfLoaderContext.Provider>
    </MantineProvider>
  )
  const result = render(wrap(ui))
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) }
}

const canvasOf = (name: string) => screen.getByLabelText(`Aperçu de ${name}`) as HTMLCanvasElement

describe('PdfPreview', () => {
  it('shows a skeleton while the PDF loads, then the page drawn at the asked size, named after the document', async () => {
    const pdf = fakeLoader()
    show(pdf.loader, <PdfPreview url="/a.pdf" label="Site vitrine" width={176} height={224} />)
    expect(screen.getByLabelText("Chargement de l'aperçu")).toBeTruthy()
    expect(canvasOf('Site vitrine').hidden).toBe(true)
    await pdf.open('/a.pdf')
    await waitFor(() => expect(canvasOf('Site vitrine').hidden).toBe(false))
    expect(screen.queryByLabelText("Chargement de l'aperçu")).toBeNull()
    expect(pdf.renders).toEqual([{ url: '/a.pdf', page: 1, options: { width: 176, height: 224, pixelRatio: 1 } }])
    // A thumbnail is drawn once: its PDF is freed at once (a grid keeps no open PDF per card).
    expect(pdf.destroyed).toEqual(['/a.pdf'])
  })

  it("says 'Prévisualisation indisponible' when the PDF cannot be had", async () => {
    const pdf = fakeLoader()
    show(pdf.loader, <PdfPreview url="/missing.pdf" label="Logo" width={176} height={224} />)
    await pdf.fail('/missing.pdf')
    expect(await screen.findByText('Prévisualisation indisponible')).toBeTruthy()
    expect(canvasOf('Logo').hidden).toBe(true)
  })

  it('keeps the drawn page while a newer version loads, then frees the older PDF', async () => {
    const pdf = fakeLoader()
    const { rerender } = show(pdf.loader, <PdfPreview url="/a.pdf?v=1" label="Logo" width={300} withPages />)
    await pdf.open('/a.pdf?v=1')
    await waitFor(() => expect(canvasOf('Logo').hidden).toBe(false))
    rerender(<PdfPreview url="/a.pdf?v=2" label="Logo" width={300} withPages />)
    expect(canvasOf('Logo').hidden).toBe(false)
    expect(screen.getByLabelText("Actualisation de l'aperçu")).toBeTruthy()
    expect(pdf.destroyed).toEqual(['/a.pdf?v=1'])
    await pdf.open('/a.pdf?v=2')
    await waitFor(() => expect(screen.queryByLabelText("Actualisation de l'aperçu")).toBeNull())
    expect(pdf.renders.map((r) => r.url)).toEqual(['/a.pdf?v=1', '/a.pdf?v=2'])
  })

  it('cancels the render under way and frees the PDF when it goes away', async () => {
    const pdf = fakeLoader()
    const { unmount } = show(pdf.loader, <PdfPreview url="/slow.pdf" label="Audit" width={300} />)
    await pdf.open('/slow.pdf', 1, 'never')
    await waitFor(() => expect(pdf.renders).toHaveLength(1))
    unmount()
    expect(pdf.cancelled).toEqual(['/slow.pdf'])
    expect(pdf.destroyed).toEqual(['/slow.pdf'])
  })

  it('pages through a longer PDF: Page 1/3, then the next and previous pages', async () => {
    const pdf = fakeLoader()
    show(pdf.loader, <PdfPreview url="/long.pdf" label="Audit" width={300} withPages />)
    await pdf.open('/long.pdf', 3)
    expect(await screen.findByText('Page 1/3')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Page précédente' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }))
    expect(await screen.findByText('Page 2/3')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }))
    expect(await screen.findByText('Page 3/3')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Page suivante' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }))
    expect(await screen.findByText('Page 2/3')).toBeTruthy()
    await waitFor(() => expect(pdf.renders.map((r) => r.page)).toEqual([1, 2, 3, 2]))
  })

  it('draws a lazy thumbnail only once it comes near the screen', async () => {
    let reveal = () => {}
    class FakeObserver {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        reveal = () => callback([{ isIntersecting: true }])
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const pdf = fakeLoader()
    show(pdf.loader, <PdfPreview url="/grid.pdf" label="Logo" width={176} height={224} lazy />)
    expect(pdf.loader).not.toHaveBeenCalled()
    act(() => reveal())
    await pdf.open('/grid.pdf')
    await waitFor(() => expect(canvasOf('Logo').hidden).toBe(false))
  })
})

function Version({ id, updatedAt }: { id: number; updatedAt: string }) {
  return <output>{usePreviewVersion(`invoices/${id}`, updatedAt)}</output>
}

describe('usePreviewVersion', () => {
  it('follows a change of the document 2 s later, and shows another document at once', () => {
    vi.useFakeTimers()
    const { rerender } = render(<Version id={1} updatedAt="t1" />)
    expect(screen.getByRole('status').textContent).toBe('t1')
    rerender(<Version id={1} updatedAt="t2" />)
    act(() => vi.advanceTimersByTime(1999))
    expect(screen.getByRole('status').textContent).toBe('t1')
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('status').textContent).toBe('t2')
    rerender(<Version id={2} updatedAt="u1" />)
    expect(screen.getByRole('status').textContent).toBe('u1')
  })
})
