import {
  canManageOrganization,
  legalInfoRequiredMessage,
  messages,
  missingLegalInfo,
  type OrganizationCreate,
  type OrganizationUpdate,
  planAccess,
  trialEndFrom,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { retryDeadlocks } from '../../../db/locks'
import type { Clock } from '../../../lib/clock'
import { AppError, conflict, forbidden, notFound } from '../../../lib/errors'
import type { Membership } from '../../../lib/tenant'
import { createUserService } from '../users/service'
import { legalInfoFactsOf, presentOrganization } from './presenter'
import { createOrganizationRepo, type OrganizationRow } from './repo'

export function createOrganizationService(deps: { db: DbOrTx; clock: Clock }) {
  const repo = createOrganizationRepo(deps.db)

  async function accessOf(org: OrganizationRow) {
    return planAccess(
      {
        planCode: org.planCode,
        trialEndsAt: org.trialEndsAt,
        subscriptionEndsAt: org.subscriptionEndsAt,
        trialEndedAt: org.trialEndedAt,
      },
      await repo.listPlans(),
      deps.clock(),
    )
  }

  async function checkReferences(input: {
    legalFormId: number
    sectorId: number
    taxRegimeId: number
    taxAreaId: number
  }) {
    const found = await repo.referenceIdsExist(input)
    const errors: Record<string, string[]> = {}
    for (const [field, ok] of Object.entries(found)) if (!ok) errors[field] = [messages.validation.required]
    if (Object.keys(errors).length > 0)
      throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, errors)
  }

  const service = {
    /** Any member may read; a user who is not a member gets 404, as for any other tenant's row. */
    async membership(userId: number, organizationId: number): Promise<Membership> {
      const membership = await repo.findMembership(userId, organizationId)
      if (!membership) throw notFound()
      return membership
    },

    /**
     * The membership in the user's current organisation, or undefined when it needs choosing again; with whether its
     * second-factor requirement shuts this user out.
     */
    currentMembership: (userId: number): Promise<(Membership & { secondFactorMissing: boolean }) | undefined> =>
      repo.findCurrentMembership(userId),

    /** Franchise en base (tax regime FREE): no VAT on documents. */
    isTaxFree: async (organizationId: number) => (await repo.taxRegimeCode(organizationId)) === 'FREE',

    /** EI, PL, ME (individual businesses: an operator account, no associates) or SO (companies). */
    legalFormType: (organizationId: number) => repo.legalFormType(organizationId),

    async requireOwner(userId: number, organizationId: number): Promise<Membership> {
      const membership = await service.membership(userId, organizationId)
      if (!canManageOrganization(membership.roleCode)) throw forbidden(messages.organization.ownerOnly, 'OWNER_ONLY')
      return membership
    },

    listForUser: (userId: number) => repo.listForUser(userId),

    /** Sign-up step two and "add an organisation": the creator is owner, the trial starts, it becomes current. */
    async create(userId: number, input: OrganizationCreate) {
      await checkReferences(input)
      const organizationId = await retryDeadlocks(() =>
        deps.db.transaction(async (tx) => {
          const orgs = createOrganizationRepo(tx)
          // The organisation and its membership point to the user, whose row changes last (decision 0047).
          const users = createUserService({ db: tx, clock: deps.clock })
          await users.lock(userId)
          const now = deps.clock()
          const org = await orgs.insert({
            ownerId: userId,
            name: input.organizationName,
            legalFormId: input.legalFormId,
            sectorId: input.sectorId,
            taxRegimeId: input.taxRegimeId,
            taxAreaId: input.taxAreaId,
            canSellCash: input.canSellCash,
            trialEndsAt: trialEndFrom(now).toISOString(),
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          })
          const ownerRole = await orgs.findRoleByCode('owner')
          if (!ownerRole) throw new Error('the owner role is missing from the reference data')
          await orgs.insertMember({ organizationId: org.id, userId, roleId: ownerRole.id })
          await users.setCurrentOrganization(userId, org.id)
          return org.id
        }),
      )
      return service.detail(userId, organizationId)
    },

    async detail(userId: number, organizationId: number) {
      const membership = await service.membership(userId, organizationId)
      const detail = await repo.findDetail(organizationId)
      if (!detail) throw notFound()
      const addresses = await repo.listAddresses(organizationId)
      return presentOrganization(detail, addresses, await accessOf(detail.organization), membership)
    },

    async access(organizationId: number) {
      const detail = await repo.findDetail(organizationId)
      if (!detail) throw notFound()
      return accessOf(detail.organization)
    },

    /**
     * The gate before a quote or an invoice leaves draft (validation, credit note): 409 LEGAL_INFO_REQUIRED naming what
     * is missing, so that no document goes out without its mandatory mentions or with a Factur-X XML that fails
     * EN 16931 / BR-FR. `db` is the caller's transaction when there is one (PGlite has a single connection).
     */
    async requireLegalInfo(organizationId: number, db: DbOrTx = deps.db) {
      const orgs = createOrganizationRepo(db)
      const detail = await orgs.findDetail(organizationId)
      if (!detail) throw notFound()
      const missing = missingLegalInfo(legalInfoFactsOf(detail, (await orgs.listAddresses(organizationId)).length > 0))
      if (missing.length > 0) throw conflict(legalInfoRequiredMessage(missing), 'LEGAL_INFO_REQUIRED')
    },

    /** The owner's membership: whom the platform acts for when no user is there (recurring invoices). */
    async ownerMembership(organizationId: number): Promise<{ userId: number; membership: Membership }> {
      const detail = await repo.findDetail(organizationId)
      if (!detail) throw notFound()
      const userId = detail.organization.ownerId
      return { userId, membership: await service.membership(userId, organizationId) }
    },

    /** Ends the trials whose end has come by `until` (the jobs, `npm run jobs`); returns how many. */
    async endTrials(until: Date): Promise<number> {
      return (await repo.endTrials(until.toISOString(), deps.clock().toISOString())).length
    },

    async update(userId: number, organizationId: number, input: OrganizationUpdate) {
      await service.requireOwner(userId, organizationId)
      await checkReferences(input)
      if (input.address && !(await repo.countryExists(input.address.countryId)))
        throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, {
          'address.countryId': [messages.validation.choiceInvalid],
        })
      const legalForm = await repo.findLegalForm(input.legalFormId)
      // Capital and company form belong to companies only (legal form type SO); other forms never keep them.
      const isCompany = legalForm?.type === 'SO'
      const now = deps.clock().toISOString()
      await retryDeadlocks(() =>
        deps.db.transaction(async (tx) => {
          const orgs = createOrganizationRepo(tx)
          await orgs.update(organizationId, {
            name: input.name,
            brandName: input.brandName,
            legalFormId: input.legalFormId,
            sectorId: input.sectorId,
            taxRegimeId: input.taxRegimeId,
            taxAreaId: input.taxAreaId,
            ...(input.canSellCash === undefined ? {} : { canSellCash: input.canSellCash }),
            ...(input.hasCashRegister === undefined ? {} : { hasCashRegister: input.hasCashRegister }),
            ...(input.financialPeriodEnd === undefined ? {} : { financialPeriodEnd: input.financialPeriodEnd }),
            registrySiren: input.registrySiren,
            registryIntra: input.registryIntra,
            registryApe: input.registryApe,
            registryName: input.registryName,
            registryCapital: isCompany ? (input.registryCapital ?? '1') : null,
            companyForm: isCompany ? input.companyForm : null,
            url: input.url,
            email: input.email,
            phone: input.phone,
            updatedAt: now,
          })
          if (input.address) {
            const existing = (await orgs.listAddresses(organizationId)).find((a) => a.addressTypeCode === 'COMPANY')
            const values = { ...input.address, updatedAt: now }
            if (existing) {
              await orgs.updateAddress(organizationId, existing.address.id, values)
            } else {
              const addressTypeId = await orgs.findAddressTypeId('COMPANY')
              if (!addressTypeId) throw new Error('the COMPANY address type is missing from the reference data')
              await orgs.insertAddress({
                ...values,
                organizationId,
                addressableType: 'organization',
                addressableId: organizationId,
                addressTypeId,
                isDefault: true,
              })
            }
          }
        }),
      )
      return service.detail(userId, organizationId)
    },
  }
  return service
}
export type OrganizationService = ReturnType<typeof createOrganizationService>
