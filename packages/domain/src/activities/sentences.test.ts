import { describe, expect, it } from 'vitest'
import { ACTIVITY_CODES, isKnownActivityCode, platformNameOf } from './codes'
import { type ActivityForSentence, activitySentence, unknownActivitySentence } from './sentences'

const me = { id: 1, name: 'Camille Martin' }
const colleague = { id: 2, name: 'Alex Dupont' }
const invoice = { kind: 'invoice' as const, reference: 'F-2026-0001' }
const quote = { kind: 'quote' as const, reference: 'D-2026-0003' }
const C = ACTIVITY_CODES

const entry = (overrides: Partial<ActivityForSentence>): ActivityForSentence => ({
  code: C.invoiceCreated,
  isOperator: false,
  user: me,
  payload: {},
  subject: invoice,
  ...overrides,
})
const mine = (overrides: Partial<ActivityForSentence>) => activitySentence(entry(overrides), { currentUserId: me.id })

describe('activity sentences of invoices', () => {
  it('speaks to the current user with "Tu" and names the invoice by its number', () => {
    expect(mine({})).toBe('Tu as créé la facture F-2026-0001.')
    expect(mine({ code: C.invoiceUpdated })).toBe('Tu as modifié la facture F-2026-0001.')
  })

  it('names a draft by its name, or says "la facture" when it has none', () => {
    expect(mine({ subject: { kind: 'invoice', reference: null, name: 'Site vitrine' } })).toBe(
      'Tu as créé la facture « Site vitrine ».',
    )
    expect(mine({ subject: null })).toBe('Tu as créé la facture.')
  })

  it('names other members by their name', () => {
    expect(activitySentence(entry({ user: colleague }), { currentUserId: me.id })).toBe(
      'Alex Dupont a créé la facture F-2026-0001.',
    )
  })

  it('says "Quelqu\'un" for an entry whose author left', () => {
    expect(activitySentence(entry({ user: null }), { currentUserId: me.id })).toBe(
      "Quelqu'un a créé la facture F-2026-0001.",
    )
  })

  it('names the new state of each state change', () => {
    const state = (from: string, to: string, subject = invoice) =>
      mine({ code: C.invoiceStateUpdated, payload: { from, to }, subject })
    expect(state('DRAFT', 'VALIDATED')).toBe('Tu as validé la facture F-2026-0001.')
    expect(state('VALIDATED', 'PENDING')).toBe('Tu as marqué la facture F-2026-0001 comme envoyée.')
    expect(state('PAID', 'PENDING')).toBe('Tu as passé la facture F-2026-0001 en attente de paiement.')
    expect(state('PENDING', 'PAID')).toBe('Tu as marqué la facture F-2026-0001 comme payée.')
    expect(state('PENDING', 'LATE')).toBe('Tu as passé la facture F-2026-0001 en retard.')
    expect(state('VALIDATED', 'LATE')).toBe('Tu as marqué la facture F-2026-0001 comme envoyée, déjà en retard.')
    expect(state('PENDING', 'CANCELED')).toBe('Tu as annulé la facture F-2026-0001.')
    expect(state('PENDING', 'ARCHIVED')).toBe('Tu as archivé la facture F-2026-0001.')
    expect(state('VALIDATED', 'DRAFT')).toBe('Tu as repassé la facture F-2026-0001 en brouillon.')
    expect(state('DRAFT', 'SOMEWHERE')).toBe("Tu as changé l'état de la facture F-2026-0001 (SOMEWHERE).")
  })

  it('speaks of a credit note as "l\'avoir", in the masculine', () => {
    const creditNote = { kind: 'creditNote' as const, reference: 'AV-2026-0001' }
    expect(
      mine({ code: C.invoiceStateUpdated, payload: { from: 'DRAFT', to: 'VALIDATED' }, subject: creditNote }),
    ).toBe("Tu as validé l'avoir AV-2026-0001.")
    expect(mine({ code: C.invoiceStateUpdated, payload: { from: 'PENDING', to: 'PAID' }, subject: creditNote })).toBe(
      "Tu as marqué l'avoir AV-2026-0001 comme payé.",
    )
  })

  it('names the platform for operator entries, "Carnet" when the name is missing', () => {
    const late = entry({ code: C.invoiceStateUpdated, isOperator: true, user: null, payload: { to: 'LATE' } })
    expect(activitySentence(late, { currentUserId: me.id, platformName: 'Carnet Pop' })).toBe(
      'Carnet Pop a passé la facture F-2026-0001 en retard.',
    )
    expect(activitySentence(late, { currentUserId: me.id })).toBe('Carnet a passé la facture F-2026-0001 en retard.')
    expect(activitySentence(late, { currentUserId: me.id, platformName: ' ' })).toBe(
      'Carnet a passé la facture F-2026-0001 en retard.',
    )
  })

  it('gives the new payment date in French', () => {
    expect(mine({ code: C.invoicePaymentDateUpdated, payload: { paymentDateAt: '2026-03-03' } })).toBe(
      'Tu as modifié la date de paiement de la facture F-2026-0001 : 03/03/2026.',
    )
    expect(mine({ code: C.invoicePaymentDateUpdated, payload: {} })).toBe(
      'Tu as modifié la date de paiement de la facture F-2026-0001.',
    )
  })

  it('lists the recipients of a sent e-mail', () => {
    expect(mine({ code: C.invoiceMailSent, payload: { to: ['anne@exemple.fr', 'bob@exemple.fr'] } })).toBe(
      'Tu as envoyé la facture F-2026-0001 par e-mail à anne@exemple.fr, bob@exemple.fr.',
    )
    expect(mine({ code: C.invoiceMailSent, payload: {} })).toBe('Tu as envoyé la facture F-2026-0001 par e-mail.')
  })

  it('says the platform reminded the customer of a late invoice', () => {
    const reminder = entry({
      code: C.invoiceReminderSent,
      isOperator: true,
      user: null,
      payload: { to: ['anne@exemple.fr'] },
    })
    expect(activitySentence(reminder, { currentUserId: me.id })).toBe(
      'Carnet a envoyé la relance de la facture F-2026-0001 par e-mail à anne@exemple.fr.',
    )
  })

  it('says who opened the e-mail, when known', () => {
    expect(mine({ code: C.invoiceMailRead, isOperator: true, user: null, payload: { email: 'anne@exemple.fr' } })).toBe(
      "anne@exemple.fr a ouvert l'e-mail de la facture F-2026-0001.",
    )
    expect(mine({ code: C.invoiceMailRead, isOperator: true, user: null })).toBe(
      "Le destinataire a ouvert l'e-mail de la facture F-2026-0001.",
    )
  })

  it('tells a card payment with its amount in euros', () => {
    expect(mine({ code: C.invoiceCardPaymentPaid, isOperator: true, user: null, payload: { amount: '1234.5' } })).toBe(
      'La facture F-2026-0001 a été payée par carte bancaire (1\u202F234,50\u00A0€).',
    )
    expect(mine({ code: C.invoiceCardPaymentPaid, isOperator: true, user: null })).toBe(
      'La facture F-2026-0001 a été payée par carte bancaire.',
    )
  })

  it('tells a comment added on any commentable subject', () => {
    for (const code of [C.invoiceCommentAdded, C.quoteCommentAdded, C.receiptCommentAdded, C.transactionCommentAdded])
      expect(mine({ code })).toBe('Tu as ajouté un commentaire.')
    expect(activitySentence(entry({ code: C.quoteCommentAdded, user: colleague }), { currentUserId: me.id })).toBe(
      'Alex Dupont a ajouté un commentaire.',
    )
  })
})

describe('activity sentences of quotes', () => {
  it('tells creation, update and e-mails', () => {
    expect(mine({ code: C.quoteCreated, subject: quote })).toBe('Tu as créé le devis D-2026-0003.')
    expect(mine({ code: C.quoteUpdated, subject: { kind: 'quote', name: 'Refonte' } })).toBe(
      'Tu as modifié le devis « Refonte ».',
    )
    expect(mine({ code: C.quoteMailSent, subject: quote, payload: { to: ['anne@exemple.fr'] } })).toBe(
      'Tu as envoyé le devis D-2026-0003 par e-mail à anne@exemple.fr.',
    )
    expect(mine({ code: C.quoteMailRead, subject: quote, isOperator: true, user: null })).toBe(
      "Le destinataire a ouvert l'e-mail du devis D-2026-0003.",
    )
  })

  it('names the new state of each state change', () => {
    const state = (to: string) => mine({ code: C.quoteStateUpdated, subject: quote, payload: { from: 'DRAFT', to } })
    expect(state('VALIDATED')).toBe('Tu as validé le devis D-2026-0003.')
    expect(state('NEGO')).toBe('Tu as passé le devis D-2026-0003 en négociation.')
    expect(state('SENT')).toBe('Tu as marqué le devis D-2026-0003 comme envoyé.')
    expect(state('WON')).toBe('Tu as marqué le devis D-2026-0003 comme gagné.')
    expect(state('LOST')).toBe('Tu as marqué le devis D-2026-0003 comme perdu.')
    expect(state('DRAFT')).toBe('Tu as repassé le devis D-2026-0003 en brouillon.')
  })

  it('tells the invoice made from the quote, final or deposit', () => {
    expect(
      mine({ code: C.quoteToInvoice, subject: quote, payload: { invoiceId: 9, invoiceReference: 'F-2026-0009' } }),
    ).toBe('Tu as transformé le devis D-2026-0003 en facture F-2026-0009.')
    expect(mine({ code: C.quoteToInvoice, subject: quote, payload: { invoiceId: 9 } })).toBe(
      'Tu as transformé le devis D-2026-0003 en facture.',
    )
    expect(
      mine({
        code: C.quoteToInvoice,
        subject: quote,
        payload: { invoiceId: 9, deposit: true, invoiceReference: 'F-2026-0010' },
      }),
    ).toBe("Tu as créé la facture d'acompte F-2026-0010 à partir du devis D-2026-0003.")
    expect(mine({ code: C.quoteToInvoice, subject: quote, payload: { invoiceId: 9, deposit: true } })).toBe(
      "Tu as créé une facture d'acompte à partir du devis D-2026-0003.",
    )
  })
})

describe('activity sentences of items and contacts', () => {
  it('tells an item price update with the new price', () => {
    expect(mine({ code: C.itemUpdatePrice, subject: null, payload: { name: 'Audit SEO', amount: '450' } })).toBe(
      "Tu as mis à jour le prix de l'article « Audit SEO » : 450,00\u00A0€ HT.",
    )
    expect(mine({ code: C.itemUpdatePrice, subject: null })).toBe("Tu as mis à jour le prix de l'article.")
  })

  it('tells a contact created or updated', () => {
    expect(mine({ code: C.contactCreated, subject: { kind: 'contact', name: 'Danone' } })).toBe(
      'Tu as créé le contact « Danone ».',
    )
    expect(
      activitySentence(entry({ code: C.contactUpdated, subject: null, payload: { name: 'Danone' }, user: colleague }), {
        currentUserId: me.id,
      }),
    ).toBe('Alex Dupont a modifié le contact « Danone ».')
  })
})

describe('unknown activity codes', () => {
  it('reads "Quelque chose s\'est produit : {code}"', () => {
    expect(mine({ code: 'bank.synced' })).toBe("Quelque chose s'est produit : bank.synced")
    expect(unknownActivitySentence('x')).toBe("Quelque chose s'est produit : x")
    expect(isKnownActivityCode('bank.synced')).toBe(false)
  })

  it('knows every code the product writes', () => {
    for (const code of Object.values(ACTIVITY_CODES)) {
      expect(isKnownActivityCode(code)).toBe(true)
      expect(mine({ code })).not.toMatch(/^Quelque chose/)
    }
  })
})

describe('platform names', () => {
  it('falls back to Carnet', () => {
    expect(platformNameOf('POP')).toBe('Carnet Pop')
    expect(platformNameOf('CLASSIC')).toBe('Carnet')
    expect(platformNameOf(null)).toBe('Carnet')
    expect(platformNameOf('OTHER')).toBe('Carnet')
  })
})
