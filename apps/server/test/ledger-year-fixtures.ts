/**
 * A year of activity built from known figures (issue 16's acceptance test, ledger-year.test.ts): a seeded generator of
 * invoices, payments, bank lines and receipts, and an independent computation of what every report must say, in
 * integer cents, from the generated inputs only. Nothing here imports the product's money or posting code: the rules
 * are written again from decision 0024 and the documents' rounding rules (VAT per rate = round half up of base × rate,
 * VAT inside a bank line's TTC = round half up of TTC × rate / (1 + rate), a payment's share of pending VAT = round
 * half up of pending × paid / TTC), so that a mistake in the product cannot hide by being repeated here.
 */

export * from './ledger-year-books'
export * from './ledger-year-expected'
export * from './ledger-year-scenario'
