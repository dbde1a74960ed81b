import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** The project's e-reporting kit (test-kits/e-reporting, see its README): Carnet's schema of the FRR file. */
export const VALIDATE_FRR_SH = resolve(import.meta.dirname, '../../../../../../test-kits/e-reporting/validate-frr.sh')

/** Only xmllint is needed: without it the validation tests are skipped, except on CI where they must run. */
export const canValidateFrr = spawnSync('xmllint', ['--version']).status === 0
export const mustValidateFrr = canValidateFrr || Boolean(process.env.CI)

export type FrrValidation = { status: number | null; output: string; ok: boolean }

/** Runs validate-frr.sh on `xml` written to a temporary file. */
export async function validateFrr(xml: string): Promise<FrrValidation> {
  if (!canValidateFrr) throw new Error('The e-reporting kit needs xmllint: apt-get install -y libxml2-utils')
  const dir = await mkdtemp(join(tmpdir(), 'carnet-frr-'))
  const file = join(dir, 'report.xml')
  try {
    await writeFile(file, xml)
    const { status, output } = await new Promise<{ status: number | null; output: string }>((done, fail) => {
      const child = spawn('sh', [VALIDATE_FRR_SH, file])
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
    return { status, output, ok: status === 0 && output.includes('frr: 0 errors') }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
