// The PA's checks on a file it receives, as the Flow document's acknowledgement describes them: not empty, the type
// the flowInfo says (a PDF for Factur-X, XML otherwise), well-formed XML of the expected root; with --validate
// (or FAKE_PA_VALIDATE=1) and Java present, the France_RFE rules too: test-kits/factur-x/validate.sh --fr for
// Factur-X and CII (EN 16931 + BR-FR), test-kits/france-rfe-cdar/validate-cdar.sh for CDAR when that kit exists,
// Carnet's schema of the e-reporting file for FRR (reporting.mjs).
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inflateSync } from 'node:zlib'
import { checkReport, reportFacts } from './reporting.mjs'
import { store } from './store.mjs'
import { cdarFacts, invoiceFacts, rootName } from './xml-facts.mjs'

const kits = fileURLToPath(new URL('../../test-kits/', import.meta.url))
const FACTUR_X_KIT = join(kits, 'factur-x/validate.sh')
const CDAR_KIT = join(kits, 'france-rfe-cdar/validate-cdar.sh')

const run = (command, args, input) =>
  new Promise((resolve) => {
    const child = execFile(command, args, { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
        stdout,
        stderr,
        missing: error?.code === 'ENOENT',
      }),
    )
    if (input !== undefined) child.stdin.end(input)
  })

const detail = (reasonCode, item, reasonMessage) => ({ level: 'Error', item, reasonCode, reasonMessage })

const ROOTS = {
  CII: ['CrossIndustryInvoice'],
  'Factur-X': ['CrossIndustryInvoice'],
  UBL: ['Invoice', 'CreditNote'],
  CDAR: ['CrossDomainAcknowledgementAndResponse'],
  FRR: ['Report'],
}

/** The XML embedded in a Factur-X PDF: pdfdetach (poppler) when present, else the PDF's uncompressed or Flate streams. */
export async function embeddedXml(pdf) {
  const dir = mkdtempSync(join(tmpdir(), 'fake-pa-'))
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf)
    const out = join(dir, 'out')
    const listed = await run('pdfdetach', ['-list', join(dir, 'in.pdf')])
    if (!listed.missing && listed.code === 0) {
      const names = [...listed.stdout.matchAll(/^\d+: (.+)$/gm)].map((m) => m[1].trim())
      const index = names.findIndex((n) => /^(factur-x|zugferd-invoice|xrechnung)\.xml$/i.test(n))
      const pick = index >= 0 ? index : names.findIndex((n) => /\.xml$/i.test(n))
      if (pick < 0) return null
      await run('pdfdetach', ['-save', String(pick + 1), '-o', out, join(dir, 'in.pdf')])
      return existsSync(out) ? readFileSync(out, 'utf8') : null
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return streamsXml(pdf)
}

/** Without poppler: every stream of the PDF, inflated when it can be, the first that is an invoice's XML. */
function streamsXml(pdf) {
  const raw = pdf.toString('latin1')
  for (const found of raw.matchAll(/stream\r?\n/g)) {
    const start = found.index + found[0].length
    const stop = raw.indexOf('endstream', start)
    if (stop < 0) continue
    const bytes = pdf.subarray(start, stop)
    for (const attempt of [() => inflateSync(bytes), () => bytes]) {
      try {
        const xml = attempt().toString('utf8')
        if (/CrossIndustryInvoice/.test(xml.slice(0, 2000))) return xml.slice(0, xml.lastIndexOf('>') + 1)
      } catch {}
    }
  }
  return null
}

/** Failed rules of the kits' output ("  ERROR   [EN16931] BR-CO-15 …" then its text). */
function failedRules(output) {
  const lines = output.split('\n')
  const details = []
  lines.forEach((line, i) => {
    const found = /^\s*(?:ERROR|FATAL)\s+\[([^\]]+)\]\s+(\S+)/.exec(line)
    if (found) {
      const text = (lines.slice(i + 1, i + 4).find((l) => l.trim() && !/^\s*(at|location)\b/i.test(l)) ?? '').trim()
      details.push(detail('InvalidSchema', found[2], `[${found[1]}] ${found[2]} ${text}`.slice(0, 500)))
    }
  })
  return details
}

async function runKit(kit, args, content, suffix) {
  if (!store.validate || !existsSync(kit)) return []
  const dir = mkdtempSync(join(tmpdir(), 'fake-pa-'))
  try {
    const file = join(dir, `flow${suffix}`)
    writeFileSync(file, content)
    const result = await run('sh', [kit, ...args, file])
    if (result.code === 0 || result.code === 3) return [] // 3: a tool is missing, nothing said about the file
    const details = failedRules(`${result.stdout}\n${result.stderr}`)
    return details.length
      ? details
      : [
          detail(
            'InvalidSchema',
            'file',
            (result.stdout + result.stderr).trim().slice(-500) || 'rejected by the validator',
          ),
        ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Checks a received file; answers { details: AcknowledgementDetail[] (empty: Ok), xml, facts }. Facts are an
 * invoice's (invoiceFacts), a CDAR's (cdarFacts) or a report's (reportFacts, with its flowType).
 */
export async function checkFile(syntax, content) {
  if (!content.length) return { details: [detail('EmptyFlow', 'file', 'The file is empty')] }
  const isPdf = content.subarray(0, 5).toString('latin1') === '%PDF-'
  if (syntax === 'Factur-X' && !isPdf)
    return { details: [detail('FlowTypeError', 'file', 'Factur-X needs a PDF file')] }
  if (syntax !== 'Factur-X' && isPdf)
    return { details: [detail('FlowTypeError', 'file', `${syntax} needs an XML file`)] }
  const xml = isPdf ? await embeddedXml(content) : content.toString('utf8')
  if (xml === null) return { details: [detail('InvalidSchema', 'file', 'No Factur-X XML embedded in the PDF')] }
  const wellFormed = await run('xmllint', ['--noout', '--nonet', '-'], xml)
  if (!wellFormed.missing && wellFormed.code !== 0)
    return { details: [detail('InvalidSchema', 'file', `XML not well-formed: ${wellFormed.stderr.split('\n')[0]}`)] }
  const root = rootName(xml)
  const expected = ROOTS[syntax]
  if (expected && !expected.includes(root))
    return { details: [detail('InvalidSchema', 'file', `Root element ${root} is not ${expected.join(' or ')}`)] }
  const facts = syntax === 'CDAR' ? cdarFacts(xml) : syntax === 'FRR' ? reportFacts(xml) : invoiceFacts(xml)
  let details = []
  if (syntax === 'Factur-X') details = await runKit(FACTUR_X_KIT, ['--fr', '-q'], content, '.pdf')
  else if (syntax === 'CII') details = await runKit(FACTUR_X_KIT, ['--fr', '-q', '--no-profile'], content, '.xml')
  else if (syntax === 'CDAR') details = await runKit(CDAR_KIT, ['-q'], content, '.xml')
  else if (syntax === 'FRR') details = await checkReport(content)
  return { details, xml, facts }
}
