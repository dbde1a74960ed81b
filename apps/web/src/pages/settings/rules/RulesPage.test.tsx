import { CONDITION_FUNCTION_IDS as F, messages, CONDITION_TARGET_IDS as T } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../../components/test-utils'
import { CATEGORIES } from '../../../test-support/fakeTransactionsApi'
import { bodiesSent, condition, globalRule, match, proposal, rule, stubRulesApi, writes } from './fakeRulesApi'
import { RulesPage } from './RulesPage'

const m = messages.rules

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const card = (name: string) => within(screen.getByRole('listitem', { name }))
const combobox = (name: RegExp | string) => screen.getByRole('combobox', { name }) as HTMLInputElement

async function pick(name: RegExp | string, option: string) {
  fireEvent.click(combobox(name))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

function type(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

/** Picks a category in a CategoryPicker named `name`, searching for `search`. */
async function pickCategory(name: string, search: string, option: string) {
  fireEvent.click(screen.getByRole('button', { name }))
  fireEvent.change(await screen.findByRole('textbox', { name: 'Rechercher une catégorie' }), {
    target: { value: search },
  })
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

const orange = rule()
const bank = rule({
  id: 2,
  name: 'Virements reçus',
  position: 2,
  isActive: false,
  specificity: 100,
  accountingEntryId: CATEGORIES.sales.id,
  accountingEntry: { id: CATEGORIES.sales.id, code: '706', name: 'Prestations de services' },
  creditOnly: true,
  debitOnly: false,
  stopProcessing: true,
  conditions: [
    condition(T.RAW_NAME, F.START_LIKE, 'VIR SEPA', 1),
    condition(T.AMOUNT, F.BETWEEN, '100;2000', 2),
    condition(T.JOURNAL, F['='], '1', 3),
  ],
})

describe('RulesPage', () => {
  it('lists the rules in their order, with the count, their conditions as sentences and what else they do', async () => {
    const many = rule({
      id: 3,
      name: 'Beaucoup',
      position: 3,
      conditions: Array.from({ length: 14 }, (_, index) => condition(T.NAME, F.LIKE, `mot${index + 1}`, index + 1)),
    })
    stubRulesApi({ rules: [bank, orange, many] })
    renderPage(<RulesPage />)
    expect(await screen.findByRole('heading', { name: `${m.title} (3)` })).toBeTruthy()
    const names = screen
      .getAllByRole('listitem')
      .filter((item) => item.tagName === 'LI' && item.getAttribute('aria-label'))
    expect(names.map((item) => item.getAttribute('aria-label')).slice(0, 3)).toEqual([
      'Orange',
      'Virements reçus',
      'Beaucoup',
    ])

    expect(card('Orange').getByRole('img', { name: `${m.order} : 1` })).toBeTruthy()
    expect(card('Orange').getByText('Libellé contient « orange »')).toBeTruthy()
    expect(card('Orange').getByText(m.debitOnly)).toBeTruthy()
    expect(card('Orange').getByText('Frais postaux et de télécommunications')).toBeTruthy()
    expect(card('Orange').getByRole('switch', { name: 'Règle active : Orange' })).toHaveProperty('checked', true)
    expect(card('Orange').getByRole('button', { name: 'Monter Orange' })).toHaveProperty('disabled', true)

    const vir = card('Virements reçus')
    expect(vir.getByText("Libellé bancaire d'origine commence par « VIR SEPA »")).toBeTruthy()
    expect(vir.getByText('Montant est compris entre 100,00 € et 2 000,00 €')).toBeTruthy()
    expect(await vir.findByText('Compte bancaire est égal à Compte pro')).toBeTruthy()
    expect(vir.getByText(m.creditOnly)).toBeTruthy()
    expect(vir.getByText(m.stopProcessing)).toBeTruthy()
    expect(vir.getByText('Désactivée')).toBeTruthy()
    expect(vir.getByRole('switch', { name: 'Règle active : Virements reçus' })).toHaveProperty('checked', false)

    // 12 conditions at a time, then "+ N conditions".
    const beaucoup = card('Beaucoup')
    expect(
      within(beaucoup.getByRole('list', { name: 'Conditions de Beaucoup' })).getAllByRole('listitem'),
    ).toHaveLength(12)
    expect(beaucoup.getByText(m.moreConditions(2))).toBeTruthy()
    expect(beaucoup.getByRole('button', { name: 'Descendre Beaucoup' })).toHaveProperty('disabled', true)
  })

  it('says when there is no rule yet', async () => {
    stubRulesApi({ rules: [] })
    renderPage(<RulesPage />)
    expect(await screen.findByText(m.empty)).toBeTruthy()
    expect(screen.getByRole('heading', { name: `${m.title} (0)` })).toBeTruthy()
  })

  it('moves a rule, then ranks them all automatically', async () => {
    const spy = stubRulesApi({ rules: [orange, bank] })
    renderPage(<RulesPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Descendre Orange' }))
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/rules/1')).toEqual([{ position: 2 }]))
    await waitFor(() => expect(card('Orange').getByRole('img', { name: `${m.order} : 2` })).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Monter Orange' }))
    await waitFor(() => expect(card('Orange').getByRole('img', { name: `${m.order} : 1` })).toBeTruthy())

    fireEvent.click(screen.getByRole('button', { name: 'Trier automatiquement' }))
    expect(await screen.findByText(m.sorted)).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/rules/sort')).toHaveLength(1)
    // "commence par" (100) before "contient" (10).
    await waitFor(() => expect(card('Virements reçus').getByRole('img', { name: `${m.order} : 1` })).toBeTruthy())
  })

  it('switches a rule off at once; on, it first shows what applying it would change', async () => {
    const spy = stubRulesApi({ rules: [orange, bank], matches: [match(), match({ id: 12, name: 'Orange bis' })] })
    renderPage(<RulesPage />)
    fireEvent.click(await screen.findByRole('switch', { name: 'Règle active : Orange' }))
    expect(await screen.findByText(m.deactivated)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/rules/1')).toEqual([{ isActive: false }])

    fireEvent.click(screen.getByRole('switch', { name: 'Règle active : Virements reçus' }))
    const dialog = within(await screen.findByRole('dialog', { name: m.applyTitle }))
    expect(dialog.getByText(m.applyCount(2))).toBeTruthy()
    expect(dialog.getByRole('listitem', { name: 'Orange bis' })).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Seulement les prochaines' }))
    expect(await screen.findByText(m.activated)).toBeTruthy()
    expect(writes(spy)).toEqual(['PATCH /rules/1', 'PATCH /rules/2'])
    expect(bodiesSent(spy, 'PATCH', '/rules/2')).toEqual([{ isActive: true }])
  })

  it('deletes a rule after confirmation', async () => {
    const spy = stubRulesApi({ rules: [orange, bank] })
    renderPage(<RulesPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Orange' }))
    const dialog = within(await screen.findByRole('dialog', { name: m.deleteConfirm }))
    fireEvent.click(dialog.getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText(m.deleted)).toBeTruthy()
    expect(writes(spy)).toEqual(['DELETE /rules/1'])
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Orange' })).toBeNull())
    expect(screen.getByRole('heading', { name: `${m.title} (1)` })).toBeTruthy()
  })

  it('checks a new rule with the spec’s messages, previews it, saves it inactive, then applies it and undoes that', async () => {
    const spy = stubRulesApi({ rules: [], matches: [match(), match({ id: 12, name: 'Orange bis', categories: [] })] })
    renderPage(<RulesPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvelle règle' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle règle' }))
    expect(drawer.getByText(m.previewIncomplete)).toBeTruthy()
    // The first line cannot be removed.
    expect(drawer.queryByRole('button', { name: 'Retirer la condition 1' })).toBeNull()
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await drawer.findByText(m.conditionsRequiredEditor)).toBeTruthy()
    expect(drawer.getByText(messages.validation.required)).toBeTruthy()
    expect(drawer.getByText(m.categoryRequired)).toBeTruthy()
    type(drawer.getByRole('textbox', { name: /^Nom de la règle/ }), 'x'.repeat(256))
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await drawer.findByText(m.nameTooLong)).toBeTruthy()

    type(drawer.getByRole('textbox', { name: /^Nom de la règle/ }), 'Forfait Orange')
    await pickCategory('Catégorie', 'telecom', 'Frais postaux et de télécommunications')
    type(drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }), 'orange')
    expect(await drawer.findByText(m.previewCount(2))).toBeTruthy()
    expect(drawer.getByRole('listitem', { name: 'Orange bis' })).toBeTruthy()
    fireEvent.click(drawer.getByRole('radio', { name: m.debitOnly }))

    // A second line on the amount: its operations are the amount's, "est compris entre" takes two bounds.
    fireEvent.click(drawer.getByRole('button', { name: 'Ajouter une condition' }))
    await pick('Champ de la condition 2', 'Montant')
    fireEvent.click(combobox('Opération de la condition 2'))
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'est égal à',
      'est supérieur à',
      'est inférieur à',
      'est compris entre',
    ])
    fireEvent.click(screen.getByRole('option', { name: 'est compris entre' }))
    type(drawer.getByRole('textbox', { name: 'Montant minimum de la condition 2' }), '-50')
    type(drawer.getByRole('textbox', { name: 'Montant maximum de la condition 2' }), '-20')
    fireEvent.click(drawer.getByRole('checkbox', { name: m.stopProcessing }))

    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    const dialog = within(await screen.findByRole('dialog', { name: m.applyTitle }))
    expect(bodiesSent(spy, 'POST', '/rules')).toEqual([
      {
        name: 'Forfait Orange',
        isActive: false,
        accountingEntryId: CATEGORIES.phone.id,
        conditions: [
          { conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'orange' },
          { conditionTargetId: T.AMOUNT, conditionFunctionId: F.BETWEEN, value: '-50;-20' },
        ],
        creditOnly: false,
        debitOnly: true,
        stopProcessing: true,
        splits: [],
        newName: null,
        hasNoReceipt: false,
      },
    ])
    expect(dialog.getByText(m.applyCount(2))).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Appliquer aussi aux transactions existantes' }))
    expect(await screen.findByText(m.applied(2))).toBeTruthy()
    expect(writes(spy)).toEqual(['POST /rules', 'PATCH /rules/1', 'POST /rules/1/apply'])
    expect(bodiesSent(spy, 'PATCH', '/rules/1')).toEqual([{ isActive: true }])

    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }))
    expect(await screen.findByText(m.undone(2, 0))).toBeTruthy()
    expect(writes(spy).at(-1)).toBe('POST /rule-applications/77/undo')
    expect(await screen.findByRole('listitem', { name: 'Forfait Orange' })).toBeTruthy()
  })

  it('saves a rule left inactive without asking, with its split template and new label', async () => {
    const spy = stubRulesApi({ rules: [] })
    renderPage(<RulesPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvelle règle' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle règle' }))
    type(drawer.getByRole('textbox', { name: /^Nom de la règle/ }), 'Téléphone')
    await pickCategory('Catégorie', 'reception', 'Réceptions')
    type(drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }), 'sfr')
    type(drawer.getByRole('textbox', { name: 'Renommer la transaction en' }), 'SFR (mobile)')
    fireEvent.click(drawer.getByRole('checkbox', { name: 'Pas de justificatif attendu' }))
    fireEvent.click(drawer.getByRole('switch', { name: /^Répartir sur plusieurs catégories/ }))
    await pickCategory('Catégorie de la ligne 1', 'telecom', 'Frais postaux et de télécommunications')
    type(drawer.getByRole('textbox', { name: 'Pourcentage de la ligne 1' }), '80')
    expect(within(drawer.getByRole('group', { name: 'Dernière ligne' })).getByText('Réceptions')).toBeTruthy()
    expect(drawer.getByText('le reste')).toBeTruthy()
    fireEvent.click(drawer.getByRole('switch', { name: /^Activer la règle/ }))

    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(m.saved)).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: m.applyTitle })).toBeNull()
    expect(writes(spy)).toEqual(['POST /rules'])
    expect(bodiesSent(spy, 'POST', '/rules')[0]).toMatchObject({
      isActive: false,
      newName: 'SFR (mobile)',
      hasNoReceipt: true,
      splits: [{ accountingEntryId: CATEGORIES.phone.id, percentage: '80', amount: null }],
    })
  })

  it('edits a rule from its values; turning it on asks about the existing transactions', async () => {
    const spy = stubRulesApi({ rules: [orange, bank], plan: { count: 0, sample: [] } })
    renderPage(<RulesPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Virements reçus' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Modifier la règle' }))
    await waitFor(() =>
      expect((drawer.getByRole('textbox', { name: /^Nom de la règle/ }) as HTMLInputElement).value).toBe(
        'Virements reçus',
      ),
    )
    expect((drawer.getByRole('textbox', { name: 'Montant minimum de la condition 2' }) as HTMLInputElement).value).toBe(
      '100',
    )
    expect(combobox('Compte bancaire de la condition 3').value).toBe('Compte pro')
    expect(drawer.getByRole('radio', { name: m.creditOnly })).toHaveProperty('checked', true)
    expect(drawer.getByRole('button', { name: 'Retirer la condition 3' })).toBeTruthy()
    fireEvent.click(drawer.getByRole('button', { name: 'Retirer la condition 3' }))
    fireEvent.click(drawer.getByRole('switch', { name: /^Activer la règle/ }))
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))

    const dialog = within(await screen.findByRole('dialog', { name: m.applyTitle }))
    expect(dialog.getByText(m.applyCount(0))).toBeTruthy()
    expect(dialog.queryByRole('button', { name: 'Appliquer aussi aux transactions existantes' })).toBeNull()
    fireEvent.click(dialog.getByRole('button', { name: 'Activer la règle' }))
    expect(await screen.findByText(m.activated)).toBeTruthy()
    const patches = bodiesSent(spy, 'PATCH', '/rules/2')
    expect(patches[0]).toMatchObject({ isActive: false, creditOnly: true })
    expect(patches[0].conditions).toHaveLength(2)
    expect(patches[1]).toEqual({ isActive: true })
  })

  it('offers the proposals: "Créer la règle" opens the form prefilled, "Ignorer" declines', async () => {
    const other = proposal({ key: 'edf', name: 'EDF', count: 4 })
    const spy = stubRulesApi({ rules: [], proposals: [proposal(), other] })
    renderPage(<RulesPage />)
    const section = within(await screen.findByRole('region', { name: 'Suggestions' }))
    expect(section.getByText(m.proposal('Boulangerie Martin', 'Réceptions', 3))).toBeTruthy()
    fireEvent.click(within(section.getByRole('listitem', { name: 'EDF' })).getByRole('button', { name: 'Ignorer' }))
    expect(await screen.findByText(m.proposalDeclined)).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/rules/proposals/decline')).toEqual([{ key: 'edf', accountingEntryId: 101 }])
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'EDF' })).toBeNull())

    fireEvent.click(section.getByRole('button', { name: 'Créer la règle' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle règle' }))
    await waitFor(() =>
      expect((drawer.getByRole('textbox', { name: /^Nom de la règle/ }) as HTMLInputElement).value).toBe(
        'Boulangerie Martin',
      ),
    )
    expect(combobox('Opération de la condition 1').value).toBe('est égal à')
    expect((drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }) as HTMLInputElement).value).toBe(
      'Boulangerie Martin',
    )
    expect(drawer.getByRole('button', { name: 'Catégorie' }).textContent).toContain('Réceptions')
  })

  it('opens the form prefilled from ?proposal= (the drawer’s "Créer la règle"), then drops it from the address', async () => {
    const other = proposal({
      accountingEntryId: CATEGORIES.phone.id,
      accountingEntry: { id: CATEGORIES.phone.id, code: '626', name: CATEGORIES.phone.name },
      rule: { ...proposal().rule, accountingEntryId: CATEGORIES.phone.id },
    })
    stubRulesApi({ rules: [], proposals: [other, proposal()] })
    const { router } = renderPage(<RulesPage />, {
      route: `/app/setting/rules?proposal=boulangerie+martin&category=${CATEGORIES.food.id}`,
    })
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle règle' }))
    await waitFor(() =>
      expect((drawer.getByRole('textbox', { name: /^Nom de la règle/ }) as HTMLInputElement).value).toBe(
        'Boulangerie Martin',
      ),
    )
    expect(combobox('Champ de la condition 1').value).toBe('Libellé')
    expect(combobox('Opération de la condition 1').value).toBe('est égal à')
    expect((drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }) as HTMLInputElement).value).toBe(
      'Boulangerie Martin',
    )
    // The category of the link, not the other proposal's for the same label.
    expect(drawer.getByRole('button', { name: 'Catégorie' }).textContent).toContain('Réceptions')
    expect(drawer.getByRole('radio', { name: m.debitOnly })).toHaveProperty('checked', true)
    await waitFor(() => expect(whereIs(router)).toBe('/app/setting/rules'))
  })

  it('opens nothing for a proposal no longer there; the label is folded as the server folds it', async () => {
    stubRulesApi({ rules: [], proposals: [proposal()] })
    const { router } = renderPage(<RulesPage />, { route: '/app/setting/rules?proposal=edf' })
    await screen.findByRole('region', { name: 'Suggestions' })
    await waitFor(() => expect(whereIs(router)).toBe('/app/setting/rules'))
    expect(screen.queryByRole('dialog', { name: 'Nouvelle règle' })).toBeNull()
    cleanup()

    renderPage(<RulesPage />, { route: '/app/setting/rules?proposal=Boulangerie%20%20MARTIN' })
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle règle' }))
    await waitFor(() =>
      expect((drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }) as HTMLInputElement).value).toBe(
        'Boulangerie Martin',
      ),
    )
  })

  it('adopts the platform’s proposed rules', async () => {
    const adopted = globalRule({ id: 2, name: 'Impôts', adopted: true })
    const spy = stubRulesApi({ rules: [], global: [globalRule(), adopted] })
    renderPage(<RulesPage />)
    fireEvent.click(await screen.findByRole('button', { name: m.globalTitle }))
    const drawer = within(await screen.findByRole('dialog', { name: m.globalTitle }))
    const bankFees = await drawer.findByRole('checkbox', { name: /^Frais bancaires/ })
    expect(drawer.getAllByText('Libellé contient « frais »')).toHaveLength(2)
    expect(drawer.getByRole('checkbox', { name: /^Impôts/ })).toHaveProperty('disabled', true)
    expect(drawer.getByRole('button', { name: 'Ajouter la règle' })).toHaveProperty('disabled', true)
    fireEvent.click(bankFees)
    fireEvent.click(drawer.getByRole('button', { name: 'Ajouter la règle' }))
    expect(await screen.findByText(m.globalAdopted(1))).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/rules/global')).toEqual([{ rules: [1] }])
    expect(await screen.findByRole('listitem', { name: 'Frais bancaires' })).toBeTruthy()
  })
})
