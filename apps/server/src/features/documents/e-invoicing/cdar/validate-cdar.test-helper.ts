import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { runValidationKit } from '../../../../../test/validation-kit'
import { canValidate, kitPass } from '../../factur-x/validate.test-helper'

/** The project's CDAR kit (test-kits/france-rfe-cdar, see its NOTICE.md): it runs the official files of France_RFE. */
export const VALIDATE_CDAR_SH = resolve(
  import.meta.dirname,
  '../../../../../../../test-kits/france-rfe-cdar/validate-cdar.sh',
)

/** Where the official CDAR files are: the team's shared folder beside the project, which CI always has. */
export const FRANCE_RFE_DIR =
  process.env.FRANCE_RFE_DIR ?? resolve(import.meta.dirname, '../../../../../../../../shared/france-rfe')

/**
 * Same tools as the Factur-X kit (xmllint, java, Saxon-HE) and the shared France_RFE files: without them the
 * validation tests are skipped, except on CI where they must run.
 */
export const canValidateCdar = canValidate && existsSync(join(FRANCE_RFE_DIR, 'FNFE_RFE_INVOICE/CDAR'))
/** On the PGlite pass only, as the Factur-X kit (kitPass). */
export const mustValidateCdar = kitPass && (canValidateCdar || Boolean(process.env.CI))

export type CdarValidation = { status: number | null; output: string; ok: boolean }

/** Runs validate-cdar.sh -q on `xml` written to a temporary file. */
export async function validateCdar(xml: string): Promise<CdarValidation> {
  if (!canValidateCdar) {
    throw new Error(
      `The CDAR validation kit needs xmllint, java and Saxon-HE (apt-get install -y libxml2-utils libsaxonhe-java default-jre-headless) and the France_RFE files at ${FRANCE_RFE_DIR} (FRANCE_RFE_DIR)`,
    )
  }
  const { status, output } = await runValidationKit(VALIDATE_CDAR_SH, ['-q'], xml, 'cdar.xml')
  return { status, output, ok: status === 0 && output.includes('cdar: 0 errors') }
}
