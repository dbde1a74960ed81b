import { vi } from 'vitest'

/** A request the fake XMLHttpRequest received: what uploadWithProgress sent. */
export type XhrRequest = {
  method: string
  /** Without /api/v1 and without the query string. */
  path: string
  headers: Record<string, string>
  body: FormData
}

export type XhrAnswer = { status: number; body?: unknown }

/**
 * Test support: replaces XMLHttpRequest with a fake that reports the upload's progress in `steps` (fractions of the
 * body's size), then answers with `answer(request)` as JSON. Returns the requests received, in order.
 */
export function stubXhr(
  answer: (request: XhrRequest) => XhrAnswer | Promise<XhrAnswer>,
  { steps = [0.5, 1], size = 1000 }: { steps?: number[]; size?: number } = {},
) {
  const requests: XhrRequest[] = []

  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget()
    status = 0
    responseText = ''
    private method = 'GET'
    private url = ''
    private headers: Record<string, string> = {}
    private aborted = false

    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    abort() {
      this.aborted = true
      this.dispatchEvent(new Event('abort'))
    }
    send(body: FormData) {
      const request: XhrRequest = {
        method: this.method,
        path: new URL(this.url, 'http://localhost').pathname.replace(/^\/api\/v1/, ''),
        headers: { ...this.headers },
        body,
      }
      requests.push(request)
      void (async () => {
        for (const step of steps) {
          await Promise.resolve()
          if (this.aborted) return
          this.upload.dispatchEvent(
            Object.assign(new Event('progress'), { lengthComputable: true, loaded: step * size, total: size }),
          )
        }
        const { status, body } = await answer(request)
        if (this.aborted) return
        this.status = status
        this.responseText = body === undefined ? '' : JSON.stringify(body)
        this.dispatchEvent(new Event('load'))
      })()
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return requests
}
