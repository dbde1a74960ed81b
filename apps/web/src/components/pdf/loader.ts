import { createContext } from 'react'

/** How a preview is drawn: a `width` (CSS pixels), an optional fixed `height` (the top of the page), sharp at `pixelRatio`. */
export type RenderOptions = { width: number; height?: number; pixelRatio: number }

/** A render under way: its promise gives the drawn CSS size; `cancel` stops it (the promise then rejects). */
export type RenderTask = { promise: Promise<{ width: number; height: number }>; cancel: () => void }

/** An opened PDF: its page count, a way to draw page n (from 1) on a canvas, and `destroy` to free it. */
export type PdfHandle = {
  pageCount: number
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement, options: RenderOptions) => RenderTask
  destroy: () => void
}

/** Opens the PDF at a URL; rejects when it cannot be fetched or read. */
export type PdfLoader = (url: string) => Promise<PdfHandle>

/** pdf.js, imported on first use (pdfjs.ts stays out of the main bundle). */
const lazyPdfjsLoader: PdfLoader = async (url) => (await import('./pdfjs')).pdfjsLoader(url)

/** The loader the previews use; tests provide their own (pdf.js cannot draw in jsdom). */
export const PdfLoaderContext = createContext<PdfLoader>(lazyPdfjsLoader)
