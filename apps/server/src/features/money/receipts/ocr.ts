import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Worker } from 'tesseract.js'

const require = createRequire(import.meta.url)

/**
 * The French model installed by npm (@tesseract.js-data/fra), read from node_modules: tesseract.js would otherwise
 * download it from a CDN at run time. "best_int" is the LSTM model the default engine mode reads (0.7 MB).
 */
const FRENCH_MODEL_DIR = join(dirname(require.resolve('@tesseract.js-data/fra/package.json')), '4.0.0_best_int')

/** How long one recognition may take; a phone photo takes about 2 s here (decision 0032). */
export const OCR_TIMEOUT_MS = 30_000

let worker: Promise<Worker> | null = null
/** Recognitions run one after the other: one worker thread, one image at a time, whatever the uploads. */
let queue: Promise<unknown> = Promise.resolve()

function workerOf(): Promise<Worker> {
  if (!worker) {
    const started = import('tesseract.js').then(async ({ default: tesseract }) => {
      // LSTM only: the model above has no legacy data.
      const created = await tesseract.createWorker('fra', tesseract.OEM.LSTM_ONLY, {
        langPath: FRENCH_MODEL_DIR,
        gzip: true,
        // Nothing written next to the process (the default caches the model in the working directory).
        cacheMethod: 'none',
        // Without a handler tesseract.js throws a failed job's error from its message listener: the process dies.
        errorHandler: () => undefined,
      })
      // Tesseract's own messages ("Image too small to scale!!" for a speck) are not the server's log.
      await created.setParameters({ debug_file: '/dev/null' })
      // Idle, the OCR thread does not keep a CLI or a test run alive.
      ;(created as Worker & { worker?: { unref?: () => void } }).worker?.unref?.()
      return created
    })
    // A worker that could not start is tried again at the next image.
    started.catch(() => {
      if (worker === started) worker = null
    })
    worker = started
  }
  return worker
}

/** Ends the OCR thread (the app's close); the next image starts another. */
export async function closeOcr() {
  const current = worker
  worker = null
  if (current) await current.then((running) => running.terminate()).catch(() => undefined)
}

async function recognizeNow(image: Uint8Array, timeoutMs: number): Promise<string | null> {
  const running = workerOf()
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    const result = await Promise.race([
      running.then((ready) => ready.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength))),
      timedOut,
    ])
    if (result === 'timeout') {
      // tesseract.js cannot stop a recognition: its thread goes, and the next image starts another.
      if (worker === running) await closeOcr()
      return null
    }
    return result.data.text
  } catch {
    // An image Leptonica cannot decode, a worker that would not start: the receipt is kept, unread.
    return null
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The text Tesseract reads in an image (PNG, JPEG), in French, offline; null when it reads nothing or takes longer
 * than `timeoutMs` (counted from its turn, not from the queue).
 */
export function recognizeText(image: Uint8Array, timeoutMs = OCR_TIMEOUT_MS): Promise<string | null> {
  const turn = queue.then(() => recognizeNow(image, timeoutMs))
  queue = turn.catch(() => undefined)
  return turn
}
