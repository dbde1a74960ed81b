import {
  type CommentableSubjectType,
  formatDateFr,
  formatEuro,
  hasFeature,
  messages,
  type NotificationDto,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationType,
  type PlanAccess,
  todayInParis,
} from '@app/domain'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { invoices, quotes, users } from '../../../db/schema/index'
import type { Clock } from '../../../lib/clock'
import { forbidden, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { type BankEvent, bankBalances, negativeBalanceEvents, preferencesOf, thresholdEvents } from './bank-events'
import { createNotificationRepo, type NotificationRow } from './repo'

const m = messages.notifications

const present = (row: NotificationRow, userId: number): NotificationDto => ({
  id: row.id,
  type: row.type as NotificationType,
  modelType: row.modelType,
  modelId: row.modelId,
  tags: row.tags,
  userName: row.userName,
  description: row.description,
  isImportant: row.isImportant,
  readBy: row.readBy,
  isRead: row.readBy.includes(userId),
  createdAt: row.createdAt,
})

type Event = {
  organizationId: number
  type: NotificationType
  modelType: string | null
  modelId: number | null
  tags: string[]
  /** Who acted: never notified of their own act, unless `toAuthor` (the act reports what someone else did). */
  author: { id: number; name: string } | null
  toAuthor?: boolean
  description: string
  isImportant: boolean
  /** Whether a member's preferences ask for it. */
  wants: (preferences: NotificationPreferences) => boolean
}

/**
 * Notifications (spec/account.md §4; API.md GET /notifications, POST /notifications/{id}/read, the stream). A premium
 * feature: the free formula gets 403 and nothing is stored for it. Events are notified after the change they speak of
 * has committed, in a transaction of their own: a rolled-back change never notifies, and a notification that fails
 * never undoes the change (`onError` reports it).
 */
export function createNotificationService(deps: {
  db: Db
  clock: Clock
  /** The organisation's plan, as the account tells it: notifications are a feature of some plans. */
  organizations: { access(organizationId: number): Promise<PlanAccess> }
  onError?: (error: unknown) => void
}) {
  const repo = createNotificationRepo(deps.db)
  const allowed = async (organizationId: number) =>
    hasFeature(await deps.organizations.access(organizationId), 'notifications')

  /** Several events of one organisation: its members read once, the rows written in one transaction. */
  async function notifyAll(organizationId: number, events: Omit<Event, 'organizationId'>[]): Promise<void> {
    if (events.length === 0 || !(await allowed(organizationId))) return
    const members = await repo.members(organizationId)
    const rows = events.flatMap((event) => {
      const recipientIds = members
        .filter((member) => event.toAuthor || member.userId !== event.author?.id)
        .filter((member) => event.wants(preferencesOf(member.preferences?.notifications)))
        .map((member) => member.userId)
      if (recipientIds.length === 0) return []
      return [
        {
          organizationId,
          type: event.type,
          modelType: event.modelType,
          modelId: event.modelId,
          tags: event.tags,
          userName: event.author?.name ?? null,
          description: event.description,
          isImportant: event.isImportant,
          recipientIds,
          createdAt: deps.clock().toISOString(),
        },
      ]
    })
    if (rows.length === 0) return
    await deps.db.transaction(async (tx) => {
      for (const row of rows) await createNotificationRepo(tx).insert(row)
    })
  }

  const notify = ({ organizationId, ...event }: Event) => notifyAll(organizationId, [event])

  const safely = (work: () => Promise<void>) =>
    work().catch((error) => {
      deps.onError?.(error)
    })

  /** The bank stops feeding the books (a lost synchronisation, the 90 days ending): the synchroLost preference. */
  const bankConnectionStopping = (organizationId: number, connectionId: number, description: string) =>
    notify({
      organizationId,
      type: 'synchroLost',
      modelType: 'bankConnection',
      modelId: connectionId,
      tags: ['bank'],
      author: null,
      description,
      isImportant: true,
      wants: (preferences) => preferences.synchroLost,
    })

  async function authorOf(userId: number) {
    const [user] = await deps.db
      .select({ firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .where(eq(users.id, userId))
    return { id: userId, name: user ? `${user.firstname} ${user.lastname}`.trim() : '' }
  }

  /** "la facture F-2026-001": invoices and quotes by their reference, the others by their kind. */
  async function subjectName(organizationId: number, type: CommentableSubjectType, id: number) {
    if (type === 'invoice' || type === 'quote') {
      const table = type === 'invoice' ? invoices : quotes
      const [row] = await deps.db
        .select({ reference: table.reference })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), eq(table.id, id)))
      return m.subjects[type](row?.reference ?? null)
    }
    return m.subjects[type]()
  }

  const withAuthor = (events: BankEvent[], author: Event['author']) => events.map((event) => ({ ...event, author }))

  return {
    /**
     * Before bank lines are written: the balances of the bank accounts they go to, so that `bankLinesAdded` can tell
     * which went below zero. Empty on the free formula or on failure: the lines never wait on a notification.
     */
    async balancesBefore(organizationId: number, journalIds: number[]): Promise<Map<number, string>> {
      try {
        if (!(await allowed(organizationId))) return new Map()
        return await bankBalances(deps.db, organizationId, journalIds)
      } catch (error) {
        deps.onError?.(error)
        return new Map()
      }
    },

    /**
     * New bank lines (a statement import, a bank sync, a line typed by hand): one notification per line at or above a
     * member's income or outcome threshold, and one per bank account of `balancesBefore` that went below zero. The
     * author is who brought the lines (null for a bank sync: the bank did).
     */
    bankLinesAdded: (input: {
      organizationId: number
      authorId: number | null
      transactionIds: number[]
      balancesBefore: Map<number, string>
    }) =>
      safely(async () => {
        if (!(await allowed(input.organizationId))) return
        const members = (await repo.members(input.organizationId)).map((member) => ({
          preferences: member.preferences?.notifications,
        }))
        const author = input.authorId === null ? null : await authorOf(input.authorId)
        const events = [
          ...(await thresholdEvents(deps.db, input.organizationId, members, input.transactionIds)),
          ...(await negativeBalanceEvents(deps.db, input.organizationId, input.balancesBefore)),
        ]
        await notifyAll(input.organizationId, withAuthor(events, author))
      }),

    /** A bank connection whose synchronisation was working and no longer is: once per loss, not at every retry. */
    synchroLost: (organizationId: number, connection: { id: number; bankName: string | null }) =>
      safely(() =>
        bankConnectionStopping(organizationId, connection.id, m.synchroLost(connection.bankName ?? m.synchroLostBank)),
      ),

    /**
     * A bank connection whose 90 days end within the week, or have ended (decision 0031): told once, under the same
     * preference as a lost synchronisation, since its transactions stop arriving the same way.
     */
    connectionExpiring: (
      organizationId: number,
      connection: { id: number; bankName: string | null; expiresAt: string },
      now: Date,
    ) =>
      safely(() => {
        const bank = connection.bankName ?? m.synchroLostBank
        const ended = new Date(connection.expiresAt).getTime() <= now.getTime()
        const description = ended
          ? m.connectionExpired(bank)
          : m.connectionExpiring(bank, formatDateFr(todayInParis(new Date(connection.expiresAt))))
        return bankConnectionStopping(organizationId, connection.id, description)
      }),

    async assertAllowed(tenant: Tenant) {
      if (!(await allowed(tenant.organizationId))) throw forbidden(m.premiumRequired, 'PREMIUM_REQUIRED')
    },

    async list(tenant: Tenant, query: NotificationListQuery) {
      await this.assertAllowed(tenant)
      const paging = { page: query.page, pageSize: query.pageSize }
      const { rows, total } = await repo.list(
        tenant.organizationId,
        tenant.userId,
        { important: query['filter[important]'], unread: query['filter[unread]'], search: query.search || undefined },
        paging,
      )
      return { data: rows.map((row) => present(row, tenant.userId)), meta: { total, ...paging } }
    },

    /** spec §4: read after 3 s in view or on a click; adds the user to readBy. 404 for what is not theirs. */
    async read(tenant: Tenant, id: number): Promise<NotificationDto> {
      await this.assertAllowed(tenant)
      const row = await repo.markRead(tenant.organizationId, tenant.userId, id)
      if (!row) throw notFound()
      return present(row, tenant.userId)
    },

    /** What a stream pushes: the notification if it is addressed to the stream's user. */
    async findFor(tenant: Tenant, id: number): Promise<NotificationDto | undefined> {
      const row = await repo.find(tenant.organizationId, tenant.userId, id)
      return row ? present(row, tenant.userId) : undefined
    },

    /** A comment on a document: the other members who keep commentAdded on (the default). */
    commentAdded: (tenant: Tenant, subject: { type: CommentableSubjectType; id: number }) =>
      safely(async () => {
        const author = await authorOf(tenant.userId)
        await notify({
          organizationId: tenant.organizationId,
          type: 'commentAdded',
          modelType: subject.type,
          modelId: subject.id,
          tags: ['comment'],
          author,
          description: m.commentAdded(author.name, await subjectName(tenant.organizationId, subject.type, subject.id)),
          isImportant: true,
          wants: (preferences) => preferences.commentAdded,
        })
      }),

    /**
     * An invoice marked paid: the members who keep stripeInvoicePaid on (the default). There is no card payment yet,
     * so that preference, the spec's only one about paid invoices, governs every payment.
     */
    invoicePaid: (tenant: Tenant, invoice: { id: number; reference: string | null; totalTaxIncluded: string }) =>
      safely(async () => {
        await notify({
          organizationId: tenant.organizationId,
          type: 'invoicePaid',
          modelType: 'invoice',
          modelId: invoice.id,
          tags: ['invoice'],
          author: tenant.byPlatform ? null : await authorOf(tenant.userId),
          description: m.invoicePaid(m.invoicePaidSubject(invoice.reference), formatEuro(invoice.totalTaxIncluded)),
          isImportant: true,
          // The customer paid: who recorded it hears it too, a sole trader first.
          toAuthor: true,
          wants: (preferences) => preferences.stripeInvoicePaid,
        })
      }),

    /**
     * A customer's invoice disputed, refused or rejected on the e-invoicing network (issue 33): every member hears it,
     * since it asks for a credit note or a corrected invoice; no preference turns it off.
     */
    eInvoiceStatus: (
      organizationId: number,
      invoice: { id: number; reference: string | null },
      status: { label: string; from: string | null; reason: string | null },
    ) =>
      safely(() =>
        notify({
          organizationId,
          type: 'eInvoiceStatus',
          modelType: 'invoice',
          modelId: invoice.id,
          tags: ['invoice', 'e-invoicing'],
          author: null,
          description: m.eInvoiceStatus(
            m.invoicePaidSubject(invoice.reference),
            status.label,
            status.from,
            status.reason,
          ),
          isImportant: true,
          wants: () => true,
        }),
      ),

    /**
     * An e-reporting period due within days and not transmitted (features/documents/e-invoicing/reporting): every member hears
     * it once, as a legal deadline; no preference turns it off.
     */
    eReportingDeadline: (organizationId: number, period: { what: string; dates: string; deadline: string }) =>
      safely(() =>
        notify({
          organizationId,
          type: 'eReportingDeadline',
          modelType: 'eReporting',
          modelId: null,
          tags: ['e-invoicing'],
          author: null,
          description: m.eReportingDeadline(period.what, period.dates, period.deadline),
          isImportant: true,
          wants: () => true,
        }),
      ),
  }
}

export type NotificationService = ReturnType<typeof createNotificationService>
