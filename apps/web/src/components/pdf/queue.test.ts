import { describe, expect, it } from 'vitest'
import { createQueue } from './queue'

/** A job that ends when told to, recording its start. */
function controlledJob(started: string[], name: string) {
  let finish = () => {}
  const done = new Promise<string>((resolve) => {
    finish = () => resolve(name)
  })
  return {
    run: () => {
      started.push(name)
      return done
    },
    finish: () => finish(),
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the preview queue', () => {
  it('runs at most `limit` jobs at once; the next one starts when one ends', async () => {
    const queue = createQueue(2)
    const started: string[] = []
    const jobs = ['a', 'b', 'c'].map((name) => controlledJob(started, name))
    const results = jobs.map((job) => queue(job.run))
    await flush()
    expect(started).toEqual(['a', 'b'])
    jobs[0]?.finish()
    expect(await results[0]).toBe('a')
    await flush()
    expect(started).toEqual(['a', 'b', 'c'])
    jobs[1]?.finish()
    jobs[2]?.finish()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c'])
  })

  it('starts an urgent job (the drawer) before the waiting ones (thumbnails)', async () => {
    const queue = createQueue(1)
    const started: string[] = []
    const [first, thumbnail, drawer] = ['first', 'thumbnail', 'drawer'].map((name) => controlledJob(started, name))
    if (!first || !thumbnail || !drawer) throw new Error('jobs')
    const all = [queue(first.run), queue(thumbnail.run), queue(drawer.run, { urgent: true })]
    first.finish()
    await flush()
    expect(started).toEqual(['first', 'drawer'])
    drawer.finish()
    thumbnail.finish()
    await Promise.all(all)
    expect(started).toEqual(['first', 'drawer', 'thumbnail'])
  })

  it('never starts a job abandoned while it waited (a thumbnail gone from the screen)', async () => {
    const queue = createQueue(1)
    const started: string[] = []
    const first = controlledJob(started, 'first')
    const gone = controlledJob(started, 'gone')
    const abort = new AbortController()
    const running = queue(first.run)
    const abandoned = queue(gone.run, { signal: abort.signal })
    abort.abort()
    first.finish()
    await running
    await expect(abandoned).rejects.toThrow('Aborted')
    expect(started).toEqual(['first'])
  })
})
