import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Runs one of the repository's validation kits (test-kits/factur-x, france-rfe-cdar, e-reporting) on `content` written
 * to a temporary file named `fileName`: its exit status and everything it printed, the file removed after.
 */
export async function runValidationKit(
  script: string,
  args: readonly string[],
  content: string | Buffer,
  fileName: string,
): Promise<{ status: number | null; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'carnet-kit-'))
  const file = join(dir, fileName)
  try {
    await writeFile(file, content)
    return await new Promise((done, fail) => {
      const child = spawn('sh', [script, ...args, file])
      let output = ''
      child.stdout.on('data', (chunk) => {
        output += chunk
      })
      child.stderr.on('data', (chunk) => {
        output += chunk
      })
      child.on('error', fail)
      child.on('close', (code) => done({ status: code, output }))
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
