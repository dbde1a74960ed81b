import { randomBytes } from 'node:crypto'
import type { Paging } from '@app/domain'
import nodemailer from 'nodemailer'
import type { Db, DbOrTx } from '../../../db/client'
import type { MailAttachmentRef } from '../../../db/schema/index'
import { acrossOrganizations } from '../../../db/tenant-scope'
import type { Clock } from '../../../lib/clock'
import type { Storage } from '../../../lib/storage'
import { createMailRepo, type MailRow } from './repo'

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's worker step, for tests that drive it (app.ts). */
    mailOutbox: { deliverDue(now?: Date): Promise<number> }
  }
}

export type OutgoingMail = { to: string; subject: string; text: string; html?: string }

/** A document e-mail: addresses already validated one by one (domain sendEmailSchema). */
export type DocumentMail = {
  organizationId: number
  subjectType: 'invoice' | 'quote'
  subjectId: number
  to: string[]
  cc?: string[]
  bcc?: string[]
  replyTo?: string | null
  subject: string
  text: string
  attachments: MailAttachmentRef[]
}

export type MailStatus = 'sent' | 'queued' | 'stored' | 'failed'

/** Waits after the 1st, 2nd… failed attempt; after MAX_ATTEMPTS attempts the message is given up (failed). */
export const RETRY_DELAYS_MINUTES = [1, 5, 30, 120, 360, 720, 1440] as const
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1
/** A claimed message is not due again for this long: far longer than one SMTP exchange (timeouts below). */
const LEASE_MINUTES = 10
const CLAIM_BATCH = 50
const WORKER_INTERVAL_MS = 15_000

const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000).toISOString()
const splitStored = (value: string | null) => (value ? value.split(',').filter(Boolean) : [])

/** "Carnet <no-reply@carnet.local>" → the bare address, for a From with the organisation's name. */
export const addressOf = (from: string) => /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim()

/**
 * The outbox (DESIGN.md "A failed SMTP delivery is retried by a job and never loses the message"). Every message is
 * first written to `emails`, then sent:
 * - without SMTP_URL the row is the delivery (status stored): the development mailbox shows it;
 * - with SMTP_URL the row is queued, sent at once by the request that made it, and on failure kept queued with its
 *   error and a next attempt (1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h), given up (failed) after 8 attempts.
 * `deliverDue` (the worker, every 15 s) claims due rows with FOR UPDATE SKIP LOCKED in one short statement, so two
 * processes never send the same message. Attachments live in the Storage and are read again at each attempt.
 */
export function createMailService(deps: {
  db: Db
  clock: Clock
  smtpUrl: string | undefined
  from: string
  storage: Storage
}) {
  const transport = deps.smtpUrl
    ? nodemailer.createTransport({
        url: deps.smtpUrl,
        connectionTimeout: 20_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      } as Parameters<typeof nodemailer.createTransport>[0])
    : null
  const fromAddress = addressOf(deps.from)

  async function transmit(row: MailRow, organizationName: string | null) {
    if (!transport) throw new Error('no SMTP transport')
    const attachments = []
    for (const ref of row.attachments) {
      const file = await deps.storage.get(ref.storageKey)
      if (!file) throw new Error(`attachment missing: ${ref.storageKey}`)
      attachments.push({ filename: ref.filename, contentType: ref.contentType, content: file.body })
    }
    // Structured fields only: nodemailer encodes names and subject, so nothing typed can become a header.
    await transport.sendMail({
      from: organizationName ? { name: organizationName, address: fromAddress } : deps.from,
      to: splitStored(row.to),
      cc: splitStored(row.cc),
      bcc: splitStored(row.bcc),
      replyTo: row.replyTo ?? undefined,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      attachments,
    })
  }

  /** One attempt on a message this process has claimed (attempts already counted); records the outcome. */
  async function attempt(id: number): Promise<MailStatus> {
    const repo = createMailRepo(deps.db)
    const found = await repo.findForDelivery(id)
    if (!found) return 'failed'
    const { mail } = found
    if (mail.status !== 'queued') return mail.status as MailStatus
    try {
      await transmit(mail, found.brandName || found.organizationName)
      await repo.markSent(id, deps.clock().toISOString())
      return 'sent'
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const delay = RETRY_DELAYS_MINUTES[mail.attempts - 1]
      if (mail.attempts >= MAX_ATTEMPTS || delay === undefined) {
        await repo.markFailed(id, message)
        return 'failed'
      }
      await repo.markRetry(id, message, minutesAfter(deps.clock(), delay))
      return 'queued'
    }
  }

  /** The row as written: claimed at birth by this process (attempt 1, leased), or stored for the mailbox. */
  const birth = () =>
    transport
      ? { status: 'queued' as const, attempts: 1, nextAttemptAt: minutesAfter(deps.clock(), LEASE_MINUTES) }
      : { status: 'stored' as const, attempts: 0, nextAttemptAt: null }

  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null

  const service = {
    /** Password-reset codes, invitations…: recorded, then sent; an SMTP outage leaves the message to the worker. */
    async send(mail: OutgoingMail): Promise<MailStatus> {
      // A person's mail belongs to no organisation: the platform writes and sends it, even from a tenant's request.
      return acrossOrganizations(async () => {
        const id = await createMailRepo(deps.db).insert({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          ...birth(),
        })
        return transport ? attempt(id) : 'stored'
      })
    },

    /** Writes a document e-mail inside the caller's transaction (with its activity entry); `deliver` after commit. */
    async enqueue(tx: DbOrTx, mail: DocumentMail): Promise<number> {
      return createMailRepo(tx).insert({
        organizationId: mail.organizationId,
        subjectType: mail.subjectType,
        subjectId: mail.subjectId,
        to: mail.to.join(','),
        cc: mail.cc?.length ? mail.cc.join(',') : null,
        bcc: mail.bcc?.length ? mail.bcc.join(',') : null,
        replyTo: mail.replyTo ?? null,
        subject: mail.subject,
        text: mail.text,
        html: null,
        attachments: mail.attachments,
        ...birth(),
      })
    },

    /** The first attempt of a message just enqueued (the caller holds its lease). */
    async deliver(id: number): Promise<MailStatus> {
      return transport ? attempt(id) : 'stored'
    },

    /** Keeps a file to attach under `org-<id>/mail/<random>.<ext>`; it is read back at each attempt. */
    async storeAttachment(
      organizationId: number,
      file: { filename: string; contentType: string; body: Buffer },
    ): Promise<MailAttachmentRef> {
      const ext = file.contentType === 'application/pdf' ? 'pdf' : 'bin'
      const storageKey = `org-${organizationId}/mail/${randomBytes(16).toString('hex')}.${ext}`
      await deps.storage.put(storageKey, file.body, file.contentType)
      return { filename: file.filename, contentType: file.contentType, storageKey }
    },

    discardAttachments: async (refs: MailAttachmentRef[]) => {
      for (const ref of refs) await deps.storage.delete(ref.storageKey)
    },

    /**
     * The worker's step: claims the due messages (SKIP LOCKED, one statement), sends them one by one and records
     * each outcome. Returns how many were sent. Safe to run from several processes at once.
     */
    async deliverDue(now: Date = deps.clock()): Promise<number> {
      if (!transport) return 0
      // One claim per run: a message that fails now waits for its next attempt, even when `now` is far ahead.
      const ids = await createMailRepo(deps.db).claimDue(
        now.toISOString(),
        minutesAfter(now, LEASE_MINUTES),
        CLAIM_BATCH,
      )
      let sent = 0
      for (const id of ids) if ((await attempt(id)) === 'sent') sent++
      return sent
    },

    latest: (paging: Paging & { search?: string }) => createMailRepo(deps.db).latest(paging),
    latestAbout: (organizationId: number, subjectType: string, subjectId: number) =>
      createMailRepo(deps.db).latestAbout(organizationId, subjectType, subjectId),

    /** Starts the outbox worker (server process only; tests call deliverDue themselves). */
    startWorker(onError: (error: unknown) => void) {
      if (!transport || timer) return
      const tick = () => {
        if (running) return
        running = service.deliverDue().finally(() => {
          running = null
        })
        running.catch(onError)
      }
      timer = setInterval(tick, WORKER_INTERVAL_MS)
      timer.unref()
      tick()
    },

    async close() {
      if (timer) clearInterval(timer)
      timer = null
      await running?.catch(() => undefined)
      transport?.close()
    },
  }
  return service
}
export type MailService = ReturnType<typeof createMailService>
