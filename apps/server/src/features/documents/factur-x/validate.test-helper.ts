import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { runValidationKit } from '../../../../test/validation-kit'

/** The project's copy of the offline Factur-X validation kit (test-kits/factur-x, see its NOTICE.md). */
export const VALIDATE_SH = resolve(import.meta.dirname, '../../../../../../test-kits/factur-x/validate.sh')

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
/**
 * The kits check the files the code writes, which the database engine does not change: `npm test` runs them on its
 * PGlite pass; its PostgreSQL and Citus passes (DATABASE_URL set, scripts/test.mjs) leave them out, as a minute or
 * two of Java each would only check the same files again.
 */
export const kitPass = !process.env.DATABASE_URL
export const mustValidate = kitPass && (canValidate || Boolean(process.env.CI))

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
  const extension = options.extension ?? 'xml'
  const { status, output } = await runValidationKit(
    VALIDATE_SH,
    ['-q', ...(options.flags ?? [])],
    content,
    `invoice.${extension}`,
  )
  return { status, output, ok: status === 0 && output.includes('factur-x: 0 errors') }
}
