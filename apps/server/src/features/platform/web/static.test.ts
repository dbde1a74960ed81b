import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { useTestContext } from '../../../../test/helpers'

// A build as apps/web/vite.config.ts leaves it: hashed assets with their .br and .gz, and the page.
const webDist = mkdtempSync(join(tmpdir(), 'carnet-web-'))
const script = `console.log(${JSON.stringify('Carnet '.repeat(400))})`
mkdirSync(join(webDist, 'assets'))
writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), script)
writeFileSync(join(webDist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script))
writeFileSync(join(webDist, 'assets', 'index-abc123.js.gz'), gzipSync(script))

const ctx = useTestContext({ config: { webDist } })
afterAll(() => rmSync(webDist, { recursive: true, force: true }))

describe('the web app as the server sends it', () => {
  it('sends the compressed copy the browser accepts, kept a year since its name changes with its content', async () => {
    const brotli = await ctx.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 10)

    const gzip = await ctx.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await ctx.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('never lets a browser keep the page itself: a new build is seen at the next visit', async () => {
    const page = await ctx.app.inject({ url: '/app/sales/invoices' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<div id="root">')
    expect(page.headers['cache-control']).not.toContain('immutable')
  })
})
