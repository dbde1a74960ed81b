/**
 * The company-lookup connector: one small interface, one provider. The default provider is France's public
 * "API Recherche d'entreprises" (https://recherche-entreprises.api.gouv.fr, no key): GET /search?q={SIREN or SIRET}
 * answers { results: [{ siren, nom_complet, nom_raison_sociale, nature_juridique, activite_principale,
 * statut_diffusion, siege: {…}, matching_etablissements: [{…}] }], total_results, page, per_page, total_pages }, an
 * establishment carrying siret, numero_voie, indice_repetition, type_voie, libelle_voie, adresse, code_postal,
 * libelle_commune, activite_principale and statut_diffusion. Non-disclosable ("diffusion partielle", statut "P")
 * units are shown with "[ND]" in place of their name and address.
 */

export type CompanyRecord = {
  siren: string
  siret: string | null
  name: string | null
  naf: string | null
  /** INSEE "catégorie juridique" (4 digits, e.g. 5710 for an SAS). */
  natureJuridique: string | null
  street: string | null
  postcode: string | null
  city: string | null
  nonDisclosable: boolean
}

export interface CompanyLookup {
  /** The company (and, for a SIRET, that establishment), or null when the directory does not know it. */
  findBySirenOrSiret(identifier: string): Promise<CompanyRecord | null>
}

/** The provider is down, too slow, or answered something we cannot read. */
export class CompanyLookupUnavailable extends Error {}

type Establishment = {
  siret?: string | null
  numero_voie?: string | null
  indice_repetition?: string | null
  type_voie?: string | null
  libelle_voie?: string | null
  adresse?: string | null
  code_postal?: string | null
  libelle_commune?: string | null
  activite_principale?: string | null
  statut_diffusion?: string | null
}
type Result = {
  siren?: string
  nom_complet?: string | null
  nom_raison_sociale?: string | null
  nature_juridique?: string | null
  activite_principale?: string | null
  statut_diffusion?: string | null
  siege?: Establishment | null
  matching_etablissements?: Establishment[] | null
}

const ND = '[ND]'
const hidden = (value: string | null | undefined) => !!value && value.includes(ND)
const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

/** Reads one result of the directory into our neutral record. */
export function recordFromResult(result: Result, siret: string | null): CompanyRecord | null {
  if (!result.siren) return null
  const establishment = siret
    ? ([...(result.matching_etablissements ?? []), result.siege].find((e) => e?.siret === siret) ?? null)
    : (result.siege ?? null)
  if (siret && !establishment) return null
  const street = [
    establishment?.numero_voie,
    establishment?.indice_repetition,
    establishment?.type_voie,
    establishment?.libelle_voie,
  ]
    .map(text)
    .filter(Boolean)
    .join(' ')
  const nonDisclosable =
    result.statut_diffusion === 'P' ||
    establishment?.statut_diffusion === 'P' ||
    hidden(result.nom_complet) ||
    hidden(result.nom_raison_sociale) ||
    hidden(street) ||
    hidden(establishment?.adresse)
  const identity = {
    name: text(result.nom_raison_sociale) ?? text(result.nom_complet),
    street: text(street),
    postcode: text(establishment?.code_postal),
    city: text(establishment?.libelle_commune),
  }
  return {
    siren: result.siren,
    siret: establishment?.siret ?? null,
    naf: text(establishment?.activite_principale) ?? text(result.activite_principale),
    natureJuridique: text(result.nature_juridique),
    nonDisclosable,
    ...(nonDisclosable ? { name: null, street: null, postcode: null, city: null } : identity),
  }
}

export function createRechercheEntreprisesLookup(options: { baseUrl: string; timeoutMs: number }): CompanyLookup {
  return {
    async findBySirenOrSiret(identifier) {
      const siren = identifier.slice(0, 9)
      const siret = identifier.length === 14 ? identifier : null
      const url = `${options.baseUrl}/search?q=${encodeURIComponent(identifier)}&page=1&per_page=5`
      let body: { results?: Result[] }
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
        if (!response.ok) throw new CompanyLookupUnavailable(`company lookup answered ${response.status}`)
        body = (await response.json()) as { results?: Result[] }
      } catch (error) {
        if (error instanceof CompanyLookupUnavailable) throw error
        throw new CompanyLookupUnavailable(error instanceof Error ? error.message : 'company lookup failed')
      }
      if (!body || !Array.isArray(body.results)) throw new CompanyLookupUnavailable('company lookup: unexpected body')
      const result = body.results.find((r) => r?.siren === siren)
      return result ? recordFromResult(result, siret) : null
    },
  }
}
