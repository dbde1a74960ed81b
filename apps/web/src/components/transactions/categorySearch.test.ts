import { describe, expect, it } from 'vitest'
import { type Category, searchCategories } from './categorySearch'

const entry = (id: number, parentId: number | null, code: string, name: string, keywords: string | null = null) =>
  ({ id, parentId, code, name, keywords, taxTypeId: 2, taxRateId: 1, isDisplayed: true }) satisfies Category

const charges = entry(1, null, '0', 'Charges')
const produits = entry(2, null, '0', 'Produits')
const services = entry(100, 1, '62', 'Autres services extérieurs')
const phone = entry(101, 100, '626', 'Frais postaux et de télécommunications', 'téléphone, internet, box, mobile')
const fuel = entry(102, 1, '6061', 'Fournitures non stockables (eau, énergie)', 'électricité, gaz, carburant, essence')
const travel = entry(103, 100, '6251', 'Voyages et déplacements', 'train, avion, hôtel')
const hidden = { ...entry(104, 1, '6093', 'Rabais obtenus sur achats'), isDisplayed: false }
const sales = entry(200, 2, '706', 'Prestations de services', 'honoraires, facturation')
const holding = entry(300, null, '471000', "Compte d'attente", 'attente, à classer')

const all = [charges, produits, services, phone, fuel, travel, hidden, sales, holding]
const ids = (list: Category[]) => list.map((category) => category.id)

describe('searchCategories', () => {
  it('ignores accents and case in the name', () => {
    expect(ids(searchCategories(all, 'TELECOM'))).toEqual([phone.id])
    expect(ids(searchCategories(all, 'énergie'))).toEqual([fuel.id])
    expect(ids(searchCategories(all, 'ENERGIE'))).toEqual([fuel.id])
  })

  it('finds a category by one of its tags', () => {
    expect(ids(searchCategories(all, 'essence'))).toEqual([fuel.id])
    expect(ids(searchCategories(all, 'Hotel'))).toEqual([travel.id])
  })

  it('finds a category by the start of its code, not by digits inside it', () => {
    expect(ids(searchCategories(all, '62'))).toEqual([services.id, phone.id, travel.id])
    expect(ids(searchCategories(all, '626'))).toEqual([phone.id])
    expect(ids(searchCategories(all, '26'))).toEqual([])
  })

  it('never offers a folder (code "0") nor a hidden category, searched or not', () => {
    expect(ids(searchCategories(all, 'charges'))).toEqual([])
    expect(ids(searchCategories(all, 'rabais'))).toEqual([])
    expect(ids(searchCategories(all, ''))).toEqual([services.id, phone.id, fuel.id, travel.id, sales.id, holding.id])
  })

  it('wants every word typed, each in the name, a tag or the code', () => {
    expect(ids(searchCategories(all, 'frais internet'))).toEqual([phone.id])
    expect(ids(searchCategories(all, 'frais avion'))).toEqual([])
  })

  it('puts the categories whose words start with the search before those that only contain it', () => {
    // "tel" starts "télécommunications" (and the tag "téléphone") but is only inside the tag "hôtel".
    const ranked = searchCategories([travel, phone, services], 'tel')
    expect(ids(ranked)).toEqual([phone.id, travel.id])
  })

  it('puts the category named exactly as typed first, then the names that start with it', () => {
    const studies = entry(105, 1, '604', "Achats d'études et prestations de services")
    const list = [studies, services, sales, entry(202, 2, '7061', 'Prestations de services à l’étranger')]
    expect(ids(searchCategories(list, 'prestations de services'))).toEqual([sales.id, 202, studies.id])
    expect(ids(searchCategories(list, 'PRESTA'))).toEqual([sales.id, 202, studies.id])
  })
})
