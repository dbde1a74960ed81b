import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../../test/fake-pa'
import { useTestContext } from '../../../../../test/helpers'
import { act, createInvoice, invoiceBody, line } from '../../../../../test/sales'
import { mustValidateCdar, validateCdar } from '../cdar/validate-cdar.test-helper'
import { historyOf } from '../intake/network.test-helper'
import { paymentOfTrackingId, paymentPerRate } from './encaissee'
import { encaisseeTrackingId } from './hooks'
import {
  companyCustomer,
  connectedSeller,
  flowsOf,
  invoiceOf,
  minutesLater,
  sendDue,
  validatedInvoice,
} from './sending.test-helper'

const ctx = useTestContext()
const pa = useFakePa()

/** The Encaissées the seller sent to the PA (by their tracking ids: the PA types a flow once it has read it). */
const encaisseesAt = async (clientId: string, count: number) =>
  (
    await pa.waitForFlows(
      clientId,
      (flows) => flows.filter((flow) => flow.trackingId?.startsWith('carnet-212-')).length >= count,
    )
  ).filter((flow) => flow.trackingId?.startsWith('carnet-212-'))

async function invoiceOnNetwork(nature: 'SERVICES' | 'GOODS') {
  const seller = await connectedSeller(ctx, pa)
  const buyer = await pa.registerElsewhere()
  const customer = await companyCustomer(seller.client, buyer.siren)
  const draft = await createInvoice(
    seller.client,
    invoiceBody({
      contactId: customer.contactId,
      billingAddressId: customer.addressId,
      lines: [
        line({ amount: '1000', type: nature === 'GOODS' ? 'PRODUCT' : 'SERVICE' }),
        line({ name: 'Livre', amount: '100', taxId: 3, type: nature === 'GOODS' ? 'PRODUCT' : 'SERVICE' }),
      ],
    }),
  )
  const invoice = await act(seller.client, `/invoices/${draft.id}/validate`)
  expect(invoice.nature).toBe(nature)
  expect(await sendDue(ctx.app)).toBe(1)
  return { seller, invoice }
}

describe('Encaissée (212) of a service invoice under VAT on receipts', () => {
  it('is queued with each payment, partial ones each, and sent as a CDAR with the amounts per VAT rate', async () => {
    const { seller, invoice } = await invoiceOnNetwork('SERVICES')
    expect(invoice.vatOnDebits).toBe(false)
    await act(seller.client, `/invoices/${invoice.id}/payments`, 201, {
      paidAt: '2026-11-10',
      amount: '500.00',
      method: 'TRANSFER',
    })
    const queued = await flowsOf(ctx, seller.organizationId, 'CustomerInvoiceLC')
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ state: 'queued', syntax: 'CDAR', invoiceId: invoice.id })

    expect(await sendDue(ctx.app)).toBe(1)
    const [first] = await encaisseesAt(seller.account.clientId, 1)
    expect(first?.flowSyntax).toBe('CDAR')
    const xml = (await pa.file(first?.flowId ?? '')).toString('utf8')
    expect(xml).toContain('>212<')
    expect(xml).toContain('20261110')
    if (mustValidateCdar) {
      const validation = await validateCdar(xml)
      expect(validation.ok, validation.output).toBe(true)
    }

    // The rest: a second Encaissée, the first one not told again.
    await act(seller.client, `/invoices/${invoice.id}/mark-as-paid`, 200, { paymentDateAt: '2026-11-20' })
    await sendDue(ctx.app)
    expect(await encaisseesAt(seller.account.clientId, 2)).toHaveLength(2)
    expect((await flowsOf(ctx, seller.organizationId, 'CustomerInvoiceLC')).map((flow) => flow.state)).toEqual([
      'sent',
      'sent',
    ])
    const detail = await invoiceOf(seller.client, invoice.id)
    expect(detail.eInvoicing.events.filter((event: { code: number }) => event.code === 212)).toHaveLength(2)
    expect(detail.eInvoicing.events[0]).toMatchObject({ code: 212, label: 'Encaissée', source: 'seller' })
    // The history says it too, once per Encaissée sent.
    const history = await historyOf(seller.client, invoice.id)
    expect(
      history.filter((sentence) => sentence === 'Carnet a transmis le statut Encaissée à la plateforme.'),
    ).toHaveLength(2)
  })

  it('waits for its invoice to reach the PA first', async () => {
    const seller = await connectedSeller(ctx, pa)
    const buyer = await pa.registerElsewhere()
    const invoice = await validatedInvoice(seller.client, await companyCustomer(seller.client, buyer.siren))
    await act(seller.client, `/invoices/${invoice.id}/mark-as-paid`, 200, { paymentDateAt: '2026-11-05' })
    await pa.outage(true)
    try {
      expect(await sendDue(ctx.app)).toBe(0)
    } finally {
      await pa.outage(false)
    }
    const [waiting] = await flowsOf(ctx, seller.organizationId, 'CustomerInvoiceLC')
    expect(waiting).toMatchObject({ state: 'queued', storageKey: null })
    expect(waiting?.lastError).toMatch(/pas encore transmise/)

    expect(await sendDue(ctx.app, minutesLater(2))).toBe(1)
    expect((await flowsOf(ctx, seller.organizationId, 'CustomerInvoice'))[0]?.state).toBe('sent')
    expect(await sendDue(ctx.app, minutesLater(6))).toBe(1)
    expect(await encaisseesAt(seller.account.clientId, 1)).toHaveLength(1)
  })

  it('is not sent for goods (VAT due on delivery)', async () => {
    const { seller, invoice } = await invoiceOnNetwork('GOODS')
    await act(seller.client, `/invoices/${invoice.id}/mark-as-paid`, 200, { paymentDateAt: '2026-11-20' })
    expect(await flowsOf(ctx, seller.organizationId, 'CustomerInvoiceLC')).toHaveLength(0)
  })

  it('splits a payment over the VAT rates in proportion, to the cent', () => {
    const split = paymentPerRate({ paidAt: '2026-11-10', amount: '500' }, [
      { ratePercent: '20', taxIncluded: '1200.00' },
      { ratePercent: '5.5', taxIncluded: '105.50' },
    ])
    expect(split).toEqual({
      date: '2026-11-10',
      amounts: [
        { rate: '20.00', amount: '459.59' },
        { rate: '5.50', amount: '40.41' },
      ],
    })
  })

  it('tells a payment by hand once, before and after its bank line reconciles it', () => {
    const byHand = { id: 7, paidAt: '2026-11-10', amount: '500.00', method: 'TRANSFER' as const, reconciled: false }
    const before = encaisseeTrackingId(1, 2, { ...byHand, transactionId: null })
    const after = encaisseeTrackingId(1, 2, { ...byHand, transactionId: 99 })
    expect(after).toBe(before)
    expect(paymentOfTrackingId(before, [{ ...byHand, transactionId: 99, reconciled: true }])?.id).toBe(7)
    const bankLine = { ...byHand, id: null, transactionId: 42, reconciled: true }
    expect(paymentOfTrackingId(encaisseeTrackingId(1, 2, bankLine), [bankLine])).toBe(bankLine)
  })
})
