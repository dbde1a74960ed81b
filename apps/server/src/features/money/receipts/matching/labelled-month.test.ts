import { RECEIPT_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../../test/helpers'
import { bankAccount, importQif, SAMPLE_FILES, sendFiles } from '../../../../../test/money'
import { vatPayer } from '../../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-12-10T10:00:00Z') })

/**
 * November 2026 of a small business in Paris, labelled by hand. The receipts as the reader gives them (supplier as
 * printed on the ticket or invoice, date, TTC, HT when the VAT is printed); `paidBy` is the bank line that paid it, or
 * nothing when it was paid in cash or will be paid next month.
 */
const RECEIPTS: { key: string; supplier: string; date: string; ttc: string; ht: string | null; paidBy?: string }[] = [
  { key: 'carrefour-1', supplier: 'CARREFOUR MARKET', date: '2026-11-02', ttc: '23.47', ht: '21.86', paidBy: 'l01' },
  { key: 'carrefour-2', supplier: 'CARREFOUR MARKET', date: '2026-11-16', ttc: '41.80', ht: '38.52', paidBy: 'l02' },
  { key: 'leclerc', supplier: 'E.LECLERC', date: '2026-11-09', ttc: '67.35', ht: '61.20', paidBy: 'l03' },
  { key: 'monoprix', supplier: 'MONOPRIX', date: '2026-11-20', ttc: '12.90', ht: '11.05', paidBy: 'l04' },
  { key: 'total-1', supplier: 'TotalEnergies', date: '2026-11-04', ttc: '72.15', ht: '60.13', paidBy: 'l05' },
  { key: 'total-2', supplier: 'TotalEnergies', date: '2026-11-18', ttc: '65.02', ht: '54.18', paidBy: 'l06' },
  { key: 'esso', supplier: 'ESSO EXPRESS', date: '2026-11-27', ttc: '48.60', ht: '40.50', paidBy: 'l07' },
  // Two parking tickets of the same amount on consecutive days: the second is booked on the Monday.
  { key: 'indigo-1', supplier: 'INDIGO', date: '2026-11-05', ttc: '4.50', ht: '3.75', paidBy: 'l08' },
  { key: 'indigo-2', supplier: 'INDIGO', date: '2026-11-06', ttc: '4.50', ht: '3.75', paidBy: 'l09' },
  { key: 'sncf-1', supplier: 'SNCF VOYAGEURS', date: '2026-11-03', ttc: '87.00', ht: '79.09', paidBy: 'l10' },
  { key: 'sncf-2', supplier: 'SNCF VOYAGEURS', date: '2026-11-24', ttc: '43.00', ht: '39.09', paidBy: 'l11' },
  { key: 'bistrot', supplier: 'LE BISTROT DES HALLES', date: '2026-11-10', ttc: '38.50', ht: '35.00', paidBy: 'l12' },
  { key: 'comptoir', supplier: 'BRASSERIE LE COMPTOIR', date: '2026-11-19', ttc: '27.80', ht: '25.27', paidBy: 'l13' },
  { key: 'burger-cash', supplier: 'BURGER & CO', date: '2026-11-13', ttc: '14.90', ht: '13.55' },
  { key: 'sushi', supplier: 'SUSHI SHOP', date: '2026-11-26', ttc: '22.40', ht: '20.36', paidBy: 'l15' },
  { key: 'ovh', supplier: 'OVH SAS', date: '2026-11-01', ttc: '11.99', ht: '9.99', paidBy: 'l16' },
  {
    key: 'adobe',
    supplier: 'Adobe Systems Software Ireland Ltd',
    date: '2026-11-08',
    ttc: '28.79',
    ht: '23.99',
    paidBy: 'l17',
  },
  { key: 'google', supplier: 'Google Cloud France SARL', date: '2026-11-01', ttc: '6.90', ht: '5.75', paidBy: 'l18' },
  {
    key: 'microsoft',
    supplier: 'Microsoft Ireland Operations Ltd',
    date: '2026-11-12',
    ttc: '12.60',
    ht: '10.50',
    paidBy: 'l19',
  },
  // The same amount as OVH's, three weeks later.
  { key: 'canva', supplier: 'Canva Pty Ltd', date: '2026-11-21', ttc: '11.99', ht: '9.99', paidBy: 'l20' },
  { key: 'free', supplier: 'FREE MOBILE', date: '2026-11-02', ttc: '19.99', ht: '16.66', paidBy: 'l21' },
  { key: 'orange', supplier: 'ORANGE', date: '2026-11-05', ttc: '44.99', ht: '37.49', paidBy: 'l22' },
  { key: 'leroy-1', supplier: 'LEROY MERLIN IVRY', date: '2026-11-07', ttc: '156.30', ht: '130.25', paidBy: 'l23' },
  { key: 'leroy-2', supplier: 'LEROY MERLIN IVRY', date: '2026-11-21', ttc: '23.90', ht: '19.92', paidBy: 'l24' },
  { key: 'castorama', supplier: 'CASTORAMA', date: '2026-11-14', ttc: '89.00', ht: '74.17', paidBy: 'l25' },
  { key: 'pharmacie', supplier: 'PHARMACIE DU MARCHÉ', date: '2026-11-11', ttc: '8.70', ht: '8.25', paidBy: 'l26' },
  { key: 'pharmacie-cash', supplier: 'PHARMACIE CENTRALE', date: '2026-11-25', ttc: '6.20', ht: null },
  { key: 'amazon-1', supplier: 'Amazon EU S.à r.l.', date: '2026-11-06', ttc: '35.90', ht: '29.92', paidBy: 'l28' },
  // The same amount as Free Mobile's, two weeks later.
  { key: 'amazon-2', supplier: 'Amazon EU S.à r.l.', date: '2026-11-17', ttc: '19.99', ht: '16.66', paidBy: 'l29' },
  { key: 'cdiscount', supplier: 'CDISCOUNT', date: '2026-11-28', ttc: '129.99', ht: '108.33', paidBy: 'l30' },
  { key: 'ldlc', supplier: 'LDLC.com', date: '2026-11-03', ttc: '249.90', ht: '208.25', paidBy: 'l31' },
  { key: 'ratp', supplier: 'RATP', date: '2026-11-12', ttc: '17.35', ht: '15.77', paidBy: 'l32' },
  { key: 'uber', supplier: 'Uber B.V.', date: '2026-11-15', ttc: '24.37', ht: '22.15', paidBy: 'l33' },
  // The same bread twice, two weeks apart.
  { key: 'boulangerie-1', supplier: 'BOULANGERIE MARTIN', date: '2026-11-10', ttc: '7.40', ht: '7.01', paidBy: 'l34' },
  { key: 'boulangerie-2', supplier: 'BOULANGERIE MARTIN', date: '2026-11-24', ttc: '7.40', ht: '7.01', paidBy: 'l35' },
  { key: 'poste', supplier: 'LA POSTE', date: '2026-11-18', ttc: '12.95', ht: null, paidBy: 'l36' },
  { key: 'fnac', supplier: 'FNAC', date: '2026-11-23', ttc: '59.99', ht: '49.99', paidBy: 'l37' },
  { key: 'hotel', supplier: 'HÔTEL DU PARC', date: '2026-11-26', ttc: '112.00', ht: '101.82', paidBy: 'l38' },
  { key: 'peage', supplier: 'VINCI Autoroutes', date: '2026-11-25', ttc: '18.70', ht: '15.58', paidBy: 'l39' },
  { key: 'taxi-cash', supplier: 'TAXI Laurent MOREAU', date: '2026-11-26', ttc: '32.00', ht: '29.09' },
  // The accountant's invoice, paid by transfer in December.
  { key: 'comptable', supplier: 'Cabinet Dumas Expertise Comptable', date: '2026-11-30', ttc: '360.00', ht: '300.00' },
]

/** The bank's lines of the month as its statement writes them: booked date, amount, raw label. */
const LINES: { key: string; date: string; amount: string; label: string }[] = [
  { key: 'l01', date: '2026-11-03', amount: '-23.47', label: 'CB CARREFOUR MKT 02/11 PARIS' },
  { key: 'l02', date: '2026-11-17', amount: '-41.80', label: 'CB CARREFOUR MKT 16/11 PARIS' },
  { key: 'l03', date: '2026-11-10', amount: '-67.35', label: 'CB E.LECLERC 09/11 IVRY SUR SEIN' },
  { key: 'l04', date: '2026-11-23', amount: '-12.90', label: 'CB MONOPRIX 20/11 PARIS 11' },
  { key: 'l05', date: '2026-11-05', amount: '-72.15', label: 'CB TOTALENERGIES STAT 04/11 MONTREUIL' },
  { key: 'l06', date: '2026-11-19', amount: '-65.02', label: 'CB TOTALENERGIES STAT 18/11 MONTREUIL' },
  { key: 'l07', date: '2026-11-30', amount: '-48.60', label: 'CB ESSO EXPRESS 27/11 NANTERRE' },
  { key: 'l08', date: '2026-11-06', amount: '-4.50', label: 'CB INDIGO PARK 05/11 PARIS' },
  { key: 'l09', date: '2026-11-09', amount: '-4.50', label: 'CB INDIGO PARK 06/11 PARIS' },
  { key: 'l10', date: '2026-11-04', amount: '-87.00', label: 'CB SNCF INTERNET 03/11' },
  { key: 'l11', date: '2026-11-25', amount: '-43.00', label: 'CB SNCF INTERNET 24/11' },
  { key: 'l12', date: '2026-11-12', amount: '-38.50', label: 'CB BISTROT DES HALL 10/11 PARIS' },
  { key: 'l13', date: '2026-11-20', amount: '-27.80', label: 'CB SARL LE COMPTOIR 19/11 PARIS' },
  { key: 'l15', date: '2026-11-27', amount: '-22.40', label: 'CB SUSHI SHOP 26/11 PARIS' },
  {
    key: 'l16',
    date: '2026-11-04',
    amount: '-11.99',
    label: 'PRLV SEPA OVH SAS ECH/041126 ID EMETTEUR/FR12ZZZ411356 MDT/++OVHFR8823414 REF/FR58412307',
  },
  { key: 'l17', date: '2026-11-10', amount: '-28.79', label: 'CB ADOBE *CREATIVE CL 08/11 DUBLIN' },
  { key: 'l18', date: '2026-11-03', amount: '-6.90', label: 'CB GOOGLE*WORKSPACE 01/11 DUBLIN' },
  { key: 'l19', date: '2026-11-13', amount: '-12.60', label: 'CB MICROSOFT*365 12/11 MSBILL.INFO' },
  { key: 'l20', date: '2026-11-23', amount: '-11.99', label: 'CB CANVA* I04361-96331 21/11 SYDNEY' },
  {
    key: 'l21',
    date: '2026-11-06',
    amount: '-19.99',
    label: 'PRLV SEPA FREE MOBILE ECH/061126 ID EMETTEUR/FR84ZZZ416174 MDT/FM-4412873 REF/1125487963',
  },
  { key: 'l22', date: '2026-11-16', amount: '-44.99', label: 'PRLV SEPA ORANGE SA ECH/161126 REF/NVF1125398874' },
  { key: 'l23', date: '2026-11-09', amount: '-156.30', label: 'CB LEROY MERLIN 07/11 IVRY SUR SEIN' },
  { key: 'l24', date: '2026-11-23', amount: '-23.90', label: 'CB LEROY MERLIN 21/11 IVRY SUR SEIN' },
  { key: 'l25', date: '2026-11-16', amount: '-89.00', label: 'CB CASTORAMA 14/11 PARIS 19' },
  { key: 'l26', date: '2026-11-13', amount: '-8.70', label: 'CB PHARMACIE DU MARC 11/11 PARIS' },
  { key: 'l28', date: '2026-11-09', amount: '-35.90', label: 'CB AMAZON PAYMENTS 06/11 PAYLI2441535/' },
  { key: 'l29', date: '2026-11-18', amount: '-19.99', label: 'CB AMZN MKTP FR 17/11 PAYLI2090401/' },
  { key: 'l30', date: '2026-11-30', amount: '-129.99', label: 'CB CDISCOUNT 28/11 BORDEAUX' },
  { key: 'l31', date: '2026-11-04', amount: '-249.90', label: 'CB LDLC.COM 03/11 LIMONEST' },
  { key: 'l32', date: '2026-11-13', amount: '-17.35', label: 'CB RATP 12/11 PARIS' },
  { key: 'l33', date: '2026-11-17', amount: '-24.37', label: 'CB UBER *TRIP 15/11 HELP.UBER.COM' },
  { key: 'l34', date: '2026-11-12', amount: '-7.40', label: 'CB BOULANGERIE MART 10/11 PARIS' },
  { key: 'l35', date: '2026-11-25', amount: '-7.40', label: 'CB BOULANGERIE MART 24/11 PARIS' },
  { key: 'l36', date: '2026-11-19', amount: '-12.95', label: 'CB LA POSTE 18/11 PARIS 11' },
  { key: 'l37', date: '2026-11-24', amount: '-59.99', label: 'CB FNAC 23/11 PARIS' },
  { key: 'l38', date: '2026-11-27', amount: '-112.00', label: 'CB HOTEL DU PARC 26/11 LYON' },
  { key: 'l39', date: '2026-11-26', amount: '-18.70', label: 'CB ASF PEAGE 25/11 REVENTIN' },
  // No receipt for these: bank fees, social charges, the owner's pay, a salary, a loan, insurance, money in, cash
  // taken out, a coffee and a sandwich whose tickets were thrown away, groceries without their ticket.
  { key: 'fees', date: '2026-11-02', amount: '-12.00', label: 'FRAIS TENUE DE COMPTE' },
  { key: 'urssaf', date: '2026-11-05', amount: '-812.00', label: 'PRLV SEPA URSSAF ILE DE FRANCE' },
  {
    key: 'owner',
    date: '2026-11-05',
    amount: '-1500.00',
    label: 'VIR SEPA EMIS /A JEAN MARTIN /MOTIF REMUNERATION GERANT',
  },
  {
    key: 'salary',
    date: '2026-11-30',
    amount: '-1850.00',
    label: 'VIR SEPA EMIS /A THOMAS DUBOIS /MOTIF SALAIRE NOVEMBRE',
  },
  { key: 'loan', date: '2026-11-10', amount: '-385.20', label: 'ECHEANCE PRET 00012345' },
  { key: 'insurance', date: '2026-11-06', amount: '-45.60', label: 'PRLV SEPA HISCOX' },
  {
    key: 'client-1',
    date: '2026-11-10',
    amount: '2400.00',
    label: 'VIR SEPA RECU /DE SAS DURAND /MOTIF FACT F-2026-0042',
  },
  {
    key: 'client-2',
    date: '2026-11-24',
    amount: '960.00',
    label: 'VIR SEPA RECU /DE MAIRIE DE MONTREUIL /MOTIF F-2026-0045',
  },
  { key: 'cash', date: '2026-11-20', amount: '-40.00', label: 'RETRAIT DAB 20/11 PARIS 11' },
  { key: 'paul', date: '2026-11-16', amount: '-6.80', label: 'CB PAUL 13/11 PARIS GARE DE LY' },
  { key: 'starbucks', date: '2026-11-20', amount: '-5.40', label: 'CB STARBUCKS 19/11 PARIS' },
  { key: 'carrefour-lost', date: '2026-11-30', amount: '-18.35', label: 'CB CARREFOUR MKT 27/11 PARIS' },
]

const qifDate = (date: string) => date.split('-').reverse().join('/')

/** The month's statement imported as a bank's QIF: each line keeps its raw label beside its cleaned name. */
async function importMonth(client: Client, lines: typeof LINES) {
  const journalId = await bankAccount(client)
  const qif = `!Type:Bank\n${lines.map((line) => `D${qifDate(line.date)}\nT${line.amount}\nP${line.label}\n^\n`).join('')}`
  const imported = await importQif(ctx.app, client, journalId, qif)
  expect(imported.statusCode, imported.body).toBe(200)
  expect(json(imported).data.imported).toBe(lines.length)
  const listed = json(await client.get('/transactions?pageSize=1000')).data as { id: number; rawName: string }[]
  const idOf = new Map(listed.map((line) => [line.rawName, line.id]))
  expect(lines.filter((line) => !idOf.has(line.label)).map((line) => line.key)).toEqual([])
  return new Map(lines.map((line) => [line.key, idOf.get(line.label) as number]))
}

/** Each receipt uploaded, then its fields as the reader gives them; every other one validated (a supplier made). */
async function uploadMonth(client: Client) {
  const ids = new Map<string, number>()
  for (const [index, receipt] of RECEIPTS.entries()) {
    const sent = await sendFiles(ctx.app, client, '/receipts', [
      { name: `${receipt.key}.pdf`, bytes: SAMPLE_FILES.pdf },
    ])
    expect(sent.statusCode, sent.body).toBe(201)
    const id = json(sent).data[0].id as number
    const saved = await client.patch(`/receipts/${id}`, {
      supplierName: receipt.supplier,
      datedAt: receipt.date,
      taxIncluded: receipt.ttc,
      taxExcluded: receipt.ht,
      ...(index % 2 === 0 ? { stateId: RECEIPT_STATE_IDS.VALIDATED } : {}),
    })
    expect(saved.statusCode, saved.body).toBe(200)
    ids.set(receipt.key, id)
  }
  return ids
}

/** Precision (right / offered) and recall (right / pairs in the truth), with what went wrong, for the message. */
function measure(side: string, tops: Map<string, string | null>, truth: Map<string, string>) {
  let offered = 0
  let right = 0
  const wrong: string[] = []
  for (const [key, top] of tops) {
    const expected = truth.get(key) ?? null
    if (top !== null) offered++
    if (top !== null && top === expected) right++
    else if (top !== expected) wrong.push(`${key} → ${top ?? 'rien'} (attendu ${expected ?? 'rien'})`)
  }
  const precision = offered === 0 ? 0 : right / offered
  const recall = right / truth.size
  const said = `${side}: précision ${right}/${offered} = ${precision.toFixed(3)}, rappel ${right}/${truth.size} = ${recall.toFixed(3)}; écarts : ${wrong.join(', ') || 'aucun'}`
  return { precision, recall, said }
}

/**
 * The month imported into a new organisation, its receipts uploaded, then each receipt's first suggested line
 * (GET /receipts/{id}/matches, which offers only those above the threshold), each line's first suggested receipt
 * (GET /transactions/{id}/receipt-matches) and the organisation's pairs (GET /receipt-matches), measured against the
 * truth.
 */
async function measureMonth(lines: typeof LINES) {
  const { client } = await vatPayer(ctx.app)
  const lineIds = await importMonth(client, lines)
  const receiptIds = await uploadMonth(client)
  const lineKeyOf = new Map([...lineIds].map(([key, id]) => [id, key]))
  const receiptKeyOf = new Map([...receiptIds].map(([key, id]) => [id, key]))
  const lineOfReceipt = new Map(RECEIPTS.flatMap((receipt) => (receipt.paidBy ? [[receipt.key, receipt.paidBy]] : [])))
  const receiptOfLine = new Map([...lineOfReceipt].map(([receipt, line]) => [line, receipt]))

  const receiptTops = new Map<string, string | null>()
  for (const [key, id] of receiptIds) {
    const response = await client.get(`/receipts/${id}/matches`)
    expect(response.statusCode, response.body).toBe(200)
    const first = json(response).data[0] as { transaction: { id: number } } | undefined
    receiptTops.set(key, first ? (lineKeyOf.get(first.transaction.id) ?? `ligne ${first.transaction.id}`) : null)
  }
  const lineTops = new Map<string, string | null>()
  for (const [key, id] of lineIds) {
    const response = await client.get(`/transactions/${id}/receipt-matches`)
    expect(response.statusCode, response.body).toBe(200)
    const first = json(response).data[0] as { receipt: { id: number } } | undefined
    lineTops.set(key, first ? (receiptKeyOf.get(first.receipt.id) ?? `reçu ${first.receipt.id}`) : null)
  }
  const pairs = json(await client.get('/receipt-matches')).data as { receiptId: number; transactionId: number }[]
  const pairTops = new Map<string, string | null>([...receiptIds.keys()].map((key) => [key, null]))
  for (const pair of pairs)
    pairTops.set(receiptKeyOf.get(pair.receiptId) as string, lineKeyOf.get(pair.transactionId) ?? null)

  return [
    measure('justificatifs', receiptTops, lineOfReceipt),
    measure('lignes', lineTops, receiptOfLine),
    measure('paires', pairTops, lineOfReceipt),
  ]
}

/** A month is ~90 uploads and edits and ~130 questions to the API: 10 s alone, more on a busy machine. */
const MONTH_TIMEOUT_MS = 90_000

describe('the matcher on a labelled month of everyday receipts and bank lines', () => {
  it(
    'puts the right line first for the receipts and the right receipt first for the lines: precision ≥ 0.95, recall ≥ 0.90 on both sides',
    async () => {
      for (const { precision, recall, said } of await measureMonth(LINES)) {
        expect(precision, said).toBeGreaterThanOrEqual(0.95)
        expect(recall, said).toBeGreaterThanOrEqual(0.9)
      }
    },
    MONTH_TIMEOUT_MS,
  )

  it(
    'does as well with a deferred-debit card, whose payments are all booked on the month’s last day',
    async () => {
      const deferred = LINES.map((line) => (line.label.startsWith('CB ') ? { ...line, date: '2026-11-30' } : line))
      for (const { precision, recall, said } of await measureMonth(deferred)) {
        expect(precision, said).toBeGreaterThanOrEqual(0.95)
        expect(recall, said).toBeGreaterThanOrEqual(0.9)
      }
    },
    MONTH_TIMEOUT_MS,
  )
})
