import {
  type CompanyDto,
  compactIdentifier,
  isValidSiren,
  isValidSiret,
  messages,
  vatNumberFromSiren,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { AppError, fieldError, notFound } from '../../../lib/errors'
import { type CompanyLookup, CompanyLookupUnavailable } from './lookup'
import { createCompanyRepo } from './repo'

/** GET /companies/{siret}: what the contact form fills from a SIREN or SIRET (spec/sales.md §4, §8). */
export function createCompanyService(deps: { db: DbOrTx; lookup: CompanyLookup }) {
  const repo = createCompanyRepo(deps.db)
  const v = messages.validation

  return {
    async find(raw: string): Promise<CompanyDto> {
      const identifier = compactIdentifier(raw)
      if (!/^(\d{9}|\d{14})$/.test(identifier)) throw fieldError('siret', v.sirenOrSiretFormat)
      if (!(identifier.length === 9 ? isValidSiren(identifier) : isValidSiret(identifier)))
        throw fieldError('siret', v.sirenOrSiretCheck)
      let record: Awaited<ReturnType<CompanyLookup['findBySirenOrSiret']>>
      try {
        record = await deps.lookup.findBySirenOrSiret(identifier)
      } catch (error) {
        if (error instanceof CompanyLookupUnavailable)
          throw new AppError(502, 'COMPANY_LOOKUP_UNAVAILABLE', messages.contacts.companyLookupUnavailable)
        throw error
      }
      if (!record) throw notFound(messages.contacts.companyNotFound)
      const legalForm = record.natureJuridique ? await repo.findLegalFormByInseeCode(record.natureJuridique) : null
      return {
        name: record.name,
        tvaIntra: vatNumberFromSiren(record.siren),
        siren: record.siren,
        siret: record.siret,
        naf: record.naf,
        natureJuridique: record.natureJuridique,
        legalFormId: legalForm?.id ?? null,
        legalForm,
        street: record.street,
        postcode: record.postcode,
        city: record.city,
        nonDisclosable: record.nonDisclosable,
      }
    },
  }
}
export type CompanyService = ReturnType<typeof createCompanyService>
