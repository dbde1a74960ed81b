import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** For the parsers' tests: the statement samples of test-kits/bank-samples (their README gives sources and licences). */
export const SAMPLES_ROOT = fileURLToPath(new URL('../../../../../../../test-kits/bank-samples/', import.meta.url))

export const sample = (path: string): Buffer => readFileSync(`${SAMPLES_ROOT}${path}`)
