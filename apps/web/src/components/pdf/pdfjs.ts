import type { PdfHandle, PdfLoader, RenderOptions } from './loader'
import { fetchPdfBytes } from './pdfBytes'

/**
 * pdf.js, loaded on first use only: the library (~500 kB) and its worker (~1.3 MB) stay out of the main bundle.
 * The legacy build carries the polyfills (Map.prototype.getOrInsertComputed…) that the modern build expects from
 * browsers of late 2025, so the previews also work on an older Safari or Firefox.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let library: Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | null = null

function loadLibrary() {
  library ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ])
    .then(([pdfjs, workerUrl]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl.default
      // One worker for every preview of the page, not one per document.
      return { pdfjs, worker: new pdfjs.PDFWorker() }
    })
    .catch((error: unknown) => {
      library = null
      throw error
    })
  return library
}

/** The PDF at `url` (fetched once, see pdfBytes.ts) opened by pdf.js. */
export const pdfjsLoader: PdfLoader = async (url) => {
  // The PDF first: a missing one never loads pdf.js.
  const bytes = await fetchPdfBytes(url)
  const { pdfjs, worker } = await loadLibrary()
  // pdf.js hands its data over to the worker: it gets a copy, the cache keeps the original.
  const document = await pdfjs.getDocument({ data: bytes.slice(), worker, isEvalSupported: false }).promise
  return pdfjsHandle(document)
}

type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>

function pdfjsHandle(document: PdfDocument): PdfHandle {
  let destroyed = false
  return {
    pageCount: document.numPages,
    renderPage(pageNumber, target, options) {
      let task: { cancel: () => void } | null = null
      let cancelled = false
      const promise = (async () => {
        const page = await document.getPage(pageNumber)
        if (cancelled) throw new Error('cancelled')
        const { width, height, scale } = sizes(page.getViewport({ scale: 1 }), options)
        // Drawn off screen, then copied at once: a refreshed preview never flashes blank.
        const canvas = window.document.createElement('canvas')
        canvas.width = Math.round(width * options.pixelRatio)
        canvas.height = Math.round(height * options.pixelRatio)
        const render = page.render({
          canvas,
          viewport: page.getViewport({ scale: scale * options.pixelRatio }),
          background: '#ffffff',
        })
        task = render
        await render.promise
        copy(canvas, target, width, height)
        page.cleanup()
        return { width, height }
      })()
      return {
        promise,
        cancel() {
          cancelled = true
          task?.cancel()
        },
      }
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      void document.destroy()
    },
  }
}

/** CSS size of the drawn page: `width` wide, and `height` tall (top of the page) or the page's own proportion. */
function sizes(page: { width: number; height: number }, options: RenderOptions) {
  const scale = options.width / page.width
  return { width: options.width, height: options.height ?? Math.round(page.height * scale), scale }
}

function copy(source: HTMLCanvasElement, target: HTMLCanvasElement, width: number, height: number) {
  target.width = source.width
  target.height = source.height
  target.style.width = `${width}px`
  target.style.height = `${height}px`
  target.getContext('2d')?.drawImage(source, 0, 0)
}
