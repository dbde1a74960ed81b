import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { runValidationKit } from '../../../../../test/validation-kit'

/** The project's e-reporting kit (test-kits/e-reporting, see its README): Carnet's schema of the FRR file. */
export const VALIDATE_FRR_SH = resolve(
  import.meta.dirname,
  '../../../../../../../test-kits/e-reporting/validate-frr.sh',
)

/** Only xmllint is needed: without it the validation tests are skipped, except on CI where they must run. */
export const canValidateFrr = spawnSync('xmllint', ['--version']).status === 0
export const mustValidateFrr = canValidateFrr || Boolean(process.env.CI)

export type FrrValidation = { status: number | null; output: string; ok: boolean }

/** Runs validate-frr.sh on `xml` written to a temporary file. */
export async function validateFrr(xml: string): Promise<FrrValidation> {
  if (!canValidateFrr) throw new Error('The e-reporting kit needs xmllint: apt-get install -y libxml2-utils')
  const { status, output } = await runValidationKit(VALIDATE_FRR_SH, [], xml, 'report.xml')
  return { status, output, ok: status === 0 && output.includes('frr: 0 errors') }
}
