import type { AccountingEntryDto } from '@app/domain'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../test-utils'
import { CategoryPicker } from './CategoryPicker'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const entry = (id: number, code: string, name: string, keywords: string | null = null): AccountingEntryDto => ({
  id,
  organizationId: null,
  parentId: code === '0' ? null : 1,
  code,
  name,
  description: null,
  hint: null,
  keywords,
  taxTypeId: 2,
  taxRateId: 1,
  isExp: true,
  isCash: false,
  isSale: false,
  isParent: code === '0',
  isDisplayed: true,
  isCommon: false,
  position: id,
  isActive: true,
  isEditable: false,
  tags: [],
})

// In the chart's order (folders first, then by position), not in the order the picker gives them.
const categories = [
  entry(1, '0', 'Charges'),
  entry(10, '627', 'Services bancaires et assimilés', 'frais bancaires'),
  entry(11, '626', 'Frais postaux et de télécommunications', 'téléphone, internet'),
  entry(12, '607', 'Achats de marchandises'),
  entry(13, '6064', 'Fournitures administratives', 'papeterie, fournitures de bureau'),
  entry(14, '646', "Cotisations sociales personnelles de l'exploitant", 'URSSAF'),
  entry(15, '108', "Compte de l'exploitant", 'prélèvement personnel'),
  entry(16, '706', 'Prestations de services'),
  entry(17, '6132', 'Locations immobilières', 'loyer'),
]

const groupsShown = () =>
  screen.getAllByRole('group').map((group) => [
    group.firstElementChild?.textContent,
    within(group)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ])

describe('CategoryPicker', () => {
  it('groups the categories by what the money is for, in account order, each named first and numbered after', async () => {
    stubApi([{ path: '/accounting-entries', body: { data: categories, meta: { total: 9, page: 1, pageSize: 1000 } } }])
    renderPage(<CategoryPicker value={null} onChange={() => {}} aria-label="Catégorie" defaultOpened />)
    await screen.findAllByRole('option')
    expect(groupsShown()).toEqual([
      ['Ventes', ['Prestations de services· 706']],
      ['Achats', ['Fournitures administratives· 6064', 'Achats de marchandises· 607']],
      ['Frais généraux', ['Locations immobilières· 6132', 'Frais postaux et de télécommunications· 626']],
      ['Personnel', ["Cotisations sociales personnelles de l'exploitant· 646"]],
      ['Banque', ['Services bancaires et assimilés· 627']],
      ["Compte de l'exploitant", ["Compte de l'exploitant· 108"]],
    ])
  })

  it('keeps the best matches of a search first within their group', async () => {
    stubApi([{ path: '/accounting-entries', body: { data: categories, meta: { total: 9, page: 1, pageSize: 1000 } } }])
    renderPage(<CategoryPicker value={null} onChange={() => {}} aria-label="Catégorie" defaultOpened />)
    await screen.findAllByRole('option')
    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher une catégorie' }), {
      target: { value: 'fournitures' },
    })
    expect(groupsShown()).toEqual([['Achats', ['Fournitures administratives· 6064']]])
  })
})
