import { ibanIsValid, normalizeIban } from '@app/domain'
import { readAmount } from '../amounts'
import { readCompactDate } from '../dates'
import { frenchIban } from '../rib'
import { joinLabelParts, readStatementText, textOrNull } from '../text'
import { type ParsedStatement, type StatementAccount, StatementError, type StatementLine } from '../types'
import { scanOfx } from './ofx-scanner'

/**
 * OFX 1.x (SGML) and 2.x (XML) bank and credit-card statements: one account per STMTRS or CCSTMTRS, one line per
 * STMTTRN. Accounts are kept apart even when their ACCTID is the same: banks mask it (Banque Populaire writes the same
 * `99999999999` for a current and a savings account).
 */

type Transaction = { index: number; line: number; fields: Map<string, string> }
/** `location` names the STMTRS or CCSTMTRS element, for the message that refuses it. */
type AccountDraft = { account: StatementAccount; fields: Map<string, string>; location: string }

const ACCOUNT_FIELDS = new Set(['ACCTID', 'BANKID', 'BRANCHID', 'ACCTKEY'])

function accountIdentity(draft: AccountDraft): void {
  const { account, fields } = draft
  account.accountId = textOrNull(fields.get('ACCTID'))
  account.currency = textOrNull(fields.get('CURDEF'))?.toUpperCase() ?? null
  const id = account.accountId
  if (id && ibanIsValid(id)) account.iban = normalizeIban(id)
  else if (id)
    account.iban = frenchIban(fields.get('BANKID') ?? '', fields.get('BRANCHID') ?? '', id, fields.get('ACCTKEY'))
}

function toLine(transaction: Transaction): StatementLine {
  const { fields } = transaction
  const location = `Élément <STMTTRN> n° ${transaction.index} (ligne ${transaction.line})`
  const fail = (message: string): never => {
    throw new StatementError(message, location)
  }
  const posted = fields.get('DTPOSTED')?.trim()
  if (!posted) fail('date de comptabilisation <DTPOSTED> absente.')
  const datedAt = readCompactDate(posted as string)
  if ('error' in datedAt) return fail(datedAt.error)
  const valueText = textOrNull(fields.get('DTAVAIL') ?? fields.get('VALUEDATE'))
  const valueDate = valueText === null ? null : readCompactDate(valueText)
  if (valueDate && 'error' in valueDate) return fail(valueDate.error)
  const amountText = fields.get('TRNAMT')?.trim()
  if (!amountText) return fail('montant <TRNAMT> absent.')
  const amount = readAmount(amountText, { decimal: 'auto', grouping: false })
  if ('error' in amount) return fail(amount.error)
  const checkNumber = textOrNull(fields.get('CHECKNUM'))
  const rawName =
    joinLabelParts([fields.get('NAME'), fields.get('MEMO')]) ||
    joinLabelParts([fields.get('PAYEE.NAME'), fields.get('TRNTYPE'), checkNumber])
  return {
    datedAt: datedAt.value,
    valueDate: valueDate?.value ?? null,
    amount: amount.value,
    rawName,
    bankId: textOrNull(fields.get('FITID')),
    counterparty: textOrNull(fields.get('PAYEE.NAME')),
    reference: checkNumber ?? textOrNull(fields.get('REFNUM')),
  }
}

export function parseOfx(bytes: Buffer): ParsedStatement {
  const text = readStatementText(bytes)
  const accounts: StatementAccount[] = []
  const open: string[] = []
  let ofxOpened = false
  let ofxClosed = false
  let draft: AccountDraft | null = null
  let transaction: Transaction | null = null
  let transactionPath: string[] = []
  let transactions = 0
  let statements = 0

  scanOfx(text, {
    open(name, line) {
      open.push(name)
      if (name === 'OFX') ofxOpened = true
      else if (name === 'STMTRS' || name === 'CCSTMTRS') {
        statements++
        draft = {
          account: { accountId: null, iban: null, currency: null, lines: [] },
          fields: new Map(),
          location: `Élément <${name}> n° ${statements} (ligne ${line})`,
        }
        accounts.push(draft.account)
      } else if (name === 'STMTTRN') {
        transactions++
        transaction = { index: transactions, line, fields: new Map() }
        transactionPath = []
      } else if (transaction) transactionPath.push(name)
    },
    leaf(name, value, line) {
      if (name === 'STMTTRN') {
        // `<STMTTRN></STMTTRN>`: an entry with nothing in it is still an entry, and a faulty one.
        transactions++
        toLine({ index: transactions, line, fields: new Map() })
      }
      if (transaction) {
        const path = transactionPath.length ? `${transactionPath.join('.')}.${name}` : name
        if (!transaction.fields.has(path)) transaction.fields.set(path, value)
        return
      }
      const parent = open[open.length - 1]
      // The statement's period: only its dates are read, and a day that does not exist means a damaged file. Empty,
      // it is simply not given.
      if ((name === 'DTSTART' || name === 'DTEND') && parent === 'BANKTRANLIST' && value.trim() !== '') {
        const date = readCompactDate(value)
        if ('error' in date) throw new StatementError(date.error, `Élément <${name}> (ligne ${line})`)
      }
      const current = draft as AccountDraft | null
      if (!current) return
      if (name === 'CURDEF' || (ACCOUNT_FIELDS.has(name) && (parent === 'BANKACCTFROM' || parent === 'CCACCTFROM'))) {
        current.fields.set(name, value)
        accountIdentity(current)
      }
    },
    close(name) {
      open.pop()
      if (name === 'OFX') ofxClosed = true
      else if (name === 'STMTRS' || name === 'CCSTMTRS') {
        const closed = draft as AccountDraft | null
        // Movements of no known account would land in whichever journal the file is imported into. An empty
        // statement without number (Banque Populaire's savings account in its exports) brings nothing and stays.
        if (closed && closed.account.accountId === null && closed.account.lines.length > 0) {
          const count = closed.account.lines.length
          throw new StatementError(
            count === 1
              ? "numéro de compte <ACCTID> absent : son opération n'est rattachée à aucun compte."
              : `numéro de compte <ACCTID> absent : ses ${count} opérations ne sont rattachées à aucun compte.`,
            closed.location,
          )
        }
        draft = null
      } else if (name === 'STMTTRN' && transaction) {
        const line = toLine(transaction)
        const target = (draft as AccountDraft | null)?.account
        if (!target) {
          const { index, line: at } = transaction as Transaction
          throw new StatementError(
            'opération hors de tout relevé de compte (<STMTRS> ou <CCSTMTRS>) : on ne sait pas à quel compte elle appartient.',
            `Élément <STMTTRN> n° ${index} (ligne ${at})`,
          )
        }
        target.lines.push(line)
        transaction = null
      } else if (transaction) transactionPath.pop()
    },
  })

  if (!ofxOpened) throw new StatementError("Ce fichier n'est pas un relevé OFX : la balise <OFX> est absente.")
  if (!ofxClosed || transaction) {
    throw new StatementError(
      "Le fichier OFX est incomplet : il s'arrête avant la balise </OFX> de fin (fichier tronqué ?).",
    )
  }
  return { format: 'ofx', accounts }
}
