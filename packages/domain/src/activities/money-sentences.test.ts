import { describe, expect, it } from 'vitest'
import { ACTIVITY_CODES } from './codes'
import { isBigTransaction } from './money-sentences'
import { type ActivityForSentence, activitySentence } from './sentences'

const me = { id: 1, name: 'Camille Martin' }
const C = ACTIVITY_CODES
const line = { kind: 'transaction' as const, name: 'CB ORANGE 12/03' }
const receipt = { kind: 'receipt' as const, reference: null, name: 'ticket-orange.pdf' }

const say = (code: string, payload: Record<string, unknown>, subject: ActivityForSentence['subject'] = line) =>
  activitySentence({ code, isOperator: false, user: me, payload, subject }, { currentUserId: me.id })

describe('activity sentences of the money side', () => {
  it('tells an expense note made from scratch, on the note', () => {
    expect(say(C.transactionCreateExpense, {}, { kind: 'transaction', name: 'Note de frais du 12/03/2026' })).toBe(
      'Tu as créé la note de frais « Note de frais du 12/03/2026 ».',
    )
  })

  it('tells an expense note made from a bank line, on the note and on the bank line', () => {
    expect(
      say(
        C.transactionCreateExpense,
        { sourceTransactionId: 4, sourceName: 'CB ORANGE 12/03' },
        { kind: 'transaction', name: 'Note de frais du 12/03/2026' },
      ),
    ).toBe(
      'Tu as créé la note de frais « Note de frais du 12/03/2026 » à partir de la transaction « CB ORANGE 12/03 ».',
    )
    expect(say(C.transactionCreateExpense, { expenseNoteId: 9, expenseName: 'Note de frais du 12/03/2026' })).toBe(
      'Tu as créé la note de frais « Note de frais du 12/03/2026 » à partir de la transaction « CB ORANGE 12/03 ».',
    )
  })

  it('names the category a transaction was given, or how many its split has', () => {
    const phone = { id: 101, name: 'Frais postaux et de télécommunications', code: '626' }
    const fees = { id: 102, name: 'Services bancaires et assimilés', code: '627' }
    expect(say(C.transactionCategorized, { categories: [phone] })).toBe(
      'Tu as catégorisé la transaction « CB ORANGE 12/03 » en « Frais postaux et de télécommunications ».',
    )
    expect(say(C.transactionCategorized, { categories: [phone, fees] })).toBe(
      'Tu as ventilé la transaction « CB ORANGE 12/03 » sur 2 catégories : Frais postaux et de télécommunications, Services bancaires et assimilés.',
    )
    expect(say(C.transactionCategorized, {})).toBe('Tu as catégorisé la transaction « CB ORANGE 12/03 ».')
    expect(say(C.transactionUncategorized, {})).toBe('Tu as retiré la catégorie de la transaction « CB ORANGE 12/03 ».')
  })

  it('tells a receipt attached and detached, on both sides', () => {
    expect(say(C.transactionAttachReceipt, { receiptId: 3, receiptName: 'ticket-orange.pdf' })).toBe(
      'Tu as associé le justificatif « ticket-orange.pdf » à la transaction « CB ORANGE 12/03 ».',
    )
    expect(say(C.transactionDetachReceipt, { receiptId: 3, receiptName: 'ticket-orange.pdf' })).toBe(
      'Tu as dissocié le justificatif « ticket-orange.pdf » de la transaction « CB ORANGE 12/03 ».',
    )
    expect(say(C.receiptAttached, { transactionId: 4, transactionName: 'CB ORANGE 12/03' }, receipt)).toBe(
      'Tu as associé le justificatif « ticket-orange.pdf » à la transaction « CB ORANGE 12/03 ».',
    )
    expect(say(C.receiptDetached, { transactionId: 4, transactionName: 'CB ORANGE 12/03' }, receipt)).toBe(
      'Tu as dissocié le justificatif « ticket-orange.pdf » de la transaction « CB ORANGE 12/03 ».',
    )
  })

  it('lets the platform mark a big transaction, with its amount', () => {
    const sentence = activitySentence(
      { code: C.transactionBig, isOperator: true, user: null, payload: { amount: '-7500.00' }, subject: line },
      { currentUserId: me.id, platformName: 'Carnet' },
    )
    expect(sentence.replace(/\u202f|\u00a0/g, ' ')).toBe('Carnet a repéré une transaction importante : -7 500,00 €.')
  })

  it('calls 5 000 € or more, in or out, a big transaction', () => {
    expect(isBigTransaction('5000.00')).toBe(true)
    expect(isBigTransaction('-5000')).toBe(true)
    expect(isBigTransaction('4999.99')).toBe(false)
    expect(isBigTransaction('-120.00')).toBe(false)
  })
})
