import { TAX_RATE_IDS, TAX_TYPE_IDS, type TaxRateCode, type TaxTypeCode } from '@app/domain'
import * as accounting from './accounting'
import { csv, fail, type Row } from './seed-common'

// Accounting categories ---------------------------------------------------------------------------------------------

type Pcg = { code: string; name: string; class: string; parent_code: string; position: string; common: string }

export function pcgRows(): Pcg[] {
  return csv('pcg.csv', ['code', 'name', 'class', 'parent_code', 'position', 'common'])
}

export function pcgAccounts(pcg: Pcg[]): Row[] {
  return pcg.map((r, i) => ({
    id: i + 1,
    code: r.code,
    name: r.name,
    class: Number(r.class),
    parent_code: r.parent_code || null,
    position: r.position,
  }))
}

const longestPrefix = <T>(code: string, rules: Record<string, T>): T | undefined => {
  let best: string | undefined
  for (const prefix of Object.keys(rules)) {
    if (code.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix
  }
  return best === undefined ? undefined : rules[best]
}
const hasPrefix = (code: string, prefixes: readonly string[]) => prefixes.some((p) => code.startsWith(p))

type Entry = {
  id: number
  parent_id: number | null
  code: string
  name: string
  description: string | null
  hint: string | null
  keywords: string | null
  type: TaxTypeCode
  rate: TaxRateCode
  is_exp: boolean
  is_cash: boolean
  is_sale: boolean
  is_displayed: boolean
  is_common: boolean
}

export function defaultAccountingEntries(pcg: Pcg[]): Row[] {
  const byCode = new Map(pcg.map((r) => [r.code, r]))
  const entries: Entry[] = []
  const idByCode = new Map<string, number>()
  const folderByClass = new Map<string, number>()

  for (const folder of accounting.folders) {
    entries.push({
      id: folder.id,
      parent_id: null,
      code: '0',
      name: folder.name,
      description: folder.description,
      hint: null,
      keywords: null,
      type: folder.type,
      rate: folder.rate,
      is_exp: false,
      is_cash: false,
      is_sale: false,
      is_displayed: true,
      is_common: false,
    })
    if (folder.pcgClass) folderByClass.set(folder.pcgClass, folder.id)
  }

  // Classes 6 and 7, in file order (a parent always comes before its children), under their PCG parent.
  for (const pcgClass of ['6', '7'] as const) {
    let id = pcgClass === '6' ? accounting.ID_BLOCKS.class6 : accounting.ID_BLOCKS.class7
    const defaults = accounting.classDefaults[pcgClass] ?? fail(`no defaults for class ${pcgClass}`)
    for (const r of pcg) {
      if (r.class !== pcgClass || r.code === pcgClass) continue
      const parentId =
        r.parent_code === pcgClass
          ? (folderByClass.get(pcgClass) ?? fail(`no folder for class ${pcgClass}`))
          : (idByCode.get(r.parent_code) ?? fail(`${r.code}: parent ${r.parent_code} not seen yet`))
      const rule = longestPrefix(r.code, accounting.taxRules) ?? defaults
      // Labels that continue their parent's ("sur achats" under "Assurance - transport") get the parent's in front.
      const parentName = byCode.get(r.parent_code)?.name
      const name = /^\p{Ll}/u.test(r.name) && parentName ? `${parentName} ${r.name}` : r.name
      entries.push({
        id,
        parent_id: parentId,
        code: r.code,
        name,
        description: null,
        hint: null,
        keywords: accounting.keywords[r.code] ?? null,
        type: rule.type,
        rate: rule.rate,
        is_exp: pcgClass === '6' && !hasPrefix(r.code, accounting.notExpensePrefixes),
        is_cash: accounting.cashCodes.has(r.code),
        is_sale: hasPrefix(r.code, accounting.salePrefixes),
        is_displayed: !hasPrefix(r.code, accounting.hiddenPrefixes),
        is_common: r.common === '1',
      })
      idByCode.set(r.code, id)
      id++
    }
    const limit = pcgClass === '6' ? accounting.ID_BLOCKS.class7 : accounting.ID_BLOCKS.fixedAssets
    if (id > limit) fail(`class ${pcgClass} overflows its id block`)
  }

  const curated = (list: typeof accounting.fixedAssets, firstId: number, parentId: number) =>
    list.forEach((c, i) => {
      const source = byCode.get(c.code) ?? fail(`${c.code} is not in pcg.csv`)
      entries.push({
        id: firstId + i,
        parent_id: parentId,
        code: c.code,
        name: c.name ?? source.name,
        description: null,
        hint: c.hint ?? null,
        keywords: accounting.keywords[c.code] ?? null,
        type: c.type,
        rate: c.rate,
        is_exp: c.isExp,
        is_cash: accounting.cashCodes.has(c.code),
        is_sale: false,
        is_displayed: true,
        is_common: source.common === '1',
      })
    })
  curated(accounting.fixedAssets, accounting.ID_BLOCKS.fixedAssets, accounting.folders[2]?.id ?? fail('folders'))
  curated(accounting.balanceAccounts, accounting.ID_BLOCKS.balance, accounting.folders[3]?.id ?? fail('folders'))

  const h = accounting.holding
  entries.push({
    id: h.id,
    parent_id: h.parentId,
    code: h.code,
    name: h.name,
    description: "Compte 471 du plan comptable (comptes d'attente) : opérations à classer.",
    hint: h.hint,
    keywords: h.keywords,
    type: 'ns',
    rate: 'NUL',
    is_exp: false,
    is_cash: false,
    is_sale: false,
    is_displayed: true,
    is_common: false,
  })

  // Checks: unique ids and codes, parents first, a child keeps its parent's tax type or ns, ns goes with NUL.
  const byId = new Map<number, Entry>()
  const codes = new Set<string>()
  for (const e of entries) {
    if (byId.has(e.id)) fail(`duplicate accounting entry id ${e.id}`)
    byId.set(e.id, e)
    if (e.code !== '0') {
      if (codes.has(e.code)) fail(`duplicate accounting code ${e.code}`)
      codes.add(e.code)
    }
    if (e.code.length > 9) fail(`code ${e.code} longer than 9 characters`)
    if ((e.type === 'ns') !== (e.rate === 'NUL')) fail(`${e.code} ${e.name}: tax type ns goes with rate NUL only`)
  }
  for (const e of entries) {
    if (e.parent_id === null) continue
    const parent = byId.get(e.parent_id) ?? fail(`${e.code}: unknown parent ${e.parent_id}`)
    if (e.type !== parent.type && e.type !== 'ns')
      fail(`${e.code}: tax type ${e.type} under ${parent.code} (${parent.type})`)
  }
  // Folders carry a tag when one of their entries does, so that a tag filter keeps the tree.
  const childrenOf = (id: number) => entries.filter((e) => e.parent_id === id)
  const anyBelow = (id: number, tag: 'is_exp' | 'is_cash' | 'is_sale'): boolean =>
    childrenOf(id).some((c) => c[tag] || anyBelow(c.id, tag))
  for (const e of entries) {
    if (e.code !== '0') continue
    e.is_exp = anyBelow(e.id, 'is_exp')
    e.is_cash = anyBelow(e.id, 'is_cash')
    e.is_sale = anyBelow(e.id, 'is_sale')
  }

  const position = new Map<number, number>()
  const groups = new Map<number | null, Entry[]>()
  for (const e of entries) groups.set(e.parent_id, [...(groups.get(e.parent_id) ?? []), e])
  for (const siblings of groups.values()) {
    const ordered = siblings.sort((a, b) => (a.code === '0' || b.code === '0' ? a.id - b.id : a.code < b.code ? -1 : 1))
    for (const [i, e] of ordered.entries()) position.set(e.id, i + 1)
  }

  return entries
    .sort((a, b) => a.id - b.id)
    .map((e) => ({
      id: e.id,
      parent_id: e.parent_id,
      code: e.code,
      name: e.name,
      description: e.description,
      hint: e.hint,
      keywords: e.keywords,
      tax_type_id: TAX_TYPE_IDS[e.type],
      tax_rate_id: TAX_RATE_IDS[e.rate],
      is_exp: e.is_exp,
      is_cash: e.is_cash,
      is_sale: e.is_sale,
      is_parent: entries.some((c) => c.parent_id === e.id),
      is_displayed: e.is_displayed,
      is_common: e.is_common,
      position: position.get(e.id) ?? fail(`no position for ${e.id}`),
    }))
}
