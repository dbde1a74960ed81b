import { type InvitationCreate, messages } from '@app/domain'
import type { Db } from '../../../db/client'
import { addDaysTo, type Clock } from '../../../lib/clock'
import { newSecret, sha256 } from '../../../lib/crypto'
import { AppError, conflict, fieldError, forbidden, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { MailService } from '../../platform/mail/service'
import type { OrganizationService } from '../organizations/service'
import type { UserService } from '../users/service'
import { createMemberRepo } from './repo'

/** An invitation link works for 30 days after it was last sent. */
const INVITATION_DAYS = 30

type Deps = {
  db: Db
  clock: Clock
  organizations: OrganizationService
  users: UserService
  mail: MailService
  appUrl: string
}

export function createMemberService(deps: Deps) {
  const repo = createMemberRepo(deps.db)
  const nowIso = () => deps.clock().toISOString()

  async function requireRole(roleId: number) {
    const role = await repo.findRole(roleId)
    if (!role) throw fieldError('roleId', messages.validation.roleRequired)
    return role
  }

  return {
    listMembers: (tenant: Tenant) => repo.listMembers(tenant.organizationId),

    /** One member of the caller's organisation, or 404. */
    async member(tenant: Tenant, memberId: number) {
      const member = (await repo.listMembers(tenant.organizationId)).find((m) => m.id === memberId)
      if (!member) throw notFound()
      return member
    },
    listRoles: () => repo.listRoles(),

    async changeRole(tenant: Tenant, memberId: number, roleId: number) {
      await deps.organizations.requireOwner(tenant.userId, tenant.organizationId)
      const role = await requireRole(roleId)
      await deps.db.transaction(async (tx) => {
        const members = createMemberRepo(tx)
        await members.lockOrganization(tenant.organizationId)
        const current = await members.findMemberRole(tenant.organizationId, memberId)
        if (!current) throw notFound()
        if (
          current.code === 'owner' &&
          role.code !== 'owner' &&
          (await members.countMembers(tenant.organizationId, 'owner')) <= 1
        )
          throw conflict(messages.organization.lastOwner, 'LAST_OWNER')
        await members.updateRole(tenant.organizationId, memberId, role.id, nowIso())
      })
      const updated = (await repo.listMembers(tenant.organizationId)).find((m) => m.id === memberId)
      if (!updated) throw notFound()
      return updated
    },

    async removeMember(tenant: Tenant, memberId: number) {
      await deps.organizations.requireOwner(tenant.userId, tenant.organizationId)
      await deps.db.transaction(async (tx) => {
        const members = createMemberRepo(tx)
        await members.lockOrganization(tenant.organizationId)
        const current = await members.findMemberRole(tenant.organizationId, memberId)
        if (!current) throw notFound()
        if ((await members.countMembers(tenant.organizationId)) <= 1)
          throw conflict(messages.organization.onlyMember, 'ONLY_MEMBER')
        if (current.code === 'owner' && (await members.countMembers(tenant.organizationId, 'owner')) <= 1)
          throw conflict(messages.organization.lastOwner, 'LAST_OWNER')
        await members.deleteMember(tenant.organizationId, memberId)
      })
    },

    listInvitations: (tenant: Tenant) => repo.listPendingInvitations(tenant.organizationId),

    async invite(tenant: Tenant, input: InvitationCreate) {
      const membership = await deps.organizations.requireOwner(tenant.userId, tenant.organizationId)
      const role = await requireRole(input.roleId)
      if (await repo.isMemberByEmail(tenant.organizationId, input.email))
        throw fieldError('email', messages.organization.alreadyMember, 'ALREADY_MEMBER')
      const access = await deps.organizations.access(membership.organizationId)
      const seats =
        (await repo.countMembers(tenant.organizationId)) + (await repo.countPendingInvitations(tenant.organizationId))
      const pendingForThisEmail = (await repo.listPendingInvitations(tenant.organizationId)).some(
        (i) => i.email.toLowerCase() === input.email,
      )
      if (!pendingForThisEmail && seats >= access.maxCollaborators)
        throw forbidden(messages.organization.collaboratorLimit, 'PLAN_LIMIT')
      const token = newSecret()
      const id = await repo.upsertInvitation({
        organizationId: tenant.organizationId,
        email: input.email,
        roleId: role.id,
        tokenHash: sha256(token),
        invitedById: tenant.userId,
        now: nowIso(),
      })
      const inviter = await deps.users.getById(tenant.userId)
      const organization = await deps.organizations.detail(tenant.userId, tenant.organizationId)
      const link = `${deps.appUrl}/auth/invitation?token=${token}`
      await deps.mail.send({
        to: input.email,
        subject: messages.mail.invitationSubject(organization.name),
        text: [
          'Bonjour,',
          '',
          `${inviter.firstname} ${inviter.lastname} t'invite à rejoindre ${organization.name} sur Carnet en tant que ${role.label}.`,
          '',
          `Pour accepter l'invitation, ouvre ce lien : ${link}`,
          `Il est valable ${INVITATION_DAYS} jours.`,
        ].join('\n'),
      })
      const created = (await repo.listPendingInvitations(tenant.organizationId)).find((i) => i.id === id)
      if (!created) throw notFound()
      return created
    },

    async deleteInvitation(tenant: Tenant, id: number) {
      await deps.organizations.requireOwner(tenant.userId, tenant.organizationId)
      if (!(await repo.deletePendingInvitation(tenant.organizationId, id))) throw notFound()
    },

    async findInvitation(token: string) {
      const invitation = await repo.findPendingByToken(sha256(token))
      if (!invitation || addDaysTo(new Date(invitation.updatedAt), INVITATION_DAYS) <= deps.clock())
        throw new AppError(404, 'INVITATION_INVALID', messages.organization.invitationInvalid)
      return invitation
    },

    /** The signed-in user joins with the invited role; the link only works for the address it was sent to. */
    async accept(userId: number, token: string) {
      const invitation = await this.findInvitation(token)
      const user = await deps.users.getById(userId)
      if (user.email.toLowerCase() !== invitation.email.toLowerCase())
        throw forbidden(messages.organization.invitationWrongEmail, 'INVITATION_WRONG_EMAIL')
      await deps.db.transaction(async (tx) => {
        const members = createMemberRepo(tx)
        await members.insertMember({ organizationId: invitation.organizationId, userId, roleId: invitation.roleId })
        await members.markAccepted(invitation.organizationId, invitation.id, nowIso())
      })
      await deps.users.setCurrentOrganization(userId, invitation.organizationId)
      return invitation.organizationId
    },
  }
}
export type MemberService = ReturnType<typeof createMemberService>
