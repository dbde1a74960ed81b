import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { addDays } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestContext } from '../../../../test/helpers'
import { createSubscription, occurrencesOf, premiumOrganization, recurringBody } from '../../../../test/recurring'

/**
 * Recurring invoices with two processes on one PostgreSQL database (CI sets DATABASE_URL): this test process and
 * `npm run jobs` in another OS process run the jobs at the same time, day after day over a simulated month. Every
 * occurrence must be made exactly once, numbered without a gap, and e-mailed once.
 */
/*
 * A second server process to start (TypeScript compiled at its start) and the whole run through both: on the Citus
 * cluster, its three nodes sharing the machine with the rest of the suite, this took 30–70 s.
 */
const TWO_PROCESSES_TIMEOUT = 120_000
const ctx = useTestContext({ now: () => new Date('2027-01-10T10:00:00Z') })
const onPostgres = Boolean(process.env.DATABASE_URL)

function jobsInAnotherProcess(databaseUrl: string, until: string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../../../cli/jobs.ts'), '--until', until],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: ctx.config.smtpUrl, LOG_LEVEL: 'silent' },
      },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run jobs: ${code} ${output}`))))
  })
}

describe.runIf(onPostgres)('recurring invoices with two processes on one PostgreSQL database', () => {
  it(
    'makes every occurrence of a simulated month exactly once, with gapless numbers and one e-mail each',
    async () => {
      const current = await ctx.database.db.execute<{ name: string }>(sql`select current_database() as name`)
      const url = new URL(process.env.DATABASE_URL as string)
      url.pathname = `/${current.rows[0]?.name}`

      const { client, contactId, addressId } = await premiumOrganization(ctx)
      const send = {
        creationOption: 'send',
        emails: { emailRecipient: 'compta@danone.fr', subject: 'Facture {reference}', body: 'Bonjour {client}' },
      }
      const daily = await createSubscription(
        client,
        recurringBody({ contactId, billingAddressId: addressId }, { unit: 'day', day: null, ...send }),
      )
      const drafts = await createSubscription(client, recurringBody({ contactId }, { unit: 'day', day: null }))
      const sundays = await createSubscription(client, recurringBody({ contactId }, { unit: 'week', day: 7 }))

      // The other process catches the whole month up at once while this one walks it day by day.
      const other = jobsInAnotherProcess(url.toString(), '2027-02-09')
      for (let day = '2027-01-11'; day <= '2027-02-09'; day = addDays(day, 1)) await ctx.app.jobs.runDue({ until: day })
      await other
      await ctx.app.jobs.runDue({ until: '2027-02-09' })

      const month = Array.from({ length: 30 }, (_, i) => addDays('2027-01-11', i))
      const sent = await occurrencesOf(client, daily.id)
      // Numbers follow dates (decision 0032): an occurrence the other process numbered after a later one takes that
      // one's date, a day or so later than its own; every day of the month is still billed once.
      expect(sent).toHaveLength(month.length)
      const byNumber = [...sent].sort((a, b) => a.reference.localeCompare(b.reference))
      byNumber.forEach((invoice, index) => {
        expect(month).toContain(invoice.datedAt)
        if (index > 0) expect(invoice.datedAt >= byNumber[index - 1].datedAt).toBe(true)
      })
      expect((await occurrencesOf(client, drafts.id)).map((invoice) => invoice.datedAt)).toEqual(month)
      expect((await occurrencesOf(client, sundays.id)).map((invoice) => invoice.datedAt)).toEqual([
        '2027-01-17',
        '2027-01-24',
        '2027-01-31',
        '2027-02-07',
      ])
      const references = sent.map((invoice) => invoice.reference).sort()
      expect(references).toEqual(month.map((_, i) => `F-2027-${String(i + 1).padStart(4, '0')}`))
      expect(sent.every((invoice) => invoice.state.code === 'PENDING')).toBe(true)
      await ctx.smtp.waitFor('compta@danone.fr', 30)
      await new Promise((resolve) => setTimeout(resolve, 500))
      // Each sending job was claimed by one process only, once.
      const claims = await ctx.database.db.execute<{ attempts: number }>(
        sql`select attempts from jobs where kind = 'recurring.send'`,
      )
      expect(claims.rows.map((row) => Number(row.attempts))).toEqual(month.map(() => 1))
      const subjects = ctx.smtp.received
        .map((mail) => mail.subject)
        .filter((subject) => subject?.startsWith('Facture F-'))
      expect(subjects.sort()).toEqual(references.map((reference) => `Facture ${reference}`))
    },
    TWO_PROCESSES_TIMEOUT,
  )
})
