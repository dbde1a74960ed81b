import { randomBytes } from 'node:crypto'
import {
  ITEM_IMAGE_FORMATS,
  ITEM_IMAGE_MAX_LABEL,
  type ItemBody,
  type ItemDto,
  type ItemListQuery,
  isSalesCategoryAllowed,
  messages,
  searchKey,
  sniffImageType,
  TAX_NO_VAT_SALES_ID,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, notFound } from '../../../lib/errors'
import type { Storage, StoredFile } from '../../../lib/storage'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { createItemRepo } from './repo'

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createItemRepo>['find']>>>

const present = (row: Row): ItemDto => ({
  id: row.item.id,
  name: row.item.name,
  reference: row.item.reference,
  description: row.item.description,
  amount: row.item.amount,
  priceRule: row.item.priceRule === 'TTC' ? 'TTC' : 'HT',
  itemTypeId: row.item.itemTypeId,
  itemType: row.itemType,
  unitId: row.item.unitId,
  unit: row.unit,
  accountingEntryId: row.item.accountingEntryId,
  accountingEntry: row.accountingEntry,
  taxId: row.item.taxId,
  tax: row.tax,
  imageUrl: row.item.imagePath ? `/api/v1/items/${row.item.id}/image` : null,
  createdAt: row.item.createdAt,
  updatedAt: row.item.updatedAt,
})

export const unsupportedImage = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.invalidFormat(1, ITEM_IMAGE_FORMATS))
export const imageTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', messages.files.tooLarge(1, ITEM_IMAGE_MAX_LABEL))

const invalid = (field: string, message: string) =>
  new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, { [field]: [message] })

/** The catalogue. Any member may read and write it; rows of another organisation answer 404. */
export function createItemService(deps: {
  db: DbOrTx
  clock: Clock
  organizations: OrganizationService
  storage: Storage
}) {
  const repo = createItemRepo(deps.db)
  const v = messages.validation

  /**
   * Checks the references and settles the tax: the category must suit the item type (701/707 goods, 706/708
   * services); the VAT is the one given (a collected tax) or else the category's tax in the organisation's tax area
   * ("TVA collectée"), no VAT for tax-free organisations.
   */
  async function resolve(tenant: Tenant, input: ItemBody) {
    const itemType = await repo.findItemType(input.itemTypeId)
    if (!itemType) throw invalid('itemTypeId', v.choiceInvalid)
    if (!(await repo.unitExists(input.unitId))) throw invalid('unitId', v.choiceInvalid)
    const category = await repo.findCategory(tenant.organizationId, input.accountingEntryId)
    if (!category || !isSalesCategoryAllowed(itemType.code, category.code))
      throw invalid('accountingEntryId', v.salesCategory)
    if (input.taxId !== null) {
      const tax = await repo.findTax(input.taxId)
      if (!tax?.isCollected) throw invalid('taxId', v.taxNotCollected)
      return input.taxId
    }
    const organization = await deps.organizations.detail(tenant.userId, tenant.organizationId)
    if (organization.isTaxFree) return TAX_NO_VAT_SALES_ID
    return repo.findCategoryTax(category, organization.taxAreaId)
  }

  const valuesOf = (input: ItemBody, taxId: number | null, now: string) => ({
    name: input.name,
    reference: input.reference,
    description: input.description,
    amount: input.amount,
    priceRule: input.priceRule,
    itemTypeId: input.itemTypeId,
    unitId: input.unitId,
    accountingEntryId: input.accountingEntryId,
    taxId,
    sortKey: searchKey(input.name),
    searchText: `${searchKey(input.name)} ${searchKey(input.reference)}`,
    updatedAt: now,
  })

  const service = {
    async list(tenant: Tenant, query: ItemListQuery) {
      const search = query.search ? searchKey(query.search) : ''
      const { rows, total } = await repo.list(tenant.organizationId, {
        itemTypeCode: query['filter[itemTypeCode]'],
        id: query['filter[id]'],
        search: search || undefined,
        sort: query.sort,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      })
      return { data: rows.map(present), meta: { total, page: query.page, pageSize: query.pageSize } }
    },

    async detail(tenant: Tenant, id: number) {
      const row = await repo.find(tenant.organizationId, id)
      if (!row) throw notFound()
      return present(row)
    },

    async create(tenant: Tenant, input: ItemBody) {
      const taxId = await resolve(tenant, input)
      const now = deps.clock().toISOString()
      const id = await repo.insert(tenant.organizationId, { ...valuesOf(input, taxId, now), createdAt: now })
      return service.detail(tenant, id)
    },

    async update(tenant: Tenant, id: number, input: ItemBody) {
      if (!(await repo.find(tenant.organizationId, id))) throw notFound()
      const taxId = await resolve(tenant, input)
      if (!(await repo.update(tenant.organizationId, id, valuesOf(input, taxId, deps.clock().toISOString()))))
        throw notFound()
      return service.detail(tenant, id)
    },

    async remove(tenant: Tenant, id: number) {
      const row = await repo.find(tenant.organizationId, id)
      if (!row || !(await repo.delete(tenant.organizationId, id))) throw notFound()
      if (row.item.imagePath) await deps.storage.delete(row.item.imagePath)
    },

    /**
     * Stores the item's image (png or jpeg, told by its first bytes, not by the declared type) and deletes the one
     * it replaces. The size limit is the multipart parser's (app.ts).
     */
    async setImage(tenant: Tenant, id: number, body: Buffer) {
      const row = await repo.find(tenant.organizationId, id)
      if (!row) throw notFound()
      const type = sniffImageType(body)
      if (!type) throw unsupportedImage()
      const key = `org-${tenant.organizationId}/items/${randomBytes(16).toString('hex')}.${type === 'image/png' ? 'png' : 'jpg'}`
      await deps.storage.put(key, body, type)
      if (!(await repo.update(tenant.organizationId, id, { imagePath: key, updatedAt: deps.clock().toISOString() }))) {
        await deps.storage.delete(key)
        throw notFound()
      }
      if (row.item.imagePath) await deps.storage.delete(row.item.imagePath)
      return service.detail(tenant, id)
    },

    async image(tenant: Tenant, id: number): Promise<StoredFile> {
      const row = await repo.find(tenant.organizationId, id)
      const file = row?.item.imagePath ? await deps.storage.get(row.item.imagePath) : null
      if (!file) throw notFound()
      return file
    },

    async removeImage(tenant: Tenant, id: number) {
      const row = await repo.find(tenant.organizationId, id)
      if (!row) throw notFound()
      if (!row.item.imagePath) return
      await repo.update(tenant.organizationId, id, { imagePath: null, updatedAt: deps.clock().toISOString() })
      await deps.storage.delete(row.item.imagePath)
    },
  }
  return service
}
export type ItemService = ReturnType<typeof createItemService>
