import { describe, expect, it } from 'vitest'
import { buildCdar } from './build'
import { readCdar } from './read'
import { BUYER, SELLER, sampleMessage } from './samples.test-helper'
import { CdarError, parseCdarDateTime } from './syntax'
import type { CdarMessage } from './types'
import { mustValidateCdar, validateCdar } from './validate-cdar.test-helper'

const RSM = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100'
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100'
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100'
const QDT = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100'

function refusal(xml: string | Buffer): CdarError {
  try {
    readCdar(xml)
  } catch (error) {
    if (error instanceof CdarError) return error
    throw error
  }
  throw new Error('readCdar accepted the file')
}

describe('readCdar reads back what buildCdar writes', () => {
  const cases: [number, Partial<CdarMessage>][] = [
    [200, {}],
    [202, {}],
    [203, {}],
    [204, {}],
    [205, { actionCode: 'PIN' }],
    [206, { reasonCode: 'QTE_ERR', reasonText: '3 pièces sur 5', actionCode: 'CNP' }],
    [207, { reasonCode: 'PU_ERR' }],
    [208, { reasonCode: 'JUSTIF_ABS', reasonText: 'Bon de livraison manquant' }],
    [210, { reasonCode: 'DOUBLON', reasonText: 'Déjà reçue <deux fois> & payée' }],
    [211, {}],
    [212, { payment: { date: '2026-10-02', amounts: [{ rate: '20.00', amount: '1200.00' }] } }],
    [213, { reasonCode: 'REJ_SEMAN' }],
    [220, { reasonText: 'Émise par erreur' }],
  ]
  it.each(cases)('status %i, with its parties, invoice, reason, action and amounts', (status, extra) => {
    const message = sampleMessage(status, extra)
    expect(readCdar(buildCdar(message))).toEqual([message])
  })

  it('keeps the amounts received as decimal strings, one per VAT rate, with the payment date', () => {
    const message = sampleMessage(212, {
      payment: {
        date: '2026-10-02',
        amounts: [
          { rate: '5.5', amount: '0.1' },
          { rate: '20', amount: '123456789.99' },
        ],
      },
    })
    expect(readCdar(Buffer.from(buildCdar(message)))[0]?.payment).toEqual({
      date: '2026-10-02',
      amounts: [
        { rate: '5.50', amount: '0.10' },
        { rate: '20.00', amount: '123456789.99' },
      ],
    })
  })
})

/** A message as another platform may write it: a default namespace, other prefixes, two invoices, ISO dates. */
const OTHER_PLATFORM = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<!-- written by hand, as a platform of another vendor would -->
<CrossDomainAcknowledgementAndResponse xmlns="${RSM}" xmlns:a="${RAM}" xmlns:u="${UDT}" xmlns:q="${QDT}">
  <ExchangedDocumentContext>
    <a:BusinessProcessSpecifiedDocumentContextParameter><a:ID>REGULATED</a:ID></a:BusinessProcessSpecifiedDocumentContextParameter>
    <a:GuidelineSpecifiedDocumentContextParameter><a:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</a:ID></a:GuidelineSpecifiedDocumentContextParameter>
  </ExchangedDocumentContext>
  <ExchangedDocument>
    <a:ID>PA42-000981</a:ID>
    <a:IssueDateTime><u:DateTime>2026-09-16T08:00:00+02:00</u:DateTime></a:IssueDateTime>
    <a:SenderTradeParty>
      <a:GlobalID schemeID="0238">0042</a:GlobalID>
      <a:Name>PA Quarante-Deux</a:Name>
      <a:RoleCode>WK</a:RoleCode>
    </a:SenderTradeParty>
    <a:IssuerTradeParty>
      <a:GlobalID schemeID="0009">55208131700021</a:GlobalID>
      <a:GlobalID schemeID="0002">552081317</a:GlobalID>
      <a:RoleCode>BY</a:RoleCode>
    </a:IssuerTradeParty>
    <a:RecipientTradeParty>
      <a:GlobalID schemeID="0002">732829320</a:GlobalID>
      <a:RoleCode>SE</a:RoleCode>
      <a:URIUniversalCommunication><a:URIID schemeID="0225">732829320_73282932000074</a:URIID></a:URIUniversalCommunication>
    </a:RecipientTradeParty>
  </ExchangedDocument>
  <AcknowledgementDocument>
    <a:TypeCode>23</a:TypeCode>
    <a:IssueDateTime><u:DateTimeString format="205">20260916075500+0200</u:DateTimeString></a:IssueDateTime>
    <a:ReferenceReferencedDocument>
      <a:IssuerAssignedID>F-2026-0042</a:IssuerAssignedID>
      <a:TypeCode>380</a:TypeCode>
      <a:FormattedIssueDateTime><q:DateTimeString format="102">20260910</q:DateTimeString></a:FormattedIssueDateTime>
      <a:ProcessConditionCode>207</a:ProcessConditionCode>
      <a:IssuerTradeParty><a:GlobalID schemeID="0002">732829320</a:GlobalID><a:RoleCode>SE</a:RoleCode></a:IssuerTradeParty>
      <a:SpecifiedDocumentStatus>
        <a:ReasonCode>PU_ERR</a:ReasonCode>
        <a:ReasonInformation><![CDATA[Prix unitaire < devis]]></a:ReasonInformation>
        <a:RequestedActionCode>CNP</a:RequestedActionCode>
        <a:SequenceNumeric>1</a:SequenceNumeric>
      </a:SpecifiedDocumentStatus>
    </a:ReferenceReferencedDocument>
    <a:ReferenceReferencedDocument>
      <a:IssuerAssignedID>F-2026-0043</a:IssuerAssignedID>
      <a:TypeCode>381</a:TypeCode>
      <a:FormattedIssueDateTime><q:DateTimeString format="102">20260911</q:DateTimeString></a:FormattedIssueDateTime>
      <a:ProcessConditionCode>205</a:ProcessConditionCode>
      <a:IssuerTradeParty><a:GlobalID schemeID="0002">732829320</a:GlobalID><a:RoleCode>SE</a:RoleCode></a:IssuerTradeParty>
    </a:ReferenceReferencedDocument>
  </AcknowledgementDocument>
</CrossDomainAcknowledgementAndResponse>`

describe('readCdar reads what other platforms write', () => {
  it('whatever the prefixes: one message per invoice, dates with their zones, the reason in any of its places', () => {
    const [dispute, approval] = readCdar(OTHER_PLATFORM)
    expect(dispute).toEqual({
      id: 'PA42-000981',
      issuedAt: '2026-09-16T06:00:00.000Z',
      sender: { siren: '0042', name: 'PA Quarante-Deux', address: null, role: 'WK' },
      recipient: { siren: SELLER.siren, name: '', address: '732829320_73282932000074', role: 'SE' },
      invoice: {
        reference: 'F-2026-0042',
        datedAt: '2026-09-10',
        typeCode: '380',
        sellerSiren: SELLER.siren,
        buyerSiren: null,
      },
      status: 207,
      statusAt: '2026-09-16T05:55:00.000Z',
      reasonCode: 'PU_ERR',
      reasonText: 'Prix unitaire < devis',
      actionCode: 'CNP',
      payment: null,
    })
    expect(approval).toMatchObject({
      id: 'PA42-000981',
      invoice: { reference: 'F-2026-0043', datedAt: '2026-09-11', typeCode: '381' },
      status: 205,
      reasonCode: null,
    })
  })

  it.skipIf(!mustValidateCdar)(
    'the hand-written sample is itself a valid CDAR (XSD and BR-FR-CDV)',
    async () => {
      const result = await validateCdar(OTHER_PLATFORM.replace(/^\uFEFF/, ''))
      expect(result.ok, result.output).toBe(true)
    },
    120_000,
  )

  it('with the usual prefixes changed for others (cdar:, ns2:) and the buyer named on the invoice', () => {
    const renamed = buildCdar(sampleMessage(205))
      .replaceAll('rsm:', 'cdar:')
      .replaceAll('xmlns:rsm=', 'xmlns:cdar=')
      .replaceAll('ram:', 'ns2:')
      .replaceAll('xmlns:ram=', 'xmlns:ns2=')
    const [message] = readCdar(renamed)
    expect(message?.status).toBe(205)
    expect(message?.sender).toEqual(BUYER)
    expect(message?.invoice.buyerSiren).toBe(BUYER.siren)
  })
})

describe('parseCdarDateTime', () => {
  it('reads the CDAR formats and ISO date-times, and no impossible day', () => {
    expect(parseCdarDateTime('20260915', '102')).toBe('2026-09-15T00:00:00.000Z')
    expect(parseCdarDateTime('202609150930', '203')).toBe('2026-09-15T09:30:00.000Z')
    expect(parseCdarDateTime('20260915093005', '204')).toBe('2026-09-15T09:30:05.000Z')
    expect(parseCdarDateTime('20260915093005-0130', '205')).toBe('2026-09-15T11:00:05.000Z')
    expect(parseCdarDateTime('2026-09-15T09:30:05')).toBe('2026-09-15T09:30:05.000Z')
    expect(parseCdarDateTime('20260231', '102')).toBeNull()
    expect(parseCdarDateTime('20261301', '102')).toBeNull()
    expect(parseCdarDateTime('15/09/2026')).toBeNull()
  })
})

describe('readCdar refuses, in French, what is not a status message', () => {
  it('a Factur-X invoice, another namespace, text, a DTD', () => {
    const invoice = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>`
    expect(refusal(invoice)).toMatchObject({
      code: 'NOT_CDAR',
      message: "Ce fichier n'est pas un message de statut (CDAR) : son élément racine est « CrossIndustryInvoice ».",
    })
    expect(refusal(`<CrossDomainAcknowledgementAndResponse xmlns="urn:example"/>`).code).toBe('NOT_CDAR')
    expect(refusal('Bonjour').code).toBe('NOT_XML')
    expect(refusal(Buffer.from('<a><b></a>')).message).toMatch(/^Ce fichier n'est pas un XML lisible \(ligne 1\)/)
    const entities = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>`
    expect(refusal(entities)).toMatchObject({ code: 'NOT_XML', message: expect.stringContaining('DTD') })
  })

  it('a status message without its invoice number or its status code', () => {
    const xml = buildCdar(sampleMessage(205))
    const noNumber = xml.replace(/<ram:IssuerAssignedID>.*<\/ram:IssuerAssignedID>/, '')
    expect(refusal(noNumber)).toMatchObject({
      code: 'INCOMPLETE',
      message:
        'Message de statut incomplet : le numéro de la facture (IssuerAssignedID) manque, il ne peut pas être lu.',
    })
    const noStatus = xml.replace(/<ram:ProcessConditionCode>205<\/ram:ProcessConditionCode>/, '')
    expect(refusal(noStatus).message).toContain('le code du statut (ProcessConditionCode) manque')
    const notANumber = xml.replace('>205<', '>APPROUVEE<')
    expect(refusal(notANumber).message).toContain("« APPROUVEE » n'est pas un nombre")
  })
})
