import { collapseSpaces } from './text'

/**
 * The name people read for a bank line, from the label the bank wrote: "CARTE X1234 12/03 CARREFOUR CITY" becomes
 * "Carrefour City", "PRLV SEPA FREE MOBILE" becomes "Prlv Free Mobile". The raw label is kept beside it for ever
 * (transactions.raw_name), so this may drop what helps nobody at a glance: card numbers, dates already in the date
 * column, mandate and creditor ids, long references. It never invents a word and never returns an empty string.
 */

/** Longer labels are cut first: a display name needs no more, and the cut bounds the cost of the expressions below. */
const MAX_INPUT = 300

/** The kind of operation at the start of the label, and the short word kept for it ('' drops it). */
const PREFIXES: [RegExp, string, 'card' | 'transfer' | 'other'][] = [
  [/^(?:PAIEMENT|ACHAT|FACTURE|FACT|PAIE)\.?\s+(?:PAR\s+)?(?:CB|CARTE)\b(?:\s+(?:DU|LE)\b)?/i, '', 'card'],
  [/^(?:CARTE|CB)\b(?:\s+(?:DU|LE)\b)?/i, '', 'card'],
  [/^(?:PRLV|PRELEVEMENT|PRÉLÈVEMENT|PRELEV)(?:\s+SEPA)?(?:\s+(?:EUROPEEN|EUROPÉEN))?\b/i, 'Prlv', 'other'],
  [
    /^(?:VIR|VIREMENT)(?:\s+SEPA)?(?:\s+(?:INST|INSTANTANE|INSTANTANÉ))?(?:\s+(?:RECU|REÇU|EMIS|ÉMIS|PERMANENT|EN VOTRE FAVEUR|FAVEUR))?\b/i,
    'Vir',
    'transfer',
  ],
  [/^(?:REMISE\s+(?:DE\s+)?(?:CHEQUES?|CHÈQUES?|CHQ)|REM\s+CHQ)\b/i, 'Remise chèque', 'other'],
  [/^(?:CHEQUE|CHÈQUE|CHQ)\b\.?/i, 'Chèque', 'other'],
  [/^RETRAIT(?:\s+(?:DAB|GAB|CB|CARTE))?\b/i, 'Retrait', 'card'],
]

/** Card numbers, terminal numbers and the card's date, as they follow a card prefix. */
const CARD_TOKEN = /^(?:[X*]+\d+|\d{4,}|CB[:*]*\d+|\*+\d+|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)$/i

/** A masked card number or a card mark: "CB****3419", "4974XXXXXXXX1234", "CB:*0123456", "X1234". */
const MASKED_CARD = /^(?:CB)?[:*]*[X*]{1,}\d{4,}$|^\d{4}[X*]{4,}\d{4}$|^CB[:*]+\d+$/i

/** Structured SEPA fields whose value is an id: the field and its value go. */
const ID_FIELDS =
  /(?:^|\s)\/?(?:REF|MDT|RUM|ICS|ECH|NUM|ID\.?\s?EMETTEUR|N\.?\s?EMETTEUR|NNE|REFERENCE|RÉFÉRENCE|MANDAT|IBAN|BIC|ID)\s?[:/]\s?\S*/gi

const SMALL_WORDS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'et',
  'a',
  'à',
  'au',
  'aux',
  'en',
  'pour',
  'sur',
  'par',
  'd',
  'l',
])

/** Upper-case words that stay upper case: acronyms with vowels, which the no-vowel rule below would not catch. */
const ACRONYMS = new Set([
  'SA',
  'SAS',
  'SASU',
  'SARL',
  'EURL',
  'SCI',
  'SNC',
  'EI',
  'EDF',
  'GDF',
  'RATP',
  'URSSAF',
  'CAF',
  'CPAM',
  'TVA',
  'IBAN',
  'BIC',
  'SEPA',
  'HT',
  'TTC',
  'AXA',
  'MAIF',
  'MACIF',
  'MAAF',
  'MMA',
  'BNP',
  'SG',
  'CIC',
  'LCL',
  'CA',
  'CE',
  'BPI',
  'DAB',
  'GAB',
  'TPE',
  'UE',
  'USA',
  'UK',
  'OVH',
  'SFR',
  'IKEA',
  'ENI',
  'TOTAL',
  'DGFIP',
  'INSEE',
  'INPI',
  'SIE',
  'CFE',
  'AMEX',
  'API',
  'IT',
  'SNCF',
  'PMU',
  'FDJ',
  'EU',
])

const isDayMonth = (digits: string) => {
  const day = Number(digits.slice(0, 2))
  const month = Number(digits.slice(2, 4))
  return day >= 1 && day <= 31 && month >= 1 && month <= 12
}

/** A token that is an id or a reference, not a word: long digit runs, long mixes of letters and many digits. */
function isIdToken(token: string): boolean {
  if (token.includes('-')) return false // invoice numbers such as F-2026-0012 stay: people look for them
  const bare = token.replace(/[.,;:()]+$/, '')
  if (/^\d{7,}$/.test(bare)) return true
  if (/^\d{6}$/.test(bare) && isDayMonth(bare)) return true // DDMMYY
  const digits = bare.replace(/\D/g, '').length
  return bare.length >= 10 && digits >= 6
}

function capitalize(word: string, first: boolean): string {
  const letters = word.replace(/[^\p{L}]/gu, '')
  if (letters === '' || /\d/.test(word) || letters !== letters.toUpperCase()) return word
  const bare = word.replace(/[^\p{L}]/gu, '')
  if (ACRONYMS.has(bare) || (bare.length >= 3 && bare.length <= 5 && !/[AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ]/.test(bare))) return word
  const lower = word.toLowerCase()
  if (!first && SMALL_WORDS.has(lower)) return lower
  // Capitals after a hyphen (Saint-Andre) and after an elision (L'Atelier), not after a plural mark (Color's).
  return lower.replace(/(?<=^[^\p{L}\d]*|-|\b[ldj]')\p{L}/gu, (letter) => letter.toUpperCase())
}

export function cleanLabel(rawName: string): string {
  const raw = collapseSpaces(rawName)
  if (raw === '') return 'Sans libellé'
  let rest = raw.length > MAX_INPUT ? raw.slice(0, MAX_INPUT) : raw
  let word = ''
  let kind: 'card' | 'transfer' | 'other' | null = null
  for (const [pattern, short, prefixKind] of PREFIXES) {
    const match = pattern.exec(rest)
    if (match) {
      word = short
      kind = prefixKind
      rest = rest.slice(match[0].length)
      // Some banks repeat the operation in the detail ("VIR RECU 508160 VIR RECU …"): once is enough.
      const again = rest.toUpperCase().indexOf(` ${match[0].toUpperCase()} `)
      if (again !== -1) rest = `${rest.slice(0, again)} ${rest.slice(again + match[0].length + 2)}`
      break
    }
  }
  rest = rest
    .replace(ID_FIELDS, ' ')
    .replace(/(?:^|\s)(?:DU|LE)\s+(?:\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|\d{6})(?=\s|$)/gi, ' ')
  // "/DE name /MOTIF text": the name and the reason stay, their markers go.
  rest = rest.replace(/(?:^|\s)\/(?:DE|FROM|A|POUR|BEN|BENEF)\s/gi, ' ').replace(/(?:^|\s)\/MOTIF\s/gi, ' - ')
  let tokens = collapseSpaces(rest).split(' ')
  if (kind === 'card') {
    while (tokens.length && CARD_TOKEN.test(tokens[0] as string)) tokens.shift()
    if (tokens.length && /^\d{4}$/.test(tokens[0] as string) && isDayMonth(tokens[0] as string)) tokens.shift()
  }
  // "CARTE 4974XXXXXXXX1234" later in the label: the word goes with the number.
  tokens = tokens.filter(
    (token, index) => !(/^(?:CARTE|CB)$/i.test(token) && MASKED_CARD.test(tokens[index + 1] ?? '')),
  )
  if (kind === 'transfer' && tokens.length > 1 && /^(?:DE|A|À|POUR|FROM)$/i.test(tokens[0] as string)) tokens.shift()
  tokens = tokens
    // Masked cards, card marks and dates anywhere: "CB****3419", "4974XXXXXXXX1234", "12/03", "DU 12/03/22".
    .filter((token) => !MASKED_CARD.test(token))
    .filter((token) => !/^\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?(?:\/\d{1,2}:\d{2})?$/.test(token) && token !== '/')
    // The département glued before a town, as card payments print it: "30BORDEAUX" → "BORDEAUX".
    .map((token) =>
      token.replace(/^(\p{L}*)\d{2}(\p{Lu}{4,})$/u, (_m, before: string, town: string) =>
        before ? `${before} ${town}` : town,
      ),
    )
    .filter((token) => !isIdToken(token))
  if (kind === 'other' && word === 'Chèque') {
    // The cheque number is what identifies a cheque: put it back if the id filter took it.
    const number = /^\S+\s+(\d{4,8})(?:\s|$)/.exec(raw)?.[1]
    if (number && !tokens.includes(number)) tokens.unshift(number)
  }
  const words = collapseSpaces(tokens.join(' '))
    .replace(/^[\s\-/:.,;]+|[\s\-/:,;]+$/g, '')
    .replace(/(?:\s-)+\s/g, ' - ')
    .split(' ')
    .filter((token) => token !== '')
  const body = words.map((token, index) => capitalize(token, index === 0 && word === '')).join(' ')
  const label = collapseSpaces(`${word} ${body}`)
  return /[\p{L}\d]/u.test(body) || (word !== '' && body === '') ? label || raw : raw
}
