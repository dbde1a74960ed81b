import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { addresses, countries, fonts, legalForms, organizations, salesSettings, taxRegimes } from '../../../db/schema'

export async function allCountries(db: DbOrTx) {
  return db.select({ id: countries.id, code: countries.code, name: countries.name }).from(countries)
}

/** The organisation with its legal form and its tax regime's code. */
export async function findSeller(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({
      organization: organizations,
      legalForm: { code: legalForms.code, name: legalForms.name, type: legalForms.type },
      taxRegimeCode: taxRegimes.code,
    })
    .from(organizations)
    .innerJoin(legalForms, eq(legalForms.id, organizations.legalFormId))
    .innerJoin(taxRegimes, eq(taxRegimes.id, organizations.taxRegimeId))
    .where(eq(organizations.id, organizationId))
  return row
}

export async function organizationAddresses(db: DbOrTx, organizationId: number) {
  return db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.organizationId, organizationId),
        eq(addresses.addressableType, 'organization'),
        eq(addresses.addressableId, organizationId),
      ),
    )
    .orderBy(asc(addresses.id))
}

export async function findBranding(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ settings: salesSettings, fontKey: fonts.key })
    .from(salesSettings)
    .innerJoin(fonts, eq(fonts.id, salesSettings.fontId))
    .where(eq(salesSettings.organizationId, organizationId))
  return row
}
