/**
 * At most `limit` jobs at a time (previews: fetching, parsing and drawing a PDF), the others wait their turn;
 * `urgent` jobs (the drawer's preview) go before the waiting thumbnails. A job whose `signal` aborts while it waits
 * never starts.
 */
export function createQueue(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []

  const next = () => {
    if (running >= limit) return
    const start = waiting.shift()
    if (start) start()
  }

  return function enqueue<T>(job: () => Promise<T>, options: { urgent?: boolean; signal?: AbortSignal } = {}) {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        if (options.signal?.aborted) {
          reject(new DOMException('Aborted', 'AbortError'))
          next()
          return
        }
        running += 1
        job()
          .then(resolve, reject)
          .finally(() => {
            running -= 1
            next()
          })
      }
      if (options.urgent) waiting.unshift(start)
      else waiting.push(start)
      next()
    })
  }
}

/** The previews of the app: a few at a time, so that a grid of 50 documents does not draw 50 PDFs at once. */
export const previewQueue = createQueue(3)
