import {
  type CompanyDto,
  FRANCE_COUNTRY_ID,
  LEGAL_FORM_TYPE_COMPANY,
  type OrganizationDto,
  type OrganizationUpdateInput,
  organizationUpdateSchema,
  TAX_REGIME_IDS,
} from '@app/domain'
import { zodValidate } from '../../lib/form'

/** The settings form's values: strings for inputs, ids as strings for selects. Shaped like the PATCH body so the
 * schema's error paths ("address.postcode") land on the matching inputs. */
export type OrganizationValues = {
  name: string
  brandName: string
  legalFormId: string | null
  sectorId: string | null
  taxRegimeId: string | null
  taxAreaId: string | null
  canSellCash: boolean
  hasCashRegister: boolean
  financialPeriodEnd: string
  registrySiren: string
  registryIntra: string
  registryApe: string
  registryName: string
  registryCapital: string
  companyForm: string
  url: string
  email: string
  phone: string
  address: {
    street: string
    complement1: string
    complement2: string
    postcode: string
    city: string
    countryId: string
  }
}

/** Capital default 1 (spec/account.md §5). */
export const DEFAULT_CAPITAL = '1'

const text = (value: string | null | undefined) => value ?? ''

/** "732829320" is shown "732 829 320", as printed on a Kbis. */
const formatSiren = (value: string | null) =>
  value && /^\d{9}$/.test(value) ? value.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') : text(value)

/** "1000.00" is shown "1000", "1500.50" "1500,50" (French decimal comma; the schema reads both). */
const formatCapital = (value: string | null) => (value ? value.replace(/\.00$/, '').replace('.', ',') : DEFAULT_CAPITAL)
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim())

export function valuesFromOrganization(organization: OrganizationDto): OrganizationValues {
  const address =
    organization.addresses.find((a) => a.addressTypeCode === 'COMPANY') ?? organization.defaultAddress ?? null
  return {
    name: organization.name,
    brandName: text(organization.brandName),
    legalFormId: String(organization.legalFormId),
    sectorId: String(organization.sectorId),
    taxRegimeId: String(organization.taxRegimeId),
    taxAreaId: String(organization.taxAreaId),
    canSellCash: organization.canSellCash,
    hasCashRegister: organization.hasCashRegister,
    financialPeriodEnd: String(organization.financialPeriodEnd || 12),
    registrySiren: formatSiren(organization.registrySiren),
    registryIntra: text(organization.registryIntra),
    registryApe: text(organization.registryApe),
    registryName: text(organization.registryName),
    registryCapital: formatCapital(organization.registryCapital),
    companyForm: text(organization.companyForm),
    url: text(organization.url),
    email: text(organization.email),
    phone: text(organization.phone),
    address: {
      street: text(address?.street),
      complement1: text(address?.complement1),
      complement2: text(address?.complement2),
      postcode: text(address?.postcode),
      city: text(address?.city),
      countryId: String(address?.countryId ?? FRANCE_COUNTRY_ID),
    },
  }
}

export type BodyOptions = {
  /** Capital and company form are sent only for a company (legal form type SO). */
  isCompany: boolean
  /** An organisation that has an address keeps one: its fields stay required. */
  hadAddress: boolean
}

export const isCompanyType = (type: string | undefined) => type === LEGAL_FORM_TYPE_COMPANY

/** Whether the legal form chosen in the form is a company's; until the list is loaded, the organisation's own tells. */
export function isCompanyLegalForm(
  legalFormId: string | null,
  legalForms: readonly { id: number; type?: string }[] | undefined,
  organization: { legalFormId: number | null; legalFormType?: string },
) {
  const legalForm = legalForms?.find((item) => String(item.id) === legalFormId)
  if (!legalForm) return legalFormId === String(organization.legalFormId) && isCompanyType(organization.legalFormType)
  return isCompanyType(legalForm.type)
}

/** A company's capital is asked for: the default fills it when a company's legal form is chosen with none typed. */
export function capitalWhenCompany(values: Pick<OrganizationValues, 'registryCapital'>, isCompany: boolean) {
  return isCompany && values.registryCapital.trim() === '' ? DEFAULT_CAPITAL : null
}

/** PATCH /organization's body: SIREN without spaces, blank strings as null, no address until one is started. */
export function bodyFromValues(
  values: OrganizationValues,
  { isCompany, hadAddress }: BodyOptions,
): OrganizationUpdateInput {
  const a = values.address
  const addressStarted = [a.street, a.complement1, a.complement2, a.postcode, a.city].some((v) => v.trim() !== '')
  return {
    name: values.name,
    brandName: blankToNull(values.brandName),
    legalFormId: values.legalFormId ?? 0,
    sectorId: values.sectorId ?? 0,
    taxRegimeId: values.taxRegimeId ?? 0,
    taxAreaId: values.taxAreaId ?? 0,
    canSellCash: values.canSellCash,
    hasCashRegister: values.canSellCash && values.hasCashRegister,
    financialPeriodEnd: Number(values.financialPeriodEnd),
    registrySiren: blankToNull(values.registrySiren.replace(/\s+/g, '')),
    registryIntra: blankToNull(values.registryIntra.replace(/\s+/g, '')),
    registryApe: blankToNull(values.registryApe),
    registryName: blankToNull(values.registryName),
    registryCapital: isCompany ? blankToNull(values.registryCapital) : null,
    companyForm: isCompany ? blankToNull(values.companyForm) : null,
    url: blankToNull(values.url),
    email: blankToNull(values.email),
    phone: blankToNull(values.phone),
    address:
      addressStarted || hadAddress
        ? {
            street: a.street,
            complement1: blankToNull(a.complement1),
            complement2: blankToNull(a.complement2),
            postcode: a.postcode.trim(),
            city: a.city,
            countryId: a.countryId || FRANCE_COUNTRY_ID,
          }
        : null,
  }
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * What the company directory fills in the organisation's own form (spec/account.md §4, "Company lookup"): the SIREN
 * (also from a SIRET), the legal name, the legal form when this platform offers it, the APE code ("70.10Z" written
 * "7010Z"), the VAT number when the organisation charges VAT or already shows one (it must match the SIREN), and the
 * head office's address as a suggestion when the form has none. The name chosen at sign-up, when it differs, stays as
 * the trading name unless one is set.
 */
export function applyCompanyToOrganization(
  values: OrganizationValues,
  company: CompanyDto,
  { legalFormOffered }: { legalFormOffered: (id: number) => boolean },
): OrganizationValues {
  const next: OrganizationValues = { ...values, registrySiren: formatSiren(company.siren) }
  if (company.name) {
    next.name = company.name
    if (values.brandName.trim() === '' && values.name.trim() !== '' && !sameText(values.name, company.name))
      next.brandName = values.name.trim()
  }
  if (company.legalFormId !== null && legalFormOffered(company.legalFormId))
    next.legalFormId = String(company.legalFormId)
  if (company.naf) next.registryApe = company.naf.replace('.', '')
  const chargesVat = values.taxRegimeId !== String(TAX_REGIME_IDS.FREE)
  if (company.tvaIntra && (chargesVat || values.registryIntra.trim() !== '')) next.registryIntra = company.tvaIntra
  const a = values.address
  const noAddress = [a.street, a.complement1, a.complement2, a.postcode, a.city].every((v) => v.trim() === '')
  if (noAddress && company.postcode && company.city && !(company.street ?? '').includes('[ND]'))
    next.address = {
      ...a,
      street: company.street ?? '',
      postcode: company.postcode,
      city: company.city,
      countryId: String(FRANCE_COUNTRY_ID),
    }
  return next
}

const validateBody = zodValidate(organizationUpdateSchema)

export const validateOrganization = (values: OrganizationValues, options: BodyOptions) =>
  validateBody(bodyFromValues(values, options))

export const MONTHS = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
].map((label, index) => ({ value: String(index + 1), label }))
