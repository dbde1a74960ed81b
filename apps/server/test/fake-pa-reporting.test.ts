import { type PeriodFigures, reportFlowType } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { documentsAvailable } from '../../../e2e/fake-pa/openapi.mjs'
import { buildFrr } from '../src/features/documents/e-invoicing/reporting/frr'
import { mustValidateFrr } from '../src/features/documents/e-invoicing/reporting/validate-frr.test-helper'
import { type FakePaClient, flowForm, useFakePa } from './fake-pa'
import { api, sha256 } from './fake-pa-checked'

const b2cDays: PeriodFigures = {
  kind: 'transactions',
  aggregated: [
    { date: '2026-11-02', category: 'TLB1', ratePercent: '20', taxExcluded: '100.00', tax: '20.00', operations: 3 },
    { date: '2026-11-03', category: 'TPS1', ratePercent: '10', taxExcluded: '50.00', tax: '5.00', operations: 1 },
  ],
  unitary: [],
}
const b2cPayments: PeriodFigures = {
  kind: 'payments',
  aggregated: [{ date: '2026-11-05', ratePercent: '20', amount: '120.00' }],
  unitary: [],
}

const report = (client: FakePaClient, figures: PeriodFigures, documentId: string) =>
  buildFrr({
    figures,
    period: { start: '2026-11-01', end: '2026-11-10' },
    documentId,
    issuedAt: '2026-11-11T08:00:00Z',
    issuer: { siren: client.siren, name: client.name, vatNumber: null },
    corrects: null,
  })

/** Posts an FRR flow as Carnet does and waits for its acknowledgement. */
async function send(pa: ReturnType<typeof useFakePa>, client: FakePaClient, trackingId: string, xml: string) {
  const token = await pa.token(client)
  const info = { trackingId, name: `${trackingId}.xml`, flowSyntax: 'FRR', sha256: sha256(xml) }
  const sent = await api(token, 'POST', `${pa.flowUrl}/v1/flows`, flowForm(info, xml, 'application/xml'))
  expect(sent.status).toBe(202)
  const flows = await pa.waitForFlows(
    client.clientId,
    (list) => list.some((f) => f.flowId === sent.json.flowId && f.acknowledgement.status !== 'Pending'),
    30_000,
  )
  return { token, flow: flows.find((f) => f.flowId === sent.json.flowId) as (typeof flows)[number] }
}

describe.skipIf(!documentsAvailable && !process.env.CI)('the stand-in PA taking e-reporting files (FRR)', () => {
  const pa = useFakePa()

  it('acknowledges a well-formed report Ok, finds it by its flow type, and routes it to no one', async () => {
    const seller = await pa.registerClient({ name: 'Boutique & Cie' })
    const other = await pa.registerClient()
    const { token, flow } = await send(pa, seller, 'frr-ok-1', report(seller, b2cDays, 'frr-ok-1'))
    expect(flow).toMatchObject({
      flowSyntax: 'FRR',
      flowDirection: 'Out',
      flowType: reportFlowType(b2cDays),
      processingRule: 'B2C',
      acknowledgement: { status: 'Ok' },
    })
    const paid = await send(pa, seller, 'frr-ok-2', report(seller, b2cPayments, 'frr-ok-2'))
    expect(paid.flow).toMatchObject({ flowType: 'AggregatedCustomerPaymentReport', acknowledgement: { status: 'Ok' } })

    const found = await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, {
      where: { flowType: ['AggregatedCustomerTransactionReport'] },
    })
    expect(found.json.results.map((f: { flowId: string }) => f.flowId)).toEqual([flow.flowId])
    // Reports go to the administration: no lifecycle status back, nothing in another client's inbox.
    expect(await pa.flows(seller.clientId)).toHaveLength(2)
    expect(await pa.flows(other.clientId)).toEqual([])
  })

  it('acknowledges in error a file that is not a report', async () => {
    const seller = await pa.registerClient()
    const { flow } = await send(pa, seller, 'frr-root', '<?xml version="1.0"?><Invoice><ID>1</ID></Invoice>')
    expect(flow.acknowledgement).toMatchObject({
      status: 'Error',
      details: [
        expect.objectContaining({ reasonCode: 'InvalidSchema', reasonMessage: expect.stringMatching(/Report/) }),
      ],
    })
  })
})

describe.skipIf(!mustValidateFrr)('the stand-in PA with --validate checking reports against frr.xsd', () => {
  const strict = useFakePa({ validate: true })

  it('acknowledges a valid report Ok and one breaking the schema in error, naming the violation', async () => {
    const seller = await strict.registerClient()
    const valid = await send(strict, seller, 'frr-v-1', report(seller, b2cDays, 'frr-v-1'))
    expect(valid.flow.acknowledgement).toEqual({ status: 'Ok' })

    const wrong = report(seller, b2cDays, 'frr-v-2').replace('<CategoryCode>TLB1<', '<CategoryCode>TXX1<')
    const invalid = await send(strict, seller, 'frr-v-2', wrong)
    expect(invalid.flow.acknowledgement.status).toBe('Error')
    expect(invalid.flow.acknowledgement.details).toContainEqual(
      expect.objectContaining({
        reasonCode: 'InvalidSchema',
        item: 'CategoryCode',
        reasonMessage: expect.stringMatching(/^\[XSD\] line \d+: .*TXX1/),
      }),
    )
    const found = await api(await strict.token(seller), 'POST', `${strict.flowUrl}/v1/flows/search`, {
      where: { flowType: ['AggregatedCustomerTransactionReport'], ackStatus: 'Error' },
    })
    expect(found.json.results.map((f: { trackingId: string }) => f.trackingId)).toEqual(['frr-v-2'])
  }, 60_000)
})
