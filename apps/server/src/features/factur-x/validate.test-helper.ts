import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/** The project's copy of the offline Factur-X validation kit (test-kits/factur-x, see its NOTICE.md). */
export const VALIDATE_SH = resolve(import.meta.dirname, '../../../../../test-kits/factur-x/validate.sh')

const has = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { stdio: 'ignore' })
  return result.error === undefined && result.status === 0
}

/**
 * Whether the kit can run here (xmllint, java, Saxon-HE). Without them the validation tests are skipped, except on CI
 * where `requireValidator` fails with the apt-get line to run.
 */
export const validatorAvailable =
  has('xmllint', ['--version']) && has('java', ['-version']) && has('sh', [VALIDATE_SH, '--help'])
export const saxonAvailable = ['/usr/share/java/Saxon-HE.jar', '/usr/share/java/saxon9he.jar'].some(
  (jar) => spawnSync('test', ['-f', jar]).status === 0,
)
export const canValidate = validatorAvailable && (saxonAvailable || Boolean(process.env.SAXON_JAR))
export const mustValidate = canValidate || Boolean(process.env.CI)

export type Validation = { status: number | null; output: string; ok: boolean }

/** Runs validate.sh -q (plus `flags`) on `content` written to a temporary file; async, so shapes run side by side. */
export async function validate(
  content: string | Buffer,
  options: { flags?: string[]; extension?: 'xml' | 'pdf' } = {},
): Promise<Validation> {
  if (!canValidate) {
    throw new Error(
      'The Factur-X validation kit needs xmllint, java and Saxon-HE: apt-get install -y libxml2-utils libsaxonhe-java default-jre-headless poppler-utils',
    )
  }
  const dir = await mkdtemp(join(tmpdir(), 'carnet-facturx-'))
  const file = join(dir, `invoice.${options.extension ?? 'xml'}`)
  try {
    await writeFile(file, content)
    const { status, output } = await new Promise<{ status: number | null; output: string }>((done, fail) => {
      const child = spawn('sh', [VALIDATE_SH, '-q', ...(options.flags ?? []), file])
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
    return { status, output, ok: status === 0 && output.includes('factur-x: 0 errors') }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
