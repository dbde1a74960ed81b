import { CONTACT_TYPE_IDS } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { createContactRepo } from './repo'
import { contactKeys } from './service'

/** What the receipts need of the contacts: the supplier a receipt names, chosen by hand or read on its file. */

/** Whether the organisation has this contact (another organisation's is not one). */
export async function isContactOf(db: DbOrTx, organizationId: number, id: number) {
  return (await createContactRepo(db).find(organizationId, id)) !== undefined
}

/**
 * The contact of a company a receipt names, in the writing transaction: found by SIREN or VAT number (then marked as
 * a supplier), else created as a company supplier.
 */
export async function supplierContactOf(
  tx: DbOrTx,
  organizationId: number,
  supplier: { name: string; siren: string | null; vatNumber: string | null },
): Promise<number> {
  const repo = createContactRepo(tx)
  const found = await repo.findByIdentifiers(organizationId, supplier)
  if (found) {
    if (!found.isSupplier) await repo.update(organizationId, found.id, { isSupplier: true })
    return found.id
  }
  const name = supplier.name.trim().slice(0, 249) || supplier.siren || 'Fournisseur'
  return repo.insert(organizationId, {
    contactTypeId: CONTACT_TYPE_IDS.BUSINESS,
    name,
    isSupplier: true,
    registrySiren: supplier.siren,
    intracommunityTaxNumber: supplier.vatNumber,
    ...contactKeys({ name, email: null, registrySiren: supplier.siren }),
  })
}
