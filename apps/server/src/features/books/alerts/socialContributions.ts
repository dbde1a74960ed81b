import type { ActivityNature } from '@app/domain'
import type Engine from 'publicodes'

/**
 * A sole trader's yearly social contributions in each regime, computed by URSSAF's own model: `modele-social`, the
 * publicodes rules behind mon-entreprise.urssaf.fr, kept up to date by URSSAF's team (decision 0029). Rates, brackets,
 * minimum contributions and the 2026 reform of the réel's base all come from it, never from a table of ours.
 *
 * The model is parsed once, on first use (about 0.4 s), then each evaluation takes 0.1–0.2 s of CPU: results are kept
 * by their inputs, which change only when money moves. The model works in JavaScript numbers; what leaves this file is
 * a decimal string rounded to the euro, as the model rounds its own results.
 */

export type MicroInput = { nature: ActivityNature; goods: string; services: string }
export type RealInput = { nature: ActivityNature; turnover: string; expenses: string }

let engine: Promise<Engine> | undefined

async function model(): Promise<Engine> {
  engine ??= Promise.all([import('publicodes'), import('modele-social')]).then(
    ([{ default: Publicodes }, { default: rules }]) =>
      new Publicodes(rules, { logger: { log() {}, warn() {}, error() {} } }),
  )
  return engine
}

/** Established for three years, so that neither ACRE nor a first year's provisional contributions apply. */
const established = (year: number) => ({ 'entreprise . date de création': `'01/01/${year - 3}'` })

const euros = (value: string) => `${Number(value).toFixed(2)} €/an`

const cache = new Map<string, string>()
const CACHE_SIZE = 1000

async function evaluated(rule: string, situation: Record<string, string>): Promise<string> {
  const key = JSON.stringify([rule, situation])
  const known = cache.get(key)
  if (known !== undefined) return known
  const publicodes = await model()
  publicodes.setSituation(situation)
  const value = publicodes.evaluate({ valeur: rule, unité: '€/an' }).nodeValue
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`modele-social: no value for ${rule}`)
  const result = Math.round(value).toFixed(0)
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string)
  cache.set(key, result)
  return result
}

/**
 * A micro-entrepreneur's contributions on its turnover: goods (sales, accommodation: BIC) and services (BIC, or BNC
 * for a liberal activity) at their rates, plus the training contribution (CFP).
 */
export function microContributions(input: MicroInput, year: number): Promise<string> {
  const goods = Number(input.goods) > 0
  const services = Number(input.services) > 0
  const servicesRule =
    input.nature === 'libérale'
      ? "entreprise . chiffre d'affaires . service BNC"
      : "entreprise . chiffre d'affaires . service BIC"
  const turnover: Record<string, string> =
    goods && services
      ? {
          'entreprise . activité . revenus mixtes': 'oui',
          "entreprise . chiffre d'affaires . vente restauration hébergement": euros(input.goods),
          [servicesRule]: euros(input.services),
        }
      : {
          "entreprise . chiffre d'affaires": euros(goods ? input.goods : input.services),
          ...(input.nature === 'libérale'
            ? {}
            : { 'entreprise . activités . service ou vente': goods ? "'vente'" : "'service'" }),
        }
  return evaluated('dirigeant . auto-entrepreneur . cotisations et contributions', {
    'entreprise . catégorie juridique': "'EI'",
    'entreprise . catégorie juridique . EI . auto-entrepreneur': 'oui',
    'entreprise . activité . nature': `'${input.nature}'`,
    ...established(year),
    ...turnover,
  })
}

/** A sole trader's contributions at the réel (income tax, réel simplifié): on its result, turnover less charges. */
export function realContributions(input: RealInput, year: number): Promise<string> {
  return evaluated('dirigeant . indépendant . cotisations et contributions', {
    'entreprise . catégorie juridique': "'EI'",
    'entreprise . catégorie juridique . EI . auto-entrepreneur': 'non',
    'entreprise . activité . nature': `'${input.nature}'`,
    'entreprise . imposition': "'IR'",
    'entreprise . imposition . régime': "'réel simplifié'",
    ...established(year),
    "entreprise . chiffre d'affaires": euros(input.turnover),
    'entreprise . charges': euros(input.expenses),
  })
}
