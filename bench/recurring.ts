/**
 * Recurring invoices: how fast the jobs make occurrences (one transaction each: lock the schedule, copy the model into
 * a new invoice with its lines, move the schedule on, history entries). 100 daily schedules caught up over 30 days after
 * an "outage": 3,000 invoices, through `app.jobs.runDue({ until })` as `npm run jobs` does. No target in the issue:
 * the figure says how long a catch-up takes.
 */
import { addDays, todayInParis } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import { signIn } from './contacts'

const SCHEDULES = 100
const DAYS = 30

export async function benchRecurring(app: FastifyInstance, engine: string) {
  const { cookie } = await signIn(app)
  const headers = { cookie, 'x-requested-with': 'fetch' }
  const contact = await app.inject({
    method: 'POST',
    url: '/api/v1/contacts?relation=customer',
    headers,
    payload: { contactTypeId: 2, name: 'Client récurrent' },
  })
  const contactId = contact.json().data.id as number
  const start = addDays(todayInParis(), 1)
  for (let i = 0; i < SCHEDULES; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/invoices',
      headers,
      payload: {
        name: 'Maintenance {mois}',
        datedAt: start,
        paymentLimit: 30,
        contactId,
        lines: [
          { name: 'Hébergement', type: 'SERVICE', quantity: '1', amount: '49', unitId: 1, taxId: 1 },
          { name: 'Support {mois}', type: 'SERVICE', quantity: '2', amount: '60', unitId: 1, taxId: 1 },
        ],
        isRecurring: true,
        recurringParams: {
          startingAt: start,
          endingAt: null,
          endingType: 'date',
          occurrences: null,
          recurrence: 1,
          unit: 'day',
          day: null,
          creationOption: 'draft',
        },
      },
    })
    if (response.statusCode !== 201) throw new Error(`recurring invoice: ${response.statusCode} ${response.body}`)
  }
  const begin = performance.now()
  const summary = await app.jobs.runDue({ until: addDays(start, DAYS - 1) })
  const seconds = (performance.now() - begin) / 1000
  console.log(
    `recurring catch-up (${engine})      : ${summary.occurrences} invoices in ${seconds.toFixed(1)} s, ` +
      `${(summary.occurrences / seconds).toFixed(0)} occurrences/s (${SCHEDULES} daily schedules × ${DAYS} days)`,
  )
}
