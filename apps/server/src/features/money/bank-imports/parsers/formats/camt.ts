import { ibanIsValid, normalizeIban } from '@app/domain'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { readAmount } from '../amounts'
import { balanceMismatch } from '../balances'
import { readIsoDate } from '../dates'
import {
  declaresEntities,
  decodeEntities,
  ENTITY_REFUSAL,
  joinLabelParts,
  readStatementText,
  textOrNull,
} from '../text'
import { type ParsedStatement, quoted, type StatementAccount, StatementError, type StatementLine } from '../types'

/**
 * ISO 20022 camt.053 statements and camt.054 notifications, any `.001.xx` version, with or without namespace: both
 * list entries (`<Ntry>`) the same way. One line per entry, as the bank booked it; the transaction details of a batch
 * entry only lend it their texts and names.
 */

type XmlNode = string | { [name: string]: XmlNode | XmlNode[] }

/** Elements that may repeat, read as arrays even when the file has one. */
const REPEATED = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'CdtrRefInf'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Every value stays the string the bank wrote: "0012" is an id, "12.30" an amount we never turn into a float.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entities are decoded by `text()` below (the five of XML and character references): declarations are refused
  // before parsing, so no other entity can exist, and the library's expansion limits never count ours.
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => REPEATED.has(name),
  // Callbacks get the bare tag name: building each element's path string costs a fifth of the parsing time.
  jPath: false,
})

const isElement = (node: XmlNode | undefined): node is { [name: string]: XmlNode | XmlNode[] } =>
  typeof node === 'object' && node !== null

function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!isElement(node) || !Object.hasOwn(node, name)) return []
  const value = node[name] as XmlNode | XmlNode[]
  return Array.isArray(value) ? value : [value]
}

/** The first element at the end of a path of child names. */
function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node
  for (const name of path) current = children(current, name)[0]
  return current
}

/** The text of an element (its `#text` when it has attributes), decoded, or null. */
function text(node: XmlNode | undefined): string | null {
  if (node === undefined) return null
  const value = typeof node === 'string' ? node : node['#text']
  return typeof value === 'string' ? textOrNull(decodeEntities(value)) : null
}

/** The name of a party: `<Nm>` directly (up to version 07) or inside `<Pty>` (version 08 on). */
const partyName = (party: XmlNode | undefined) => text(at(party, 'Nm')) ?? text(at(party, 'Pty', 'Nm'))

const distinctOrNull = (values: (string | null)[]): string | null => {
  const set = new Set(values.filter((value): value is string => value !== null))
  return set.size === 1 ? ([...set][0] as string) : null
}

/**
 * Whether an entry counts in the statement's booked balances: booked (BOOK), or without status. A pending (PDNG) or
 * information-only (INFO) entry is left out of them by the bank.
 */
function isBooked(entry: XmlNode): boolean {
  const status = text(at(entry, 'Sts', 'Cd')) ?? text(at(entry, 'Sts'))
  return status === null || status === 'BOOK'
}

function toLine(entry: XmlNode, index: number): { line: StatementLine; currency: string | null } {
  const location = `Élément <Ntry> n° ${index}`
  const fail = (message: string): never => {
    throw new StatementError(message, location)
  }
  const amountNode = at(entry, 'Amt')
  const amountText = text(amountNode)
  if (amountText === null) fail('montant <Amt> absent.')
  const amount = readAmount(amountText as string, { decimal: '.', grouping: false })
  if ('error' in amount) return fail(amount.error)
  if (amount.value.startsWith('-'))
    fail(`le montant ${quoted(amountText as string)} doit être positif : le sens est dans <CdtDbtInd>.`)
  const direction = text(at(entry, 'CdtDbtInd'))
  // The indicator gives the direction of this entry, reversals included (ISO 20022: a reversed debit is a CRDT entry
  // with <RvslInd>true</RvslInd>), so it alone sets the sign.
  if (direction !== 'CRDT' && direction !== 'DBIT') fail('indicateur débit/crédit <CdtDbtInd> absent ou inconnu.')
  const dateOf = (element: string, what: string, required: boolean): string | null => {
    const raw = text(at(entry, element, 'Dt')) ?? text(at(entry, element, 'DtTm'))
    if (raw === null) return required ? fail(`${what} <${element}> absente.`) : null
    const date = readIsoDate(raw)
    return 'error' in date ? fail(date.error) : date.value
  }
  const details = children(entry, 'NtryDtls').flatMap((group) => children(group, 'TxDtls'))
  const debit = direction === 'DBIT'
  const counterparty = distinctOrNull(
    details.map((detail) => {
      const parties = at(detail, 'RltdPties')
      return debit
        ? (partyName(at(parties, 'Cdtr')) ?? partyName(at(parties, 'UltmtCdtr')))
        : (partyName(at(parties, 'Dbtr')) ?? partyName(at(parties, 'UltmtDbtr')))
    }),
  )
  const single = details.length === 1 ? details[0] : undefined
  const endToEnd = text(at(single, 'Refs', 'EndToEndId'))
  const creditorReference = text(at(single, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref'))
  const additional = text(at(entry, 'AddtlNtryInf'))
  const remittances = details.flatMap((detail) => children(at(detail, 'RmtInf'), 'Ustrd').map(text))
  // A batch entry (several details) has its own summary text; a hundred remittance lines would drown it.
  const rawName =
    (details.length > 1 && additional ? additional : joinLabelParts([additional, ...remittances])) ||
    joinLabelParts([counterparty, text(at(single, 'AddtlTxInf')), creditorReference]) ||
    joinLabelParts([text(at(entry, 'BkTxCd', 'Prtry', 'Cd')), text(at(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd'))])
  return {
    currency: text(isElement(amountNode) ? (amountNode['@_Ccy'] as XmlNode | undefined) : undefined),
    line: {
      datedAt: dateOf('BookgDt', 'date de comptabilisation', true) as string,
      valueDate: dateOf('ValDt', 'date de valeur', false),
      amount: debit ? `-${amount.value}`.replace(/^-0\.00$/, '0.00') : amount.value,
      rawName,
      bankId:
        text(at(entry, 'AcctSvcrRef')) ??
        text(at(entry, 'NtryRef')) ??
        text(at(single, 'Refs', 'AcctSvcrRef')) ??
        text(at(single, 'Refs', 'TxId')),
      counterparty,
      reference:
        (endToEnd === 'NOTPROVIDED' ? null : endToEnd) ?? creditorReference ?? text(at(single, 'Refs', 'ChqNb')),
    },
  }
}

function parseXml(text: string): XmlNode {
  if (declaresEntities(text)) throw new StatementError(ENTITY_REFUSAL)
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    throw new StatementError('le XML est mal formé (fichier tronqué ou abîmé).', `Ligne ${valid.err.line}`)
  }
  try {
    return parser.parse(text) as XmlNode
  } catch {
    // The validator accepted the text, so this is one of the parser's own limits (nesting depth, reserved names).
    throw new StatementError('Ce fichier XML est trop complexe pour être lu comme un relevé.')
  }
}

type Balances = { opening: string | null; closing: string | null }

/**
 * The booked opening (OPBD) and closing (CLBD) balances of a statement, signed by their <CdtDbtInd>; every balance's
 * date is checked, whatever its type, since a day that does not exist means the file is damaged.
 */
function balancesOf(statement: XmlNode, where: string): Balances {
  const found: Balances = { opening: null, closing: null }
  for (const balance of children(statement, 'Bal')) {
    const code = text(at(balance, 'Tp', 'CdOrPrtry', 'Cd')) ?? text(at(balance, 'Tp', 'CdOrPrtry', 'Prtry'))
    const location = `Élément <Bal>${code ? ` ${code}` : ''} de ${where}`
    const fail = (message: string): never => {
      throw new StatementError(message, location)
    }
    const dateText = text(at(balance, 'Dt', 'Dt')) ?? text(at(balance, 'Dt', 'DtTm'))
    if (dateText !== null) {
      const date = readIsoDate(dateText)
      if ('error' in date) fail(date.error)
    }
    const slot = code === 'OPBD' ? 'opening' : code === 'CLBD' ? 'closing' : null
    if (slot === null || found[slot] !== null) continue
    const amountText = text(at(balance, 'Amt'))
    if (amountText === null) return fail('montant <Amt> absent.')
    const amount = readAmount(amountText, { decimal: '.', grouping: false })
    if ('error' in amount) return fail(amount.error)
    if (amount.value.startsWith('-'))
      fail(`le montant ${quoted(amountText)} doit être positif : le sens est dans <CdtDbtInd>.`)
    const direction = text(at(balance, 'CdtDbtInd'))
    if (direction !== 'CRDT' && direction !== 'DBIT') fail('indicateur débit/crédit <CdtDbtInd> absent ou inconnu.')
    found[slot] = direction === 'DBIT' && amount.value !== '0.00' ? `-${amount.value}` : amount.value
  }
  return found
}

export function parseCamt(bytes: Buffer): ParsedStatement {
  const root = parseXml(readStatementText(bytes))
  const document = at(root, 'Document') ?? root
  const statements = [
    ...children(at(document, 'BkToCstmrStmt'), 'Stmt').map((node, rank) => ({ node, where: `<Stmt> n° ${rank + 1}` })),
    ...children(at(document, 'BkToCstmrDbtCdtNtfctn'), 'Ntfctn').map((node, rank) => ({
      node,
      where: `<Ntfctn> n° ${rank + 1}`,
    })),
  ]
  if (statements.length === 0 && !at(document, 'BkToCstmrStmt') && !at(document, 'BkToCstmrDbtCdtNtfctn')) {
    throw new StatementError("Ce fichier XML n'est pas un relevé camt.053 ni un avis camt.054.")
  }
  const accounts = new Map<string, StatementAccount>()
  let index = 0
  for (const { node: statement, where } of statements) {
    const account = at(statement, 'Acct')
    const ibanText = text(at(account, 'Id', 'IBAN'))
    const iban = ibanText && ibanIsValid(ibanText) ? normalizeIban(ibanText) : null
    const lines: StatementLine[] = []
    const booked: string[] = []
    let currency = text(at(account, 'Ccy'))
    for (const entry of children(statement, 'Ntry')) {
      index++
      const parsed = toLine(entry, index)
      currency ??= parsed.currency
      lines.push(parsed.line)
      if (isBooked(entry)) booked.push(parsed.line.amount)
    }
    const { opening, closing } = balancesOf(statement, where)
    if (opening !== null && closing !== null) {
      const mismatch = balanceMismatch(opening, booked, closing, currency)
      if (mismatch) throw new StatementError(mismatch, `Élément ${where}`)
    }
    const accountId = ibanText ?? text(at(account, 'Id', 'Othr', 'Id'))
    // Several statements of one account (one per day, say) make one account, as one journal receives them.
    const key = accountId === null ? `#${accounts.size}` : `${accountId}|${currency}`
    const known = accounts.get(key)
    if (known) for (const line of lines) known.lines.push(line)
    else accounts.set(key, { accountId, iban, currency, lines })
  }
  return { format: 'camt053', accounts: [...accounts.values()] }
}
