import {
  type AddressCreate,
  type AddressDto,
  type AddressListQuery,
  type AddressUpdate,
  canManageOrganization,
  messages,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, forbidden, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { presentAddress } from './presenter'
import { createAddressRepo } from './repo'

/**
 * Addresses of the organisation and of its contacts (API.md). An address of a contact must belong to a contact of
 * the caller's organisation, and the organisation's own addresses are the caller's organisation only (404 otherwise);
 * writing the organisation's addresses is an owner action, as its other settings.
 */
export function createAddressService(deps: { db: DbOrTx; clock: Clock }) {
  const repo = createAddressRepo(deps.db)
  const nowIso = () => deps.clock().toISOString()

  async function requireOwnerOf(tenant: Tenant, addressableType: string, addressableId: number, write: boolean) {
    if (addressableType === 'organization') {
      if (addressableId !== tenant.organizationId) throw notFound()
      if (write && !canManageOrganization(tenant.membership.roleCode))
        throw forbidden(messages.organization.ownerOnly, 'OWNER_ONLY')
      return
    }
    if (addressableType !== 'contact' || !(await repo.contactExists(tenant.organizationId, addressableId)))
      throw notFound()
  }

  async function checkReferences(input: { addressTypeId: number; countryId: number }) {
    const found = await repo.referencesExist(input)
    const errors: Record<string, string[]> = {}
    for (const [field, ok] of Object.entries(found)) if (!ok) errors[field] = [messages.validation.required]
    if (Object.keys(errors).length > 0)
      throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, errors)
  }

  async function detail(tenant: Tenant, id: number): Promise<AddressDto> {
    const row = await repo.find(tenant.organizationId, id)
    if (!row) throw notFound()
    return presentAddress(row)
  }

  const fieldsOf = (input: AddressUpdate) => ({
    addressTypeId: input.addressTypeId,
    name: input.name,
    street: input.street,
    complement1: input.complement1,
    complement2: input.complement2,
    postcode: input.postcode,
    city: input.city,
    countryId: input.countryId,
  })

  return {
    detail,

    async list(tenant: Tenant, query: AddressListQuery) {
      const { rows, total } = await repo.list(
        tenant.organizationId,
        {
          addressableType: query['filter[addressableType]'],
          addressableId: query['filter[addressableId]'],
          addressTypeId: query['filter[addressTypeId]'],
          search: query.search || undefined,
        },
        query.pageSize,
        (query.page - 1) * query.pageSize,
      )
      return { data: rows.map(presentAddress), meta: { total, page: query.page, pageSize: query.pageSize } }
    },

    /** The addresses of several contacts at once, for the contact lists (one query, in the caller's transaction). */
    async listOfContacts(organizationId: number, contactIds: number[], db: DbOrTx = deps.db) {
      return (await createAddressRepo(db).listOf(organizationId, 'contact', contactIds)).map(presentAddress)
    },

    async create(tenant: Tenant, input: AddressCreate) {
      await requireOwnerOf(tenant, input.addressableType, input.addressableId, true)
      await checkReferences(input)
      const now = nowIso()
      const id = await deps.db.transaction(async (tx) => {
        const addresses = createAddressRepo(tx)
        if (input.isDefault)
          await addresses.clearDefault(tenant.organizationId, input.addressableType, input.addressableId)
        return addresses.insert({
          ...fieldsOf(input),
          organizationId: tenant.organizationId,
          addressableType: input.addressableType,
          addressableId: input.addressableId,
          isDefault: input.isDefault ?? false,
          createdAt: now,
          updatedAt: now,
        })
      })
      return detail(tenant, id)
    },

    async update(tenant: Tenant, id: number, input: AddressUpdate) {
      const existing = await repo.find(tenant.organizationId, id)
      if (!existing) throw notFound()
      const { addressableType, addressableId } = existing.address
      await requireOwnerOf(tenant, addressableType, addressableId, true)
      await checkReferences(input)
      await deps.db.transaction(async (tx) => {
        const addresses = createAddressRepo(tx)
        if (input.isDefault) await addresses.clearDefault(tenant.organizationId, addressableType, addressableId)
        await addresses.update(tenant.organizationId, id, {
          ...fieldsOf(input),
          ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }),
          updatedAt: nowIso(),
        })
      })
      return detail(tenant, id)
    },

    async remove(tenant: Tenant, id: number) {
      const existing = await repo.find(tenant.organizationId, id)
      if (!existing) throw notFound()
      await requireOwnerOf(tenant, existing.address.addressableType, existing.address.addressableId, true)
      await repo.delete(tenant.organizationId, id)
    },

    /** With the contact, inside its deletion's transaction. */
    removeAllOfContact: (organizationId: number, contactId: number) =>
      repo.deleteAllOf(organizationId, 'contact', contactId),
  }
}
export type AddressService = ReturnType<typeof createAddressService>
