import {
  type CommentableSubjectType,
  defaultPreferences,
  formatEuro,
  hasFeature,
  messages,
  type NotificationDto,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationType,
} from '@app/domain'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { invoices, quotes, users } from '../../db/schema/index'
import type { Clock } from '../../lib/clock'
import { forbidden, notFound } from '../../lib/errors'
import type { Tenant } from '../account/tenant'
import type { OrganizationService } from '../organizations/service'
import { createNotificationRepo, type NotificationRow, type StoredPreferences } from './repo'

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

/** Preferences stored before a field existed get the spec's default for it. */
const preferencesOf = (stored: StoredPreferences): NotificationPreferences => ({
  ...defaultPreferences().notifications,
  ...stored,
})

type Event = {
  organizationId: number
  type: NotificationType
  modelType: string | null
  modelId: number | null
  tags: string[]
  /** Who acted: never notified of their own act. */
  author: { id: number; name: string } | null
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
  organizations: Pick<OrganizationService, 'access'>
  onError?: (error: unknown) => void
}) {
  const repo = createNotificationRepo(deps.db)
  const allowed = async (organizationId: number) =>
    hasFeature(await deps.organizations.access(organizationId), 'notifications')

  async function notify(event: Event): Promise<void> {
    if (!(await allowed(event.organizationId))) return
    const recipients = (await repo.members(event.organizationId))
      .filter((member) => member.userId !== event.author?.id)
      .filter((member) => event.wants(preferencesOf(member.preferences?.notifications)))
      .map((member) => member.userId)
    if (recipients.length === 0) return
    await deps.db.transaction((tx) =>
      createNotificationRepo(tx).insert({
        organizationId: event.organizationId,
        type: event.type,
        modelType: event.modelType,
        modelId: event.modelId,
        tags: event.tags,
        userName: event.author?.name ?? null,
        description: event.description,
        isImportant: event.isImportant,
        recipientIds: recipients,
        createdAt: deps.clock().toISOString(),
      }),
    )
  }

  const safely = (work: () => Promise<void>) =>
    work().catch((error) => {
      deps.onError?.(error)
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

  return {
    async assertAllowed(tenant: Tenant) {
      if (!(await allowed(tenant.organizationId))) throw forbidden(m.premiumRequired, 'PREMIUM_REQUIRED')
    },

    async list(tenant: Tenant, query: NotificationListQuery) {
      await this.assertAllowed(tenant)
      const paging = { page: query.page, pageSize: query.pageSize }
      const { rows, total } = await repo.list(
        tenant.organizationId,
        tenant.userId,
        { important: query['filter[important]'], unread: query['filter[unread]'] },
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
          wants: (preferences) => preferences.stripeInvoicePaid,
        })
      }),
  }
}

export type NotificationService = ReturnType<typeof createNotificationService>
