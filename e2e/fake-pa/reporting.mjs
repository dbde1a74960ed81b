// The stand-in's reading of an e-reporting file (flow syntax FRR, flux 10): which report it holds, as its XP Z12-013
// flow type (AggregatedCustomerTransactionReport 10.3, UnitaryCustomerTransactionReport 10.1, AggregatedCustomerPayment
// Report 10.4, UnitaryCustomerPaymentReport 10.2, MultiFlowReport for two of them), and, with --validate, Carnet's
// schema of the file (test-kits/e-reporting/frr.xsd through validate-frr.sh, xmllint only). A report goes to the
// administration: the PA acknowledges it and never routes it to another client.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { store } from './store.mjs'
import { block, text } from './xml-facts.mjs'

const FRR_KIT = fileURLToPath(new URL('../../test-kits/e-reporting/validate-frr.sh', import.meta.url))

const has = (xml, name) => new RegExp(`<(?:[\\w.-]+:)?${name}[\\s>]`).test(xml ?? '')

/** The flow type of a report: its one block's, or MultiFlowReport when it holds both (null: not a report). */
export function reportFlowType(xml) {
  const payments = has(xml, 'PaymentsReport')
  if (!payments && !has(xml, 'TransactionsReport')) return null
  const report = block(xml, payments ? 'PaymentsReport' : 'TransactionsReport')
  const unitary = has(report, 'Invoice')
  const aggregated = has(report, 'Transactions')
  if (unitary && aggregated) return 'MultiFlowReport'
  const noun = payments ? 'Payment' : 'Transaction'
  return `${unitary ? 'Unitary' : 'Aggregated'}Customer${noun}Report`
}

/** What the PA keeps of a report: its id, type (IN, RE), issuer and flow type; null when the root is not Report. */
export function reportFacts(xml) {
  const flowType = reportFlowType(xml)
  if (!flowType) return null
  const header = block(xml, 'ReportDocument')
  return {
    syntax: 'FRR',
    flowType,
    documentId: text(header, 'Id'),
    typeCode: text(header, 'TypeCode'),
    corrects: text(block(header, 'References'), 'ReportId'),
    issuerSiren: text(block(header, 'Issuer'), 'Id'),
  }
}

const run = (args) =>
  new Promise((resolve) =>
    execFile('sh', args, { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: `${stdout}\n${stderr}` }),
    ),
  )

/**
 * With --validate, the schema's violations as acknowledgement details: item the element xmllint names, the message
 * with its line ("[XSD] line 12: Element 'CategoryCode': … 'TXX1' …"). Empty when valid, not asked, or xmllint missing.
 */
export async function checkReport(content) {
  if (!store.validate || !existsSync(FRR_KIT)) return []
  const dir = mkdtempSync(join(tmpdir(), 'fake-pa-frr-'))
  try {
    const file = join(dir, 'report.xml')
    writeFileSync(file, content)
    const { code, output } = await run([FRR_KIT, file])
    if (code === 0 || code === 3) return []
    const details = [...output.matchAll(/^\s*ERROR\s+\[(\w+)\]\s+(.*)$/gm)].map(([, layer, message]) => ({
      level: 'Error',
      item: /Element '([^']+)'/.exec(message)?.[1] ?? 'file',
      reasonCode: 'InvalidSchema',
      reasonMessage: `[${layer}] ${message}`.slice(0, 500),
    }))
    return details.length
      ? details
      : [{ level: 'Error', item: 'file', reasonCode: 'InvalidSchema', reasonMessage: output.trim().slice(-500) }]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
