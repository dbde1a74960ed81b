/**
 * A year of activity built from known figures (issue 16's acceptance test, ledger-year.test.ts): a seeded generator of
 * invoices, payments, bank lines and receipts, and an independent computation of what every report must say, in
 * integer cents, from the generated inputs only. Nothing here imports the product's money or posting code: the rules
 * are written again from decision 0024 and the documents' rounding rules (VAT per rate = round half up of base × rate,
 * VAT inside a bank line's TTC = round half up of TTC × rate / (1 + rate), a payment's share of pending VAT = round
 * half up of pending × paid / TTC), so that a mistake in the product cannot hide by being repeated here.
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

const pad = (value: number) => String(value).padStart(2, '0')
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
    // Services at two rates paid partially in October: each rate's share of the payment.
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
  // A partial payment: 1,000.00 of 1,696.10; the rest never comes (the attach marks the invoice paid anyway).
  pay('sep-partial', '2026-10-05', 1, 100000)

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

// ---------------------------------------------------------------------------------------------------------------------
// Documents' figures

export type RateFigures = {
  base: number
  tax: number
  goodsBase: number
  servicesBase: number
  goodsTax: number
  servicesTax: number
}
export type DocumentFigures = {
  key: string
  date: string
  customer: number
  byRate: Partial<Record<Rate, RateFigures>>
  ttc: number
  /** Credit − debit on the revenue side: 706, 707, 4191. */
  revenue: Record<string, number>
  /** The VAT due at the document's date (goods), per rate. */
  collectedNow: { rate: Rate; base: number; tax: number }[]
  /** The VAT waiting on 44574 for a payment (services, deposits), per rate. */
  pending: { rate: Rate; base: number; tax: number }[]
}

/** An invoice's figures as EN 16931 computes them: per rate, base = Σ lines, VAT = round(base × rate). */
export function invoiceFigures(invoice: InvoiceSpec): DocumentFigures {
  const byRate: Partial<Record<Rate, RateFigures>> = {}
  for (const line of invoice.lines) {
    const net = line.quantity * line.unitCents
    const figures = byRate[line.rate] ?? { base: 0, tax: 0, goodsBase: 0, servicesBase: 0, goodsTax: 0, servicesTax: 0 }
    figures.base += net
    if (line.nature === 'goods') figures.goodsBase += net
    else figures.servicesBase += net
    byRate[line.rate] = figures
  }
  const revenue: Record<string, number> = {}
  const collectedNow: DocumentFigures['collectedNow'] = []
  const pending: DocumentFigures['pending'] = []
  let ttc = 0
  for (const rate of RATES) {
    const figures = byRate[rate]
    if (!figures) continue
    figures.tax = divideHalfUp(figures.base * RATE_BP[rate], 10000)
    if (figures.goodsBase !== 0 && figures.servicesBase !== 0) {
      // A rate holding both natures: the generator keeps each nature's VAT exact, so no rounding cent to place.
      if ((figures.goodsBase * RATE_BP[rate]) % 10000 !== 0)
        throw new Error(`${invoice.key}: goods and services at ${rate} % need a VAT exact per nature`)
      figures.goodsTax = (figures.goodsBase * RATE_BP[rate]) / 10000
      figures.servicesTax = figures.tax - figures.goodsTax
    } else if (figures.goodsBase !== 0) figures.goodsTax = figures.tax
    else figures.servicesTax = figures.tax
    ttc += figures.base + figures.tax
    if (figures.goodsBase) revenue['707'] = (revenue['707'] ?? 0) + figures.goodsBase
    if (figures.servicesBase) revenue['706'] = (revenue['706'] ?? 0) + figures.servicesBase
    if (figures.goodsBase) collectedNow.push({ rate, base: figures.goodsBase, tax: figures.goodsTax })
    if (figures.servicesBase) pending.push({ rate, base: figures.servicesBase, tax: figures.servicesTax })
  }
  return {
    key: invoice.key,
    date: invoice.date,
    customer: invoice.customer,
    byRate,
    ttc,
    revenue,
    collectedNow,
    pending,
  }
}

const oneRate = (rate: Rate, base: number, tax: number, nature: Nature): Partial<Record<Rate, RateFigures>> => ({
  [rate]: {
    base,
    tax,
    goodsBase: nature === 'goods' ? base : 0,
    servicesBase: nature === 'services' ? base : 0,
    goodsTax: nature === 'goods' ? tax : 0,
    servicesTax: nature === 'services' ? tax : 0,
  },
})

/** The deposit invoice (its HT on 4191, its VAT due when paid) and the final invoice that deducts it. */
export function depositFigures(spec: DepositSpec): { deposit: DocumentFigures; final: DocumentFigures } {
  const quoteBase = spec.unitCents
  const base = divideHalfUp(quoteBase * spec.percentage, 100)
  const tax = divideHalfUp(base * RATE_BP[spec.rate], 10000)
  const deposit: DocumentFigures = {
    key: 'deposit',
    date: spec.depositDate,
    customer: spec.customer,
    byRate: oneRate(spec.rate, base, tax, 'services'),
    ttc: base + tax,
    revenue: { '4191': base },
    collectedNow: [],
    pending: [{ rate: spec.rate, base, tax }],
  }
  const finalBase = quoteBase - base
  const finalTax = divideHalfUp(finalBase * RATE_BP[spec.rate], 10000)
  const final: DocumentFigures = {
    key: 'final',
    date: spec.finalDate,
    customer: spec.customer,
    byRate: oneRate(spec.rate, finalBase, finalTax, 'services'),
    ttc: finalBase + finalTax,
    revenue: { '706': quoteBase, '4191': -base },
    collectedNow: [],
    pending: [{ rate: spec.rate, base: finalBase, tax: finalTax }],
  }
  return { deposit, final }
}

/** A total credit note: the invoice mirrored, on its own date. */
export function creditNoteFigures(key: string, date: string, of: DocumentFigures): DocumentFigures {
  const byRate: Partial<Record<Rate, RateFigures>> = {}
  for (const rate of RATES) {
    const figures = of.byRate[rate]
    if (figures)
      byRate[rate] = Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, -value])) as RateFigures
  }
  return {
    key,
    date,
    customer: of.customer,
    byRate,
    ttc: -of.ttc,
    revenue: Object.fromEntries(Object.entries(of.revenue).map(([account, value]) => [account, -value])),
    collectedNow: of.collectedNow.map((row) => ({ ...row, base: -row.base, tax: -row.tax })),
    pending: of.pending.map((row) => ({ ...row, base: -row.base, tax: -row.tax })),
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// The independent books: one posting per movement, no reversals (they cancel out in every total)

export type Posting = {
  date: string
  account: string
  /** Debit − credit. */
  amount: number
  /** The customer of a 411 line. */
  customer?: number
  vat?: { kind: 'collected' | 'deductible'; rate: Rate; base: number; tax: number }
}

export type Model = {
  documents: Map<string, DocumentFigures>
  postings: Posting[]
  bankLines: BankLineSpec[]
}

/** VAT inside a TTC amount: round half up of TTC × rate / (1 + rate), with the amount's sign. */
export const vatInside = (ttc: number, rate: Rate) => divideHalfUp(ttc * RATE_BP[rate], 10000 + RATE_BP[rate])

export function buildModel(scenario: Scenario): Model {
  const documents = new Map<string, DocumentFigures>()
  for (const invoice of scenario.invoices) documents.set(invoice.key, invoiceFigures(invoice))
  const { deposit, final } = depositFigures(scenario.deposit)
  documents.set('deposit', deposit)
  documents.set('final', final)
  for (const note of scenario.creditNotes)
    documents.set(note.key, creditNoteFigures(note.key, note.date, documents.get(note.invoice) as DocumentFigures))

  const postings: Posting[] = []
  const post = (posting: Posting) => postings.push(posting)

  // VT: D 411 TTC; C 706/707/4191 HT; C 44571 goods' VAT, C 44574 what waits for a payment.
  for (const doc of documents.values()) {
    post({ date: doc.date, account: '411', amount: doc.ttc, customer: doc.customer })
    for (const [account, amount] of Object.entries(doc.revenue)) post({ date: doc.date, account, amount: -amount })
    for (const row of doc.collectedNow)
      post({ date: doc.date, account: '44571', amount: -row.tax, vat: { kind: 'collected', ...row } })
    for (const row of doc.pending) post({ date: doc.date, account: '44574', amount: -row.tax })
  }

  /**
   * A payment of `paid` makes due its share of each rate's pending VAT and base: round half up of pending × paid / TTC
   * (decision 0024, vat-on-payment.ts), here in integers. Not circular: the product's one payment per invoice (see
   * sep-partial) leaves no rest to compute from an earlier rounding. Only an exact half cent could depend on a decimal
   * library's precision (the product divides paid / TTC first): the generator must not make one.
   */
  const makeDue = (date: string, doc: DocumentFigures, paid: number) => {
    for (const row of doc.pending) {
      if (isTie(row.tax * paid, doc.ttc) || isTie(row.base * paid, doc.ttc))
        throw new Error(`${doc.key}: a payment of ${paid} falls on half a cent; choose another amount`)
      const tax = divideHalfUp(row.tax * paid, doc.ttc)
      const base = divideHalfUp(row.base * paid, doc.ttc)
      post({ date, account: '44574', amount: tax })
      post({ date, account: '44571', amount: -tax, vat: { kind: 'collected', rate: row.rate, base, tax } })
    }
  }

  for (const { invoice, date } of scenario.handPayments)
    makeDue(date, documents.get(invoice) as DocumentFigures, documents.get(invoice)?.ttc ?? 0)

  const receipts = new Map(scenario.receipts.map((receipt) => [receipt.key, receipt]))
  for (const line of scenario.bankLines) {
    const bank = `512${line.bank}`
    post({ date: line.date, account: bank, amount: line.amountCents })
    let left = line.amountCents
    if (line.pays) {
      const paid = line.pays
        .map((key) => documents.get(key) as DocumentFigures)
        .sort((a, b) => a.date.localeCompare(b.date))
      for (const doc of paid) {
        const amount = Math.min(left, doc.ttc)
        if (amount <= 0) continue
        post({ date: line.date, account: '411', amount: -amount, customer: doc.customer })
        makeDue(line.date, doc, amount)
        left -= amount
      }
      if (left !== 0) post({ date: line.date, account: '471000', amount: -left })
    } else if (line.receipt) {
      // The receipt carries the charge and its VAT at its own date (HA); the bank line pays the supplier.
      const receipt = receipts.get(line.receipt) as ReceiptSpec
      const category = CATEGORY_ACCOUNT[line.category as Category]
      const vat = receipt.ttcCents - receipt.htCents
      post({ date: receipt.date, account: category.code, amount: receipt.htCents })
      post({
        date: receipt.date,
        account: '44566',
        amount: vat,
        vat: { kind: 'deductible', rate: category.rate as Rate, base: receipt.htCents, tax: vat },
      })
      post({ date: receipt.date, account: '401', amount: -receipt.ttcCents })
      post({ date: line.date, account: '401', amount: receipt.ttcCents })
      if (receipt.ttcCents !== -line.amountCents) throw new Error(`${line.key}: the receipt must pay the whole line`)
    } else if (line.category) {
      const category = CATEGORY_ACCOUNT[line.category]
      const vat = category.rate ? vatInside(line.amountCents, category.rate) : 0
      const ht = line.amountCents - vat
      post({ date: line.date, account: category.code, amount: -ht })
      if (category.rate && line.amountCents < 0)
        post({
          date: line.date,
          account: '44566',
          amount: -vat,
          vat: { kind: 'deductible', rate: category.rate, base: -ht, tax: -vat },
        })
      if (category.rate && line.amountCents > 0)
        post({
          date: line.date,
          account: '44571',
          amount: -vat,
          vat: { kind: 'collected', rate: category.rate, base: ht, tax: vat },
        })
    } else post({ date: line.date, account: '471000', amount: -line.amountCents })
  }
  return { documents, postings, bankLines: scenario.bankLines }
}

// ---------------------------------------------------------------------------------------------------------------------
// What each report must say

export const MONTHS = Array.from({ length: 12 }, (_, index) => `2026-${pad(index + 1)}`)
const monthOf = (date: string) => date.slice(0, 7)
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** Per account of classes 6 and 7, the 12 months: produits credit − debit, charges debit − credit. */
export function operatingAccount(model: Model) {
  const rows = (prefix: '6' | '7') => {
    const accounts = [...new Set(model.postings.filter((p) => p.account.startsWith(prefix)).map((p) => p.account))]
    return new Map(
      accounts
        .sort()
        .map((account) => [
          account,
          MONTHS.map((month) =>
            sum(
              model.postings
                .filter((p) => p.account === account && monthOf(p.date) === month)
                .map((p) => (prefix === '7' ? -p.amount : p.amount)),
            ),
          ),
        ]),
    )
  }
  const income = rows('7')
  const outcome = rows('6')
  const totals = (map: Map<string, number[]>) =>
    MONTHS.map((_, index) => sum([...map.values()].map((row) => row[index] ?? 0)))
  return { income, outcome, incomeTotals: totals(income), outcomeTotals: totals(outcome) }
}

/** Sales per month and rate: the documents' HT and VAT at their dates (deposits and credit notes included). */
export function salesByMonth(model: Model) {
  return MONTHS.map((month) => {
    const docs = [...model.documents.values()].filter((doc) => monthOf(doc.date) === month)
    const byRate = Object.fromEntries(
      RATES.map((rate) => [
        rate,
        {
          base: sum(docs.map((doc) => doc.byRate[rate]?.base ?? 0)),
          tax: sum(docs.map((doc) => doc.byRate[rate]?.tax ?? 0)),
        },
      ]),
    ) as Record<Rate, { base: number; tax: number }>
    const base = sum(RATES.map((rate) => byRate[rate].base))
    const tax = sum(RATES.map((rate) => byRate[rate].tax))
    return { month, byRate, base, tax, ttc: base + tax }
  })
}

export type VatMonth = {
  month: string
  collected: Record<Rate, { base: number; tax: number }>
  collectedTotal: number
  deductible: number
}

/** VAT due per month: collected (44571) per rate with its base, deductible (44566). */
export function vatByMonth(model: Model): VatMonth[] {
  return MONTHS.map((month) => {
    const own = model.postings.filter((p) => p.vat && monthOf(p.date) === month)
    const collected = Object.fromEntries(
      RATES.map((rate) => {
        const rows = own.filter((p) => p.vat?.kind === 'collected' && p.vat.rate === rate)
        return [rate, { base: sum(rows.map((p) => p.vat?.base ?? 0)), tax: sum(rows.map((p) => p.vat?.tax ?? 0)) }]
      }),
    ) as Record<Rate, { base: number; tax: number }>
    return {
      month,
      collected,
      collectedTotal: sum(RATES.map((rate) => collected[rate].tax)),
      deductible: sum(own.filter((p) => p.vat?.kind === 'deductible').map((p) => p.vat?.tax ?? 0)),
    }
  })
}

export type Ca3 = {
  A1: number
  B5: number
  lines: Record<'08' | '09' | '9B', { base: number; tax: number }>
  '15': number
  '16': number
  '20': number
  '21': number
  '22': number
  '23': number
  '25': number
  '27': number
  TD: number
  '28': number
  '32': number
}

const LINE_OF: Record<Rate, '08' | '09' | '9B'> = { '20': '08', '5.5': '09', '10': '9B' }

/** The form's totals from its entered boxes: gross VAT, deductible VAT, then a credit or VAT to pay. */
function settle(entries: Omit<Ca3, '16' | '23' | '25' | '27' | 'TD' | '28' | '32'>): Ca3 {
  const gross = sum(Object.values(entries.lines).map((line) => line.tax)) + entries['15']
  const deductible = entries['20'] + entries['21'] + entries['22']
  const due = gross - deductible
  const toPay = Math.max(due, 0)
  const credit = Math.max(-due, 0)
  return { ...entries, '16': gross, '23': deductible, '25': credit, '27': credit, TD: toPay, '28': toPay, '32': toPay }
}

/**
 * The 3310-CA3-SD of each month from the notice's rules: a rate line whose net tax is negative goes to 21 (its base
 * to B5); negative deductible VAT goes to 15; box 22 carries the previous month's 27. Also in whole euros, each entered
 * box rounded half up and the totals recomputed from them, the credit carried in euros too.
 */
export function ca3ByMonth(model: Model): { boxes: Ca3; rounded: Ca3 }[] {
  let credit = 0
  let roundedCredit = 0
  return vatByMonth(model).map((month) => {
    const lines = { '08': { base: 0, tax: 0 }, '09': { base: 0, tax: 0 }, '9B': { base: 0, tax: 0 } }
    let A1 = 0
    let B5 = 0
    let box21 = 0
    for (const rate of RATES) {
      const { base, tax } = month.collected[rate]
      if (tax < 0 || (tax === 0 && base < 0)) {
        box21 -= tax
        B5 -= base
      } else {
        lines[LINE_OF[rate]] = { base, tax }
        A1 += base
      }
    }
    const boxes = settle({
      A1: Math.max(A1, 0),
      B5: B5 + Math.max(-A1, 0),
      lines,
      '15': Math.max(-month.deductible, 0),
      '20': Math.max(month.deductible, 0),
      '21': box21,
      '22': credit,
    })
    const euro = toWholeEuros
    const rounded = settle({
      A1: euro(boxes.A1),
      B5: euro(boxes.B5),
      lines: {
        '08': { base: euro(lines['08'].base), tax: euro(lines['08'].tax) },
        '09': { base: euro(lines['09'].base), tax: euro(lines['09'].tax) },
        '9B': { base: euro(lines['9B'].base), tax: euro(lines['9B'].tax) },
      },
      '15': euro(boxes['15']),
      '20': euro(boxes['20']),
      '21': euro(boxes['21']),
      '22': euro(roundedCredit),
    })
    credit = boxes['27']
    roundedCredit = rounded['27']
    return { boxes, rounded }
  })
}

/** Balances per account (debit − credit), and per customer on 411. */
export function balances(model: Model) {
  const byAccount = new Map<string, number>()
  const byCustomer = new Map<number, number>()
  for (const posting of model.postings) {
    byAccount.set(posting.account, (byAccount.get(posting.account) ?? 0) + posting.amount)
    if (posting.account === '411')
      byCustomer.set(posting.customer ?? -1, (byCustomer.get(posting.customer ?? -1) ?? 0) + posting.amount)
  }
  return { byAccount, byCustomer }
}

/** The books on a cash basis: money in and money out per month, one row per bank line. */
export function booksByMonth(model: Model) {
  const book = (sign: 1 | -1) =>
    MONTHS.map((month) => {
      const rows = model.bankLines.filter(
        (line) => monthOf(line.date) === month && Math.sign(line.amountCents) === sign,
      )
      return { month, rows: rows.length, total: sum(rows.map((line) => sign * line.amountCents)) }
    })
  return { income: book(1), expenses: book(-1) }
}

/** "mars 2026": how the books name a month. */
export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
]
