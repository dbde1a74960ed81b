import {
  type ContactActivity,
  type ContactBody,
  type ContactDetailDto,
  type ContactInvoiceRow,
  type ContactListQuery,
  type ContactQuoteRow,
  type ContactRelationFilter,
  messages,
  searchKey,
  summarizeContactActivity,
} from '@app/domain'
import { type DbOrTx, readTogether } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, conflict, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { type AddressService, createAddressService } from '../../platform/addresses/service'
import { presentContact } from './presenter'
import { type ContactValues, createContactRepo } from './repo'

/** Sort and search keys, stored with the row (see db/schema/contacts.ts). */
export const contactKeys = (contact: { name: string; email: string | null; registrySiren: string | null }) => ({
  sortKey: searchKey(contact.name),
  searchText: [contact.name, contact.email, contact.registrySiren]
    .filter(Boolean)
    .map((t) => searchKey(t as string))
    .join(' '),
})

/** The directory's answer waits this long in a save's answer; a slower PA finishes after it, in the background. */
const DIRECTORY_WAIT_MS = 3000

/** The e-invoicing directory (features/documents/e-invoicing/connection): asked after a customer's save, never failing it. */
export type ContactDirectory = { refreshContact(organizationId: number, contactId: number): Promise<void> }

/**
 * What contacts need of the sales documents that name them (made by the documents feature, wired in app.ts): the rows
 * the detail panel sums, whether a validated one names the contact, and the drafts that lose it when it is deleted.
 */
export type ContactDocumentUsage = {
  rows(
    db: DbOrTx,
    organizationId: number,
    contactId: number,
  ): Promise<{ quotes: ContactQuoteRow[]; invoices: ContactInvoiceRow[] }>
  usedByValidatedDocument(db: DbOrTx, organizationId: number, contactId: number): Promise<boolean>
  detachFromDrafts(tx: DbOrTx, organizationId: number, contactId: number): Promise<void>
}

/**
 * What contacts need of the receipts that name a supplier (made by the receipts feature, wired in app.ts): whether a
 * validated one does, and the receipts still being processed that lose a supplier deleted.
 */
export type ContactReceiptUsage = {
  supplierOfValidated(db: DbOrTx, organizationId: number, contactId: number): Promise<boolean>
  forgetSupplier(tx: DbOrTx, organizationId: number, contactId: number): Promise<void>
}

/**
 * Customers and suppliers. Any member may read and write them (no owner-only rule); every query is scoped to the
 * caller's organisation and another organisation's contact answers 404.
 */
export function createContactService(deps: {
  db: DbOrTx
  books: Books
  clock: Clock
  addresses: AddressService
  documents: ContactDocumentUsage
  receipts: ContactReceiptUsage
  directory?: ContactDirectory
}) {
  const repo = createContactRepo(deps.db)
  const nowIso = () => deps.clock().toISOString()

  /**
   * After the save is committed: whether the customer receives e-invoices, kept with it. A PA outage or a slow PA never
   * fails or holds the save: the answer carries the directory's word when it came in time, the next read otherwise.
   */
  async function askDirectory(organizationId: number, contactId: number): Promise<void> {
    if (!deps.directory) return
    let timer: NodeJS.Timeout | undefined
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DIRECTORY_WAIT_MS)
    })
    await Promise.race([deps.directory.refreshContact(organizationId, contactId).catch(() => {}), waited])
    clearTimeout(timer)
  }

  async function checkReferences(input: ContactBody) {
    const found = await repo.referencesExist({ legalFormId: input.legalFormId, sectorId: input.sectorId })
    const errors: Record<string, string[]> = {}
    for (const [field, ok] of Object.entries(found)) if (!ok) errors[field] = [messages.validation.choiceInvalid]
    if (Object.keys(errors).length > 0)
      throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, errors)
  }

  const valuesOf = (input: ContactBody, now: string): ContactValues => ({
    contactTypeId: input.contactTypeId,
    name: input.name,
    registrySiren: input.registrySiren,
    registryName: input.registryName,
    registryApe: input.registryApe,
    registryDate: input.registryDate,
    intracommunityTaxNumber: input.intracommunityTaxNumber,
    legalFormId: input.legalFormId,
    sectorId: input.sectorId,
    email: input.email,
    phoneMobile: input.phoneMobile,
    phoneOffice: input.phoneOffice,
    url: input.url,
    ...contactKeys(input),
    updatedAt: now,
  })

  /** The detail panel's totals: the domain sums this contact's quotes and invoices. */
  async function activityOf(organizationId: number, contactId: number, db: DbOrTx): Promise<ContactActivity> {
    const rows = await deps.documents.rows(db, organizationId, contactId)
    return summarizeContactActivity(rows.quotes, rows.invoices)
  }

  /** A contact named by a validated document cannot be deleted (its name and address are on an issued document). */
  async function assertDeletable(tx: DbOrTx, organizationId: number, contactId: number): Promise<void> {
    if (
      (await deps.documents.usedByValidatedDocument(tx, organizationId, contactId)) ||
      (await deps.receipts.supplierOfValidated(tx, organizationId, contactId))
    )
      throw conflict(messages.contacts.usedByValidatedDocument, 'CONTACT_IN_USE')
  }

  const service = {
    async list(tenant: Tenant, query: ContactListQuery) {
      const search = query.search ? searchKey(query.search) : undefined
      return readTogether(deps.db, async (tx) => {
        const contacts = createContactRepo(tx)
        const { rows, total } = await contacts.list(tenant.organizationId, {
          relation: query['filter[relation]'],
          id: query['filter[id]'],
          search: search || undefined,
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        })
        const ids = rows.map((row) => row.contact.id)
        const addresses = await deps.addresses.listOfContacts(tenant.organizationId, ids, tx)
        const persons = await contacts.listPersons(tenant.organizationId, ids)
        return {
          data: rows.map((row) => presentContact(row, addresses, persons)),
          meta: { total, page: query.page, pageSize: query.pageSize },
        }
      })
    },

    async detail(tenant: Tenant, id: number): Promise<ContactDetailDto> {
      return readTogether(deps.db, async (tx) => {
        const contacts = createContactRepo(tx)
        const row = await contacts.find(tenant.organizationId, id)
        if (!row) throw notFound()
        // One after the other: a transaction's queries run in turn on its one connection anyway.
        const addresses = await deps.addresses.listOfContacts(tenant.organizationId, [id], tx)
        const persons = await contacts.listPersons(tenant.organizationId, [id])
        const activity = await activityOf(tenant.organizationId, id, tx)
        return { ...presentContact(row, addresses, persons), ...activity }
      })
    },

    /** POST /contacts?relation=…: a supplier when no relation is given (spec/sales.md §7). */
    async create(tenant: Tenant, relation: ContactRelationFilter | undefined, input: ContactBody) {
      await checkReferences(input)
      const now = nowIso()
      const id = await deps.db.transaction(async (tx) => {
        const contacts = createContactRepo(tx)
        const contactId = await contacts.insert(tenant.organizationId, {
          ...valuesOf(input, now),
          isCustomer: relation === 'customer',
          isSupplier: relation !== 'customer',
          createdAt: now,
        })
        if (input.contacts?.length) await contacts.replacePersons(tenant.organizationId, contactId, input.contacts, now)
        return contactId
      })
      await askDirectory(tenant.organizationId, id)
      return service.detail(tenant, id)
    },

    /** PATCH /contacts/{id}?relation=…: the edit form's fields; a relation given adds that role (customer and supplier). */
    async update(tenant: Tenant, id: number, relation: ContactRelationFilter | undefined, input: ContactBody) {
      await checkReferences(input)
      const now = nowIso()
      await deps.db.transaction(async (tx) => {
        const contacts = createContactRepo(tx)
        if (!(await contacts.lock(tenant.organizationId, id))) throw notFound()
        await contacts.update(tenant.organizationId, id, {
          ...valuesOf(input, now),
          ...(relation === 'customer' ? { isCustomer: true } : {}),
          ...(relation === 'supplier' ? { isSupplier: true } : {}),
        })
        if (input.contacts !== undefined) await contacts.replacePersons(tenant.organizationId, id, input.contacts, now)
        // A supplier renamed renames the lines of its validated receipts in the books.
        await deps.books.post(tx, { organizationId: tenant.organizationId, suppliers: [id] })
      })
      await askDirectory(tenant.organizationId, id)
      return service.detail(tenant, id)
    },

    /**
     * DELETE /contacts/{id}: the contact, its persons and addresses go. With ?relation= on a contact that is both a
     * customer and a supplier, only that role is dropped (deleting a customer keeps the supplier).
     */
    async remove(tenant: Tenant, id: number, relation: ContactRelationFilter | undefined) {
      await deps.db.transaction(async (tx) => {
        const contacts = createContactRepo(tx)
        const contact = await contacts.lock(tenant.organizationId, id)
        if (!contact) throw notFound()
        if (relation && contact.isCustomer && contact.isSupplier) {
          await contacts.update(tenant.organizationId, id, {
            ...(relation === 'customer' ? { isCustomer: false } : { isSupplier: false }),
            updatedAt: nowIso(),
          })
          return
        }
        await assertDeletable(tx, tenant.organizationId, id)
        const reached = await deps.books.reach(tx, { organizationId: tenant.organizationId, suppliers: [id] })
        await deps.documents.detachFromDrafts(tx, tenant.organizationId, id)
        await deps.receipts.forgetSupplier(tx, tenant.organizationId, id)
        await createAddressService({ db: tx, clock: deps.clock }).removeAllOfContact(tenant.organizationId, id)
        await contacts.delete(tenant.organizationId, id)
        await deps.books.post(tx, reached)
      })
    },
  }
  return service
}
export type ContactService = ReturnType<typeof createContactService>
