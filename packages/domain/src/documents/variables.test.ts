import { describe, expect, it } from 'vitest'
import { MAIL_VARIABLES, resolveDocumentVariables, resolveVariables, VARIABLE_HELP } from './variables'

const all = (date: string) =>
  Object.fromEntries(MAIL_VARIABLES.map((name) => [name, resolveVariables(`{${name}}`, { date })]))

describe('resolveVariables: the e-mail templates variables (spec/sales.md §5)', () => {
  it('gives each date variable its value for a mid-year date', () => {
    expect(all('2026-11-15')).toMatchObject({
      mois: 'novembre',
      annee: '2026',
      moisPrecedent: 'octobre',
      moisSuivant: 'décembre',
      '2DerniersMois': 'septembre et octobre',
      '3DerniersMois': 'août, septembre et octobre',
      '2ProchainsMois': 'décembre et janvier',
      '3ProchainsMois': 'décembre, janvier et février',
      anneePrecedente: '2025',
      anneeSuivante: '2027',
    })
  })

  it('crosses the year boundary backwards in January', () => {
    expect(all('2027-01-01')).toMatchObject({
      mois: 'janvier',
      annee: '2027',
      moisPrecedent: 'décembre',
      moisSuivant: 'février',
      '2DerniersMois': 'novembre et décembre',
      '3DerniersMois': 'octobre, novembre et décembre',
      '2ProchainsMois': 'février et mars',
      anneePrecedente: '2026',
      anneeSuivante: '2028',
    })
  })

  it('crosses the year boundary forwards in December', () => {
    expect(all('2026-12-31')).toMatchObject({
      mois: 'décembre',
      moisPrecedent: 'novembre',
      moisSuivant: 'janvier',
      '2ProchainsMois': 'janvier et février',
      '3ProchainsMois': 'janvier, février et mars',
      '3DerniersMois': 'septembre, octobre et novembre',
    })
  })

  it('takes the month and year from the given date, not from the clock', () => {
    expect(resolveVariables('Prestations de {mois} {annee}', { date: '2024-02-29' })).toBe(
      'Prestations de février 2024',
    )
  })

  it('replaces reference, client and signature, every occurrence, and leaves unknown names as typed', () => {
    const text = 'Facture {reference} pour {client} ({reference}) {inconnu} {mois}\n{signature}'
    expect(
      resolveVariables(text, { date: '2026-03-10', reference: 'F-2026-001', client: 'ACME', signature: 'Léa' }),
    ).toBe('Facture F-2026-001 pour ACME (F-2026-001) {inconnu} mars\nLéa')
  })

  it('writes nothing for a variable given as null and keeps a variable that was not given', () => {
    expect(resolveVariables('[{signature}] [{client}]', { date: '2026-03-10', signature: null })).toBe('[] [{client}]')
  })

  it('is case-sensitive and needs the braces', () => {
    expect(resolveVariables('{Mois} mois {mois', { date: '2026-03-10' })).toBe('{Mois} mois {mois')
  })

  it('documents every variable in the help panel', () => {
    expect(Object.keys(VARIABLE_HELP).sort()).toEqual([...MAIL_VARIABLES].sort())
  })
})

describe('resolveDocumentVariables: titles and descriptions', () => {
  it('replaces only {mois}, {annee}, {moisPrecedent} and {moisSuivant}', () => {
    expect(
      resolveDocumentVariables(
        'Maintenance {mois} {annee} (suite de {moisPrecedent}, avant {moisSuivant}) {2DerniersMois} {reference}',
        '2026-01-20',
      ),
    ).toBe('Maintenance janvier 2026 (suite de décembre, avant février) {2DerniersMois} {reference}')
  })

  it('keeps null as null and text without variables unchanged', () => {
    expect(resolveDocumentVariables(null, '2026-01-20')).toBeNull()
    expect(resolveDocumentVariables('Conseil', '2026-01-20')).toBe('Conseil')
  })
})
