import { invoiceFigures } from './ledger-year-books'

/**
 * The seeded year of issue 16's acceptance test (ledger-year.test.ts): integer money and the generator of invoices, payments, bank lines and receipts.
 */
// ---------------------------------------------------------------------------------------------------------------------
// Integer money

/** Cents, half rounded away from zero: n / d for integers, d > 0. */
export function divideHalfUp(n: number, d: number): number {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d) || d <= 0) throw new RangeError(`bad division ${n} / ${d}`)
  if (n < 0) return -divideHalfUp(-n, d)
  return Math.floor((2 * n + d) / (2 * d))
}

/** True when n / d falls exactly on half a cent: the one case where a decimal library's precision could matter. */
export const isTie = (n: number, d: number) => (2 * Math.abs(n)) % (2 * d) === d

/** 123456 → "1234.56", -5 → "-0.05": the API's two-decimal strings. */
export function euros(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** "1234,56" (a French spreadsheet's cell) or "1234.56" → cents, refusing anything else. */
export function centsOf(text: string): number {
  const match = /^(-?)(\d+)[.,](\d{2})$/.exec(text)
  if (!match) throw new RangeError(`not an amount with two decimals: "${text}"`)
  const value = Number(match[2]) * 100 + Number(match[3])
  return match[1] === '-' ? -value : value
}

/** Whole euros as the CA3 is filled: half a euro counts for one. */
export const toWholeEuros = (cents: number) => divideHalfUp(cents, 100) * 100

// ---------------------------------------------------------------------------------------------------------------------
// The generator

/** A linear congruential generator (Numerical Recipes' constants): the same seed, the same year. */
export function lcg(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
  }
}

export type Rate = '20' | '10' | '5.5'
/** The rate in basis points: 20 % → 2000. */
export const RATE_BP: Record<Rate, number> = { '20': 2000, '10': 1000, '5.5': 550 }
export const RATES: readonly Rate[] = ['20', '10', '5.5']
/** Seeded taxes (TAX_IDS): collected 20 %, 10 %, 5.5 %, mainland France. */
export const SALES_TAX_ID: Record<Rate, number> = { '20': 1, '10': 2, '5.5': 3 }
export type Nature = 'goods' | 'services'

export type SaleLine = { name: string; nature: Nature; rate: Rate; quantity: number; unitCents: number }
export type InvoiceSpec = { key: string; date: string; customer: number; lines: SaleLine[] }

/** Categories of bank lines: the seeded ones of test/money.ts, and 706 for a sale paid straight to the bank. */
export type Category = 'PHONE' | 'TRAVEL' | 'BANK_FEES' | 'SALES'
export const CATEGORY_ACCOUNT: Record<Category, { code: string; rate: Rate | null }> = {
  PHONE: { code: '626', rate: '20' },
  TRAVEL: { code: '6251', rate: '10' },
  BANK_FEES: { code: '627', rate: null },
  SALES: { code: '706', rate: '20' },
}

export type BankLineSpec = {
  key: string
  date: string
  bank: 1 | 2
  name: string
  /** Signed: + money in, − money out. */
  amountCents: number
  /** The invoices it pays (keys), attached in this order. */
  pays?: string[]
  category?: Category
  /** A receipt attached to it after it is categorised. */
  receipt?: string
}

export type ReceiptSpec = { key: string; date: string; reference: string; htCents: number; ttcCents: number }

/** A quote of services, its deposit invoice (a percentage of it) and its final invoice. */
export type DepositSpec = {
  customer: number
  quoteDate: string
  unitCents: number
  rate: Rate
  percentage: number
  depositDate: string
  finalDate: string
}

export type Scenario = {
  customers: string[]
  invoices: InvoiceSpec[]
  deposit: DepositSpec
  /** Total credit notes of these invoices, made on these dates. */
  creditNotes: { key: string; invoice: string; date: string }[]
  /** Invoices marked paid by hand (no bank line), on these dates. */
  handPayments: { invoice: string; date: string }[]
  bankLines: BankLineSpec[]
  receipts: ReceiptSpec[]
  /** The month whose CA3 the test reads as a PDF: mixed rates, services paid late, goods and a credit note. */
  ca3Month: number
}

export const pad = (value: number) => String(value).padStart(2, '0')
const day = (month: number, dayOfMonth: number) => `2026-${pad(month)}-${pad(dayOfMonth)}`

/** The scripted part of the year: what the issue asks for by name, at known dates. */
function scriptedInvoices(): InvoiceSpec[] {
  const services = (rate: Rate, quantity: number, unitCents: number, name = 'Prestation'): SaleLine => ({
    name,
    nature: 'services',
    rate,
    quantity,
    unitCents,
  })
  const goods = (rate: Rate, quantity: number, unitCents: number, name = 'Marchandise'): SaleLine => ({
    name,
    nature: 'goods',
    rate,
    quantity,
    unitCents,
  })
  return [
    // Books at 5.5 %, credited in full in December: more than December sells at 5.5 %, so the return's line 09 is
    // left empty and the negative VAT goes to line 21 (its base to B5), as the notice says.
    { key: 'feb-books', date: '2026-02-05', customer: 1, lines: [goods('5.5', 40, 2400, 'Livres')] },
    // Goods at 20 %, credited in full in June (the CA3 month): negative collected VAT on the credit note's date.
    { key: 'march-goods', date: '2026-03-16', customer: 2, lines: [goods('20', 3, 14550, 'Lampes')] },
    // Services at 10 % and 20 % invoiced in May, paid in June: their VAT falls due in June.
    {
      key: 'may-services',
      date: '2026-05-12',
      customer: 3,
      lines: [services('10', 4, 31225, 'Travaux'), services('20', 1, 48000, 'Conseil')],
    },
    // Goods at 5.5 % and 20 % with services at 10 %, invoiced and paid in June.
    {
      key: 'june-goods',
      date: '2026-06-09',
      customer: 4,
      lines: [goods('5.5', 12, 1840, 'Livres'), goods('20', 2, 8990, 'Lampes'), services('10', 1, 25000, 'Pose')],
    },
    // Goods and services at the same rate: their VAT split by nature (amounts whose VAT is exact per nature).
    {
      key: 'june-mixed',
      date: '2026-06-15',
      customer: 0,
      lines: [goods('20', 3, 4000, 'Câbles'), services('20', 2, 15000, 'Installation')],
    },
    // Two invoices of one customer paid by one transfer.
    { key: 'july-pair-a', date: '2026-07-07', customer: 0, lines: [goods('5.5', 10, 2400, 'Livres')] },
    { key: 'july-pair-b', date: '2026-07-21', customer: 0, lines: [services('20', 3, 27500, 'Formation')] },
    // Services marked paid by hand (a cheque): all its VAT falls due on the payment date, in OD.
    { key: 'aug-by-hand', date: '2026-08-06', customer: 1, lines: [services('20', 1, 150000, 'Audit')] },
    // Services at two rates paid in two instalments: each rate's share of the first, what is left of it with the last.
    {
      key: 'sep-partial',
      date: '2026-09-08',
      customer: 3,
      lines: [services('20', 1, 100000, 'Développement'), services('10', 2, 22550, 'Travaux')],
    },
    // Services credited in full: the VAT waiting on 44574 goes back, none was ever due.
    { key: 'oct-credited', date: '2026-10-14', customer: 4, lines: [services('20', 1, 64000, 'Maintenance')] },
  ]
}

/**
 * The year: the scripted invoices above, and two or three generated invoices a month (1 to 3 lines, each rate holding
 * one nature), paid in the month, the next month or never; a phone bill a month, some trips, quarterly bank fees, an
 * unexplained withdrawal, a counter sale, two receipts, and a deposit with its final invoice.
 */
export function generateYear(seed: number): Scenario {
  const rng = lcg(seed)
  const customers = ['Danone', 'Boulangerie Leroy', 'Cabinet Morel', 'Garage Petit', 'Hôtel du Lac']
  const invoices = scriptedInvoices()
  const bankLines: BankLineSpec[] = []
  const line = (spec: Omit<BankLineSpec, 'key'>) => bankLines.push({ key: `L${bankLines.length + 1}`, ...spec })
  const totalOf = (invoice: InvoiceSpec) => invoiceFigures(invoice).ttc

  for (let month = 1; month <= 12; month++) {
    const count = rng.int(2, 3)
    for (let index = 0; index < count; index++) {
      const dayOfMonth = 2 + 8 * index + rng.int(0, 6)
      const lines: SaleLine[] = []
      const natureAt = new Map<Rate, Nature>()
      for (let n = rng.int(1, 3); n > 0; n--) {
        const rate = rng.pick<Rate>(['20', '20', '10', '5.5'])
        const nature = natureAt.get(rate) ?? rng.pick<Nature>(['goods', 'services'])
        natureAt.set(rate, nature)
        lines.push({
          name: nature === 'goods' ? 'Fournitures' : 'Prestation',
          nature,
          rate,
          quantity: rng.int(1, 5),
          unitCents: rng.int(1500, 60000),
        })
      }
      const invoice = { key: `G${month}-${index}`, date: day(month, dayOfMonth), customer: rng.int(0, 4), lines }
      invoices.push(invoice)
      const hasServices = lines.some((l) => l.nature === 'services')
      const draw = rng.next()
      const bank = rng.next() < 0.7 ? 1 : 2
      const sameMonth = draw < (hasServices ? 0.3 : 0.5)
      const nextMonth = !sameMonth && draw < (hasServices ? 0.8 : 0.75) && month < 12
      const payDay = sameMonth
        ? day(month, rng.int(dayOfMonth + 1, 28))
        : nextMonth
          ? day(month + 1, rng.int(1, 26))
          : null
      if (payDay)
        line({
          date: payDay,
          bank,
          name: `VIR ${customers[invoice.customer]}`,
          amountCents: totalOf(invoice),
          pays: [invoice.key],
        })
    }
    line({
      date: day(month, rng.int(12, 15)),
      bank: 1,
      name: 'PRLV ORANGE',
      amountCents: -rng.int(3500, 8900),
      category: 'PHONE',
    })
    if (month % 3 === 0)
      line({
        date: day(month, 28),
        bank: 1,
        name: 'FRAIS BANCAIRES',
        amountCents: -rng.int(500, 2500),
        category: 'BANK_FEES',
      })
    if (rng.next() < 0.5)
      line({
        date: day(month, rng.int(18, 24)),
        bank: 2,
        name: 'SNCF',
        amountCents: -rng.int(2000, 32000),
        category: 'TRAVEL',
      })
  }

  const byKey = new Map(invoices.map((invoice) => [invoice.key, invoice]))
  const pay = (key: string, date: string, bank: 1 | 2, amountCents?: number) => {
    const invoice = byKey.get(key) as InvoiceSpec
    line({
      date,
      bank,
      name: `VIR ${customers[invoice.customer]}`,
      amountCents: amountCents ?? totalOf(invoice),
      pays: [key],
    })
  }
  pay('may-services', '2026-06-05', 1)
  pay('june-goods', '2026-06-25', 2)
  pay('june-mixed', '2026-07-10', 1)
  line({
    date: '2026-08-04',
    bank: 1,
    name: 'VIR DANONE',
    amountCents: totalOf(byKey.get('july-pair-a') as InvoiceSpec) + totalOf(byKey.get('july-pair-b') as InvoiceSpec),
    pays: ['july-pair-a', 'july-pair-b'],
  })
  // Paid in two instalments: 1,000.00 of 1,696.10 in October, the rest in November (its VAT what the first left).
  pay('sep-partial', '2026-10-05', 1, 100000)
  pay('sep-partial', '2026-11-10', 2, totalOf(byKey.get('sep-partial') as InvoiceSpec) - 100000)

  const deposit: DepositSpec = {
    customer: 1,
    quoteDate: '2026-04-08',
    unitCents: 200000,
    rate: '20',
    percentage: 30,
    depositDate: '2026-04-08',
    finalDate: '2026-06-10',
  }
  line({ date: '2026-04-20', bank: 1, name: 'VIR ACOMPTE', amountCents: 72000, pays: ['deposit'] })
  line({ date: '2026-07-06', bank: 2, name: 'VIR SOLDE', amountCents: 168000, pays: ['final'] })

  line({ date: '2026-02-20', bank: 2, name: 'VENTE COMPTOIR', amountCents: 36000, category: 'SALES' })
  // A phone system bought in October: more VAT to deduct than collected, a credit the next return carries (box 22).
  line({ date: '2026-10-09', bank: 1, name: 'ORANGE PRO STANDARD', amountCents: -900000, category: 'PHONE' })
  line({ date: '2026-10-20', bank: 2, name: 'RETRAIT DAB', amountCents: -8000 })
  // Receipts: a train ticket bought in May, paid in June (its VAT deductible in May); a phone bill paid in its month.
  const receipts: ReceiptSpec[] = [
    { key: 'R1', date: '2026-05-28', reference: 'SNCF-0528', htCents: 7636, ttcCents: 8400 },
    { key: 'R2', date: '2026-11-02', reference: 'ORANGE-1102', htCents: 4550, ttcCents: 5460 },
  ]
  line({ date: '2026-06-03', bank: 2, name: 'SNCF BILLET', amountCents: -8400, category: 'TRAVEL', receipt: 'R1' })
  line({ date: '2026-11-13', bank: 1, name: 'PRLV ORANGE FIBRE', amountCents: -5460, category: 'PHONE', receipt: 'R2' })

  return {
    customers,
    invoices,
    deposit,
    creditNotes: [
      { key: 'CN-march-goods', invoice: 'march-goods', date: '2026-06-18' },
      { key: 'CN-oct-credited', invoice: 'oct-credited', date: '2026-11-04' },
      { key: 'CN-feb-books', invoice: 'feb-books', date: '2026-12-15' },
    ],
    handPayments: [{ invoice: 'aug-by-hand', date: '2026-09-15' }],
    bankLines,
    receipts,
    ca3Month: 6,
  }
}
