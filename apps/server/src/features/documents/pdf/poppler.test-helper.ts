import { execFile, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const TOOLS = ['pdftotext', 'pdfinfo', 'pdffonts', 'pdfdetach', 'pdfimages'] as const

const missing = TOOLS.filter((tool) => spawnSync(tool, ['-v']).error !== undefined)

/**
 * Poppler reads our PDFs the way a user's viewer would. Without its tools the PDF assertions are skipped locally
 * (`poppler()` gives null), but CI must have them: there a missing tool fails the test.
 */
export function poppler(pdf: Buffer) {
  if (missing.length) {
    if (process.env.CI) throw new Error(`poppler-utils missing: ${missing.join(', ')}`)
    return null
  }
  async function withFile<T>(work: (path: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'carnet-pdf-'))
    const path = join(dir, 'document.pdf')
    try {
      await writeFile(path, pdf)
      return await work(path)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
  const out = (tool: string, args: (path: string) => string[]) =>
    withFile(async (path) => (await run(tool, args(path), { maxBuffer: 16 * 1024 * 1024 })).stdout)
  return {
    /** `pdftotext -layout`, pages separated by form feeds. */
    text: () => out('pdftotext', (path) => ['-layout', '-enc', 'UTF-8', path, '-']),
    pages: async () =>
      (await out('pdftotext', (path) => ['-layout', '-enc', 'UTF-8', path, '-']))
        .split('\f')
        .filter((page) => page.trim()),
    /** `pdfinfo` as a record ("Pages" → "3"), with the XMP metadata under "metadata". */
    info: async () => {
      const raw = await out('pdfinfo', (path) => [path])
      const info: Record<string, string> = {}
      for (const line of raw.split('\n')) {
        const at = line.indexOf(':')
        if (at > 0) info[line.slice(0, at).trim()] = line.slice(at + 1).trim()
      }
      info.metadata = await out('pdfinfo', (path) => ['-meta', path])
      return info
    },
    /** `pdffonts` rows: name, and whether the font is embedded. */
    fonts: async () => {
      const raw = await out('pdffonts', (path) => [path])
      return raw
        .split('\n')
        .slice(2)
        .filter((line) => line.trim())
        .map((line) => {
          const cells = line.trim().split(/\s+/)
          // name type… encoding emb sub uni objectId gen: emb is the fifth cell from the end.
          return { name: cells[0] ?? '', embedded: cells[cells.length - 5] === 'yes' }
        })
    },
    /** `pdfimages -list`: how many images each page shows, as [page, width, height] rows. */
    images: async () =>
      (await out('pdfimages', (path) => ['-list', path]))
        .split('\n')
        .slice(2)
        .filter((line) => line.trim())
        .map((line) => line.trim().split(/\s+/).map(Number).slice(0, 5)),
    /** `pdfdetach -list`: the embedded files' names. */
    attachments: async () =>
      (await out('pdfdetach', (path) => ['-list', path]))
        .split('\n')
        .slice(1)
        .map((line) => line.replace(/^\d+:\s*/, '').trim())
        .filter(Boolean),
    /** One embedded file's content (`pdfdetach -savefile`). */
    attachment: (name: string) =>
      withFile(async (path) => {
        const target = `${path}.${name}`
        await run('pdfdetach', ['-savefile', name, '-o', target, path])
        const { readFile } = await import('node:fs/promises')
        return readFile(target, 'utf8')
      }),
  }
}

/** Spaces as printed (U+202F, U+00A0) become plain spaces, and runs of them one: text assertions stay readable. */
export const flatText = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/[ \t]+/g, ' ')
