import {
  type BankLineSpec,
  CATEGORY_ACCOUNT,
  type Category,
  type DepositSpec,
  divideHalfUp,
  type InvoiceSpec,
  isTie,
  type Nature,
  RATE_BP,
  RATES,
  type Rate,
  type ReceiptSpec,
  type Scenario,
} from './ledger-year-scenario'

/**
 * The independent books of the acceptance test: each document's figures and one posting per movement, in integer cents, from the generated inputs only (decision 0024 written again, so that a mistake in the product cannot hide by being repeated here).
 */
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
   * (decision 0024, vat-on-payment.ts), here in integers; the payment that completes the invoice makes due what the
   * earlier ones left of it instead (instalments.ts), so that nothing stays on 44574. Only an exact half cent could
   * depend on a decimal library's precision (the product divides paid / TTC first): the generator must not make one.
   */
  const paidSoFar = new Map<string, number>()
  const dueSoFar = new Map<string, { tax: number; base: number }>()
  const makeDue = (date: string, doc: DocumentFigures, paid: number) => {
    const before = paidSoFar.get(doc.key) ?? 0
    paidSoFar.set(doc.key, before + paid)
    const last = before + paid >= doc.ttc
    for (const row of doc.pending) {
      const key = `${doc.key} ${row.rate}`
      const earlier = dueSoFar.get(key) ?? { tax: 0, base: 0 }
      if (!last && (isTie(row.tax * paid, doc.ttc) || isTie(row.base * paid, doc.ttc)))
        throw new Error(`${doc.key}: a payment of ${paid} falls on half a cent; choose another amount`)
      const tax = last ? row.tax - earlier.tax : divideHalfUp(row.tax * paid, doc.ttc)
      const base = last ? row.base - earlier.base : divideHalfUp(row.base * paid, doc.ttc)
      dueSoFar.set(key, { tax: earlier.tax + tax, base: earlier.base + base })
      post({ date, account: '44574', amount: tax })
      post({ date, account: '44571', amount: -tax, vat: { kind: 'collected', rate: row.rate, base, tax } })
    }
  }

  // A payment recorded by hand (a cheque) waits on 511 until its bank line, and settles the customer (decision 0034).
  for (const { invoice, date } of scenario.handPayments) {
    const doc = documents.get(invoice) as DocumentFigures
    post({ date, account: '511', amount: doc.ttc })
    post({ date, account: '411', amount: -doc.ttc, customer: doc.customer })
    makeDue(date, doc, doc.ttc)
  }

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
        const amount = Math.min(left, doc.ttc - (paidSoFar.get(doc.key) ?? 0))
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
