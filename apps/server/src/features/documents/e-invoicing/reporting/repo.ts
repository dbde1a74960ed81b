import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import {
  eInvoiceFlows,
  eReportingReminders,
  eReportingTransmissions,
  organizations,
  users,
} from '../../../../db/schema/index'

export type TransmissionRow = {
  id: number
  kind: string
  periodStart: string
  isCorrection: boolean
  figures: unknown
  figuresSha256: string
  createdAt: string
  createdBy: string | null
  flow: {
    flowType: string
    fileName: string
    storageKey: string | null
    state: string
    flowId: string | null
    trackingId: string
    ackStatus: string | null
    ackDetails: unknown
    lastError: string | null
  }
}

/** The only SQL of e-reporting's own tables (its files travel in e_invoice_flows, the outbox's). */
export function createEReportingRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({
        id: eReportingTransmissions.id,
        kind: eReportingTransmissions.kind,
        periodStart: eReportingTransmissions.periodStart,
        isCorrection: eReportingTransmissions.isCorrection,
        figures: eReportingTransmissions.figures,
        figuresSha256: eReportingTransmissions.figuresSha256,
        createdAt: eReportingTransmissions.createdAt,
        firstname: users.firstname,
        lastname: users.lastname,
        flow: {
          flowType: eInvoiceFlows.flowType,
          fileName: eInvoiceFlows.fileName,
          storageKey: eInvoiceFlows.storageKey,
          state: eInvoiceFlows.state,
          flowId: eInvoiceFlows.flowId,
          trackingId: eInvoiceFlows.trackingId,
          ackStatus: eInvoiceFlows.ackStatus,
          ackDetails: eInvoiceFlows.ackDetails,
          lastError: eInvoiceFlows.lastError,
        },
      })
      .from(eReportingTransmissions)
      .innerJoin(
        eInvoiceFlows,
        and(
          eq(eInvoiceFlows.organizationId, eReportingTransmissions.organizationId),
          eq(eInvoiceFlows.id, eReportingTransmissions.flowId),
        ),
      )
      .leftJoin(users, eq(users.id, eReportingTransmissions.createdBy))

  type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]
  const rowOf = ({ firstname, lastname, ...row }: Selected): TransmissionRow => ({
    ...row,
    createdBy: firstname === null ? null : `${firstname} ${lastname ?? ''}`.trim(),
  })

  return {
    /** The transmissions of periods starting from–to, oldest first (the last of a period is its current one). */
    async transmissions(organizationId: number, range: { from: string; to: string }): Promise<TransmissionRow[]> {
      const rows = await select()
        .where(
          and(
            eq(eReportingTransmissions.organizationId, organizationId),
            gte(eReportingTransmissions.periodStart, range.from),
            lte(eReportingTransmissions.periodStart, range.to),
          ),
        )
        .orderBy(asc(eReportingTransmissions.id))
      return rows.map(rowOf)
    },

    async transmission(organizationId: number, id: number): Promise<TransmissionRow | null> {
      const [row] = await select().where(
        and(eq(eReportingTransmissions.organizationId, organizationId), eq(eReportingTransmissions.id, id)),
      )
      return row ? rowOf(row) : null
    },

    async insert(values: typeof eReportingTransmissions.$inferInsert) {
      const [row] = await db
        .insert(eReportingTransmissions)
        .values(values)
        .returning({ id: eReportingTransmissions.id })
      return row?.id as number
    },

    /** The organisation as a report's issuer, and its VAT regime (the calendar). */
    async issuer(organizationId: number) {
      const [row] = await db
        .select({
          name: organizations.name,
          registryName: organizations.registryName,
          siren: organizations.registrySiren,
          vatNumber: organizations.registryIntra,
          taxRegimeId: organizations.taxRegimeId,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      return row ?? null
    },

    /** Marks a period's deadline as told; false when it already was (another process, an earlier run). */
    async markReminded(organizationId: number, kind: string, periodStart: string, at: string) {
      const rows = await db
        .insert(eReportingReminders)
        .values({ organizationId, kind, periodStart, remindedAt: at })
        .onConflictDoNothing()
        .returning({ kind: eReportingReminders.kind })
      return rows.length > 0
    },
  }
}
export type EReportingRepo = ReturnType<typeof createEReportingRepo>
