import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api'
import { stubXhr } from './fakeXhr'
import { uploadWithProgress } from './uploadWithProgress'

afterEach(() => vi.unstubAllGlobals())

const form = () => {
  const data = new FormData()
  data.append('file', new File(['OFXHEADER:100'], 'releve.ofx'))
  return data
}

describe('uploadWithProgress', () => {
  it('sends the form with the CSRF header, reports the progress and gives the answer', async () => {
    const requests = stubXhr(() => ({ status: 200, body: { data: { imported: 3 } } }), { steps: [0.25, 1] })
    const progress: number[] = []
    const answer = await uploadWithProgress<{ data: { imported: number } }>('/journals/1/imports', form(), {
      onProgress: (fraction) => progress.push(fraction),
    })
    expect(answer.data.imported).toBe(3)
    expect(progress).toEqual([0.25, 1])
    expect(requests[0]?.path).toBe('/journals/1/imports')
    expect(requests[0]?.headers['X-Requested-With']).toBe('fetch')
    expect(requests[0]?.body.get('file')).toBeInstanceOf(File)
  })

  it('rejects with the server’s French message and status, as the other API calls do', async () => {
    stubXhr(() => ({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: 'Ton fichier n°1 est trop volumineux ! (Taille max: 20 Mo)' },
    }))
    const failure = await uploadWithProgress('/journals/1/imports', form()).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(413)
    expect((failure as ApiError).message).toBe('Ton fichier n°1 est trop volumineux ! (Taille max: 20 Mo)')
  })

  it('falls back to the generic message when the error has no JSON body', async () => {
    stubXhr(() => ({ status: 502 }))
    const failure = await uploadWithProgress('/journals/1/imports', form()).catch((error: unknown) => error)
    expect((failure as ApiError).status).toBe(502)
    expect((failure as ApiError).body.code).toBe('UNKNOWN')
  })

  it('stops when aborted', async () => {
    stubXhr(() => new Promise(() => {}))
    const controller = new AbortController()
    const pending = uploadWithProgress('/journals/1/imports', form(), { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})
