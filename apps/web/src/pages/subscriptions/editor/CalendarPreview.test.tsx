import { addDays, messages, todayInParis } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi } from '../../../components/test-utils'
import { baseRoutes } from '../../../test-support/documentFixtures'
import { subscription } from '../../../test-support/subscriptionFixtures'
import { SubscriptionEditorPage } from './SubscriptionEditorPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const tomorrow = addDays(todayInParis(), 1)

const calendarRoute = (dates: string[]): Route => ({
  method: 'POST',
  path: '/recurring-calendar',
  body: { data: dates },
})

/** The bodies POSTed to /recurring-calendar, in order. */
const asked = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/recurring-calendar'))
    .map(([, init]) => JSON.parse(String(init?.body)))

const preview = () => screen.getByRole('region', { name: 'Prochaines échéances' })

describe('Recurring invoice editor: the preview of the next dates', () => {
  it("asks the server for the form's rule and lists its dates in words", async () => {
    const spy = stubApi([calendarRoute(['2026-12-05', '2027-01-05']), ...baseRoutes()])
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    expect(await screen.findByText('samedi 5 décembre 2026')).toBeTruthy()
    expect(within(preview()).getByText('mardi 5 janvier 2027')).toBeTruthy()
    expect(asked(spy)).toEqual([
      {
        startingAt: tomorrow,
        endingAt: null,
        endingType: 'date',
        recurrence: 1,
        occurrences: null,
        unit: 'month',
        day: 1,
        limit: 6,
      },
    ])
  })

  it('asks again once the changes pause, for the last rule only', async () => {
    const spy = stubApi([calendarRoute(['2026-12-05']), ...baseRoutes()])
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    await within(await screen.findByRole('region', { name: 'Prochaines échéances' })).findByText(
      'samedi 5 décembre 2026',
    )
    const every = screen.getByRole('textbox', { name: /^Tous les/ })
    fireEvent.change(every, { target: { value: '2' } })
    fireEvent.change(every, { target: { value: '3' } })
    await waitFor(() => expect(asked(spy)).toHaveLength(2))
    expect(asked(spy)[1]).toMatchObject({ recurrence: 3, unit: 'month', day: 1 })
    expect(asked(spy).some((body) => body.recurrence === 2)).toBe(false)
  })

  it('waits for a valid rule: nothing is asked while the recurrence is empty', async () => {
    const spy = stubApi([calendarRoute(['2026-12-05']), ...baseRoutes()])
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    await within(await screen.findByRole('region', { name: 'Prochaines échéances' })).findByText(
      'samedi 5 décembre 2026',
    )
    fireEvent.change(screen.getByRole('textbox', { name: /^Tous les/ }), { target: { value: '' } })
    expect(
      await within(preview()).findByText('Complète les paramètres pour voir les prochaines échéances.'),
    ).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(asked(spy)).toHaveLength(1)
  })

  it('says "Nous n\'avons pas pu déterminer de prochaines échéances..." when the server finds none', async () => {
    stubApi([calendarRoute([]), ...baseRoutes()])
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    const region = await screen.findByRole('region', { name: 'Prochaines échéances' })
    expect(await within(region).findByText(messages.recurring.noUpcoming)).toBeTruthy()
    expect(messages.recurring.noUpcoming).toBe("Nous n'avons pas pu déterminer de prochaines échéances...")
  })

  it('sends the id of a saved one, so that what it already created counts', async () => {
    const saved = subscription({ id: 30 }, { endingType: 'occurrences', occurrences: 3, remainingOccurrences: 1 })
    const spy = stubApi([
      { path: '/invoices/30', body: { data: saved } },
      calendarRoute(['2026-12-05']),
      ...baseRoutes(),
    ])
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/30' })
    await within(await screen.findByRole('region', { name: 'Prochaines échéances' })).findByText(
      'samedi 5 décembre 2026',
    )
    expect(asked(spy)[0]).toMatchObject({ id: 30, endingType: 'occurrences', occurrences: 3, endingAt: null, day: 5 })
  })
})
