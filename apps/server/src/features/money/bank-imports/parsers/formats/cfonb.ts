import { formatAmount } from '../amounts'
import { balanceMismatch } from '../balances'
import { dateFromParts } from '../dates'
import { frenchIban } from '../rib'
import { joinLabelParts, readStatementText, textOrNull } from '../text'
import { type ParsedStatement, quoted, type StatementAccount, StatementError, type StatementLine } from '../types'

/**
 * CFONB 120 ("relevé AFB 120"), the statement file every French bank delivers: 120-character records, 01 opening
 * balance, 04 movement, 05 complement of the movement before it, 07 closing balance. Columns as the CFONB brochure
 * numbers them (1-based): account number 22–32, booking date 35–40, value date 43–48, label 49–79, amount 91–104 with
 * its decimal count in column 20 and its sign in its last character. A 05 record's qualifier (LIB, NPY, NBE, RCN…) is
 * in 46–48 and its text in 49–118.
 *
 * The balance records are how the file proves itself whole: each 01…07 section is one account (its movements on the
 * same account), its dates exist, and its opening balance plus its movements is its closing balance. A file that fails
 * any of it is refused whole, since the lines it would import could be any part of what the bank sent.
 */

export const CFONB_RECORD_LENGTH = 120

/** `part` is 0 for a record alone on its line, else its rank in a line holding several. */
type CfonbRecord = { text: string; line: number; part: number }

/** Built only for an error message: a 50 MB file has 400,000 records. */
const locationOf = (record: CfonbRecord) =>
  record.part === 0 ? `Ligne ${record.line}` : `Ligne ${record.line}, enregistrement n° ${record.part}`

function refuse(record: CfonbRecord, message: string): never {
  throw new StatementError(message, locationOf(record))
}

/**
 * The records of the file. Banks separate them by CRLF or LF, with blank lines sometimes, or not at all (one long
 * line): a line longer than a record is cut every 120 characters. Trailing spaces trimmed by a mail client are put back.
 */
export function cfonbRecords(text: string): CfonbRecord[] {
  const records: CfonbRecord[] = []
  const lines = text.split(/\r\n|\r|\n/)
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    if (line.trim() === '') continue
    if (line.length <= CFONB_RECORD_LENGTH) {
      records.push({ text: line.padEnd(CFONB_RECORD_LENGTH, ' '), line: index + 1, part: 0 })
      continue
    }
    for (let start = 0, count = 1; start < line.length; start += CFONB_RECORD_LENGTH, count++) {
      const chunk = line.slice(start, start + CFONB_RECORD_LENGTH)
      if (chunk.trim() === '') continue
      records.push({ text: chunk.padEnd(CFONB_RECORD_LENGTH, ' '), line: index + 1, part: count })
    }
  }
  return records
}

const OVERPUNCH_POSITIVE = '{ABCDEFGHI'
const OVERPUNCH_NEGATIVE = '}JKLMNOPQR'

/**
 * Columns 91–104: thirteen digits and a last character holding the last digit and the sign. `what` names the amount in
 * messages: a movement's "montant", or the balance of a 01 or 07 record.
 */
function cfonbAmount(record: CfonbRecord, what = 'montant'): string {
  const raw = record.text.slice(90, 104)
  const fail = (message: string): never => {
    throw new StatementError(message, locationOf(record))
  }
  const decimalsChar = record.text.charAt(19)
  const decimals = decimalsChar === ' ' ? 2 : Number(decimalsChar)
  if (!/^[ \d]$/.test(decimalsChar))
    fail(`le nombre de décimales ${quoted(decimalsChar)} (colonne 20) n'est pas un chiffre.`)
  if (raw.trim() === '') fail(`${what} absent (colonnes 91 à 104).`)
  // Lenient on leading blanks where zeros belong, as some banks write them.
  const digits = raw.slice(0, 13).replace(/ /g, '0')
  const last = raw.charAt(13)
  if (!/^\d{13}$/.test(digits)) fail(`le ${what} ${quoted(raw.trim())} n'est pas un nombre.`)
  let lastDigit: number
  let negative = false
  if (OVERPUNCH_POSITIVE.includes(last)) lastDigit = OVERPUNCH_POSITIVE.indexOf(last)
  else if (OVERPUNCH_NEGATIVE.includes(last)) {
    lastDigit = OVERPUNCH_NEGATIVE.indexOf(last)
    negative = true
  } else if (/^\d$/.test(last)) lastDigit = Number(last)
  else return fail(`le ${what} ${quoted(raw.trim())} se termine par ${quoted(last)}, qui n'est pas un signe CFONB.`)
  const all = `${digits}${lastDigit}`
  const amount = formatAmount(
    negative,
    all.slice(0, all.length - decimals),
    all.slice(all.length - decimals),
    raw.trim(),
  )
  return 'error' in amount ? fail(amount.error) : amount.value
}

/** DDMMYY at a 0-based column; null when blank or zero-filled and `optional`. */
function cfonbDate(record: CfonbRecord, start: number, what: string, optional: boolean): string | null {
  const raw = record.text.slice(start, start + 6)
  if (raw.trim() === '' || raw === '000000') {
    if (optional) return null
    throw new StatementError(`${what} absente (colonnes ${start + 1} à ${start + 6}).`, locationOf(record))
  }
  if (!/^\d{6}$/.test(raw))
    throw new StatementError(`la ${what} ${quoted(raw)} n'est pas au format JJMMAA.`, locationOf(record))
  const date = dateFromParts(raw, raw.slice(4, 6), raw.slice(2, 4), raw.slice(0, 2))
  if ('error' in date) throw new StatementError(`la ${what} ${quoted(raw)} n'existe pas.`, locationOf(record))
  return date.value
}

/** 05 qualifiers whose text continues the label; the others are names and references with their own fields. */
const LABEL_QUALIFIERS = ['LIB', 'LCC', 'LC2', 'LCS']

type Movement = { record: CfonbRecord; complements: Map<string, string[]> }

function toLine({ record, complements }: Movement): StatementLine {
  const amount = cfonbAmount(record)
  const first = (qualifier: string) => textOrNull(complements.get(qualifier)?.[0])
  const labelParts = [record.text.slice(48, 79)]
  for (const qualifier of LABEL_QUALIFIERS) labelParts.push(...(complements.get(qualifier) ?? []))
  // The other party: the payer of a credit, the beneficiary of a debit; a bank that fills only one of them is believed.
  const payer = first('NPY') ?? first('NPO')
  const beneficiary = first('NBE') ?? first('NBU')
  return {
    datedAt: cfonbDate(record, 34, 'date de comptabilisation', false) as string,
    valueDate: cfonbDate(record, 42, 'date de valeur', true),
    amount,
    rawName: joinLabelParts(labelParts),
    // CFONB has no id of a movement that is stable from one file to the next (the entry number in columns 82–88 is
    // often zero or blank), so the import recognises lines by date, amount and label.
    bankId: null,
    counterparty: amount.startsWith('-') ? (beneficiary ?? payer) : (payer ?? beneficiary),
    reference: first('RCN') ?? first('REF') ?? textOrNull(record.text.slice(104, 120)),
  }
}

/**
 * The account a record is about: branch (columns 12–16) and account number (22–32). The bank code (3–7) is left out:
 * banks write another of their codes on some movements and closing records of the same account (Crédit Mutuel's 10278
 * and 10556, Crédit Mutuel de Bretagne's 15589 and 15489 in the samples).
 */
const accountKey = (record: CfonbRecord) => `${record.text.slice(11, 16)}|${record.text.slice(21, 32)}`

/** « 01234567890 » du guichet « 01234 »: an account key as a message shows it. */
const accountText = (key: string) => {
  const [branch, number] = key.split('|') as [string, string]
  return `${quoted(number.trim())} du guichet ${quoted(branch.trim())}`
}

/** An account section: a 01 opening balance, the movements of its account, and the 07 that closes it. */
type Section = { opening: CfonbRecord; key: string; balance: string; currency: string | null; movements: string[] }

export function parseCfonb(bytes: Buffer): ParsedStatement {
  const records = cfonbRecords(readStatementText(bytes))
  const accounts = new Map<string, StatementAccount>()
  const accountOf = (record: CfonbRecord): StatementAccount => {
    const text = record.text
    const number = text.slice(21, 32)
    const key = accountKey(record)
    const currency = textOrNull(text.slice(16, 19))
    let account = accounts.get(key)
    if (!account) {
      account = {
        accountId: textOrNull(number),
        iban: frenchIban(text.slice(2, 7), text.slice(11, 16), number),
        currency,
        lines: [],
      }
      accounts.set(key, account)
    }
    account.currency ??= currency
    return account
  }
  // A file with balance records is read section by section and every section must add up; a file of bare movements
  // (no 01 nor 07 at all) has nothing to check them against and is read as it is.
  const sectioned = records.some((record) => record.text.startsWith('01') || record.text.startsWith('07'))
  let section: Section | null = null
  let lastClosing: CfonbRecord | null = null
  let movement: Movement | null = null
  const settle = () => {
    if (!movement) return
    const line = toLine(movement)
    accountOf(movement.record).lines.push(line)
    section?.movements.push(line.amount)
    movement = null
  }
  for (const record of records) {
    const code = record.text.slice(0, 2)
    if (code === '05') {
      const current = movement as Movement | null
      if (!current) refuse(record, 'complément 05 sans mouvement 04 avant lui.')
      const qualifier = record.text.slice(45, 48)
      const list = current.complements.get(qualifier)
      if (list) list.push(record.text.slice(48, 118))
      else current.complements.set(qualifier, [record.text.slice(48, 118)])
    } else if (code === '04') {
      settle()
      const open = section as Section | null
      if (open && accountKey(record) !== open.key) {
        refuse(
          record,
          `ce mouvement est sur le compte ${accountText(accountKey(record))}, alors que le solde d'ouverture de la ligne ${open.opening.line} est celui du compte ${accountText(open.key)}.`,
        )
      }
      if (!open && sectioned) {
        refuse(
          record,
          lastClosing
            ? `mouvement 04 hors de tout relevé : il suit le solde de clôture de la ligne ${lastClosing.line} sans nouveau solde d'ouverture (enregistrement 01).`
            : "mouvement 04 avant le solde d'ouverture (enregistrement 01) de son compte.",
        )
      }
      movement = { record, complements: new Map() }
    } else if (code === '01') {
      settle()
      const open = section as Section | null
      if (open) {
        refuse(
          record,
          `nouveau solde d'ouverture alors que le relevé ouvert ligne ${open.opening.line} n'a pas de solde de clôture (enregistrement 07).`,
        )
      }
      cfonbDate(record, 34, "date du solde d'ouverture", false)
      section = {
        opening: record,
        key: accountKey(record),
        balance: cfonbAmount(record, "solde d'ouverture"),
        currency: textOrNull(record.text.slice(16, 19)),
        movements: [],
      }
      accountOf(record)
    } else if (code === '07') {
      settle()
      const open = section as Section | null
      if (!open) refuse(record, "solde de clôture sans solde d'ouverture (enregistrement 01) avant lui.")
      if (accountKey(record) !== open.key) {
        refuse(
          record,
          `le solde de clôture est celui du compte ${accountText(accountKey(record))}, alors que le solde d'ouverture de la ligne ${open.opening.line} est celui du compte ${accountText(open.key)}.`,
        )
      }
      cfonbDate(record, 34, 'date du solde de clôture', false)
      const closing = cfonbAmount(record, 'solde de clôture')
      const currency = open.currency ?? textOrNull(record.text.slice(16, 19)) ?? accountOf(record).currency
      const mismatch = balanceMismatch(open.balance, open.movements, closing, currency)
      if (mismatch) refuse(record, mismatch)
      section = null
      lastClosing = record
    } else {
      refuse(
        record,
        `type d'enregistrement ${quoted(code)} inconnu : un relevé CFONB 120 n'a que des enregistrements 01, 04, 05 et 07.`,
      )
    }
  }
  settle()
  if (section) {
    throw new StatementError(
      "Le relevé CFONB s'arrête sans solde final (enregistrement 07) : le fichier semble tronqué.",
    )
  }
  return { format: 'cfonb120', accounts: [...accounts.values()] }
}
