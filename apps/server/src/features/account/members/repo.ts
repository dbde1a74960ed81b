import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { lockForOrganization } from '../../../db/locks'
import { invitations, organizationMembers, organizations, roles, users } from '../../../db/schema/index'

export function createMemberRepo(db: DbOrTx) {
  const roleColumns = { id: roles.id, code: roles.code, name: roles.name, label: roles.label }

  return {
    listMembers(organizationId: number) {
      return db
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          lastLoginAt: users.lastLoginAt,
          role: roleColumns,
        })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
    },

    async findMemberRole(organizationId: number, userId: number) {
      const [row] = await db
        .select(roleColumns)
        .from(organizationMembers)
        .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      return row
    },

    async updateRole(organizationId: number, userId: number, roleId: number, now: string) {
      await db
        .update(organizationMembers)
        .set({ roleId, updatedAt: now })
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    },

    async deleteMember(organizationId: number, userId: number) {
      await db
        .delete(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    },

    async insertMember(row: { organizationId: number; userId: number; roleId: number }) {
      await db.insert(organizationMembers).values(row).onConflictDoNothing()
    },

    /** Held until the transaction ends, so that concurrent removals or demotions cannot leave it without an owner. */
    async lockOrganization(organizationId: number) {
      await lockForOrganization(db, 'members', organizationId)
    },

    async countMembers(organizationId: number, roleCode?: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(organizationMembers)
        .innerJoin(roles, eq(roles.id, organizationMembers.roleId))
        .where(
          and(eq(organizationMembers.organizationId, organizationId), roleCode ? eq(roles.code, roleCode) : undefined),
        )
      return row?.total ?? 0
    },

    async isMemberByEmail(organizationId: number, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(sql`lower(${users.email})`, email)))
      return !!row
    },

    listPendingInvitations(organizationId: number) {
      return db
        .select({
          id: invitations.id,
          email: invitations.email,
          role: roleColumns,
          createdAt: invitations.createdAt,
          updatedAt: invitations.updatedAt,
        })
        .from(invitations)
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)))
        .orderBy(desc(invitations.updatedAt), desc(invitations.id))
    },

    async countPendingInvitations(organizationId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(invitations)
        .where(and(eq(invitations.organizationId, organizationId), isNull(invitations.acceptedAt)))
      return row?.total ?? 0
    },

    /** A second invitation to the same address refreshes the pending one (new link, new role). */
    async upsertInvitation(row: {
      organizationId: number
      email: string
      roleId: number
      tokenHash: string
      invitedById: number
      now: string
    }) {
      const [pending] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, row.organizationId),
            eq(sql`lower(${invitations.email})`, row.email),
            isNull(invitations.acceptedAt),
          ),
        )
      if (pending) {
        await db
          .update(invitations)
          .set({ roleId: row.roleId, tokenHash: row.tokenHash, invitedById: row.invitedById, updatedAt: row.now })
          .where(and(eq(invitations.organizationId, row.organizationId), eq(invitations.id, pending.id)))
        return pending.id
      }
      const [created] = await db
        .insert(invitations)
        .values({
          organizationId: row.organizationId,
          email: row.email,
          roleId: row.roleId,
          tokenHash: row.tokenHash,
          invitedById: row.invitedById,
          createdAt: row.now,
          updatedAt: row.now,
        })
        .returning({ id: invitations.id })
      if (!created) throw new Error('invitation insert returned nothing')
      return created.id
    },

    async deletePendingInvitation(organizationId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(invitations)
        .where(
          and(eq(invitations.organizationId, organizationId), eq(invitations.id, id), isNull(invitations.acceptedAt)),
        )
        .returning({ id: invitations.id })
      return deleted.length > 0
    },

    async findPendingByToken(tokenHash: string) {
      const [row] = await db
        .select({
          organizationId: invitations.organizationId,
          id: invitations.id,
          email: invitations.email,
          roleId: invitations.roleId,
          roleLabel: roles.label,
          updatedAt: invitations.updatedAt,
          organizationName: organizations.name,
          invitedBy: sql<
            string | null
          >`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${invitations.invitedById})`,
        })
        .from(invitations)
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
        .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt)))
      return row
    },

    async markAccepted(organizationId: number, id: number, now: string) {
      await db
        .update(invitations)
        .set({ acceptedAt: now })
        .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id)))
    },

    listRoles() {
      return db.select(roleColumns).from(roles).orderBy(asc(roles.id))
    },

    async findRole(id: number) {
      const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id))
      return row
    },
  }
}
