import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../components/test-utils'
import { CategoriesPage } from './CategoriesPage'
import { bodiesSent, CHART, mobile, stubCategoriesApi } from './fakeCategoriesApi'

const m = messages.accountingEntries
const chart = Object.values(CHART)

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

/** The row of a category itself, without what it holds. */
const row = (name: string) => within(screen.getByRole('listitem', { name }).firstElementChild as HTMLElement)
const combobox = (name: RegExp | string) => screen.getByRole('combobox', { name }) as HTMLInputElement

async function pick(name: RegExp | string, option: string) {
  await waitFor(() => expect(combobox(name).disabled).toBe(false))
  fireEvent.click(combobox(name))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

function type(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

describe('CategoriesPage', () => {
  it('shows the general chart as a tree: folders folded, then each category with its code, tax and tags', async () => {
    stubCategoriesApi([...chart, mobile])
    renderPage(<CategoriesPage />)
    expect(screen.getByRole('heading', { name: m.title })).toBeTruthy()
    expect(screen.getByRole('tab', { name: m.generalTab, selected: true })).toBeTruthy()
    expect(screen.getByRole('tab', { name: m.customTab })).toBeTruthy()
    expect(screen.getByRole('button', { name: m.add })).toBeTruthy()

    await screen.findByRole('listitem', { name: 'Charges' })
    // The organisation's own category is not in the general tab; the folders start folded.
    expect(screen.queryByRole('listitem', { name: 'Forfait mobile' })).toBeNull()
    expect(screen.queryByRole('listitem', { name: 'Autres services extérieurs' })).toBeNull()
    const unfold = screen.getByRole('button', { name: 'Déplier Charges' })
    expect(unfold.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(unfold)
    expect(screen.getByRole('button', { name: 'Replier Charges' }).getAttribute('aria-expanded')).toBe('true')

    const phone = row('Frais postaux et de télécommunications')
    expect(phone.getByText('626')).toBeTruthy()
    expect(phone.getByText('Biens et services (TVA déductible) · Taux normal')).toBeTruthy()
    // The chart's tag in French, then the keywords, each once.
    expect(phone.getByText('Dépenses')).toBeTruthy()
    expect(phone.getAllByText('téléphone')).toHaveLength(1)
    expect(phone.getByText('internet')).toBeTruthy()
    expect(phone.queryByText('is_exp')).toBeNull()
    expect(
      phone.getByRole('switch', { name: 'Catégorie active : Frais postaux et de télécommunications' }),
    ).toHaveProperty('checked', true)
    // A general category is not edited nor deleted.
    expect(phone.queryByRole('button', { name: /^Modifier/ })).toBeNull()
    expect(phone.queryByRole('button', { name: /^Supprimer/ })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Replier Charges' }))
    expect(screen.queryByRole('listitem', { name: 'Réceptions' })).toBeNull()
  })

  it('searches by name, tag or code, without minding accents or case, and keeps the way down to what it finds', async () => {
    stubCategoriesApi(chart)
    renderPage(<CategoriesPage />)
    await screen.findByRole('listitem', { name: 'Charges' })
    const search = screen.getByRole('textbox', { name: 'Rechercher une catégorie' })

    fireEvent.change(search, { target: { value: 'TELEPHONE' } })
    expect(screen.getByRole('listitem', { name: 'Frais postaux et de télécommunications' })).toBeTruthy()
    expect(screen.getByRole('listitem', { name: 'Autres services extérieurs' })).toBeTruthy()
    expect(screen.getByRole('listitem', { name: 'Charges' })).toBeTruthy()
    expect(screen.queryByRole('listitem', { name: 'Réceptions' })).toBeNull()
    expect(screen.queryByRole('listitem', { name: 'Trésorerie, capitaux et tiers' })).toBeNull()

    fireEvent.change(search, { target: { value: 'réception' } })
    expect(screen.getByRole('listitem', { name: 'Réceptions' })).toBeTruthy()
    fireEvent.change(search, { target: { value: '4710' } })
    expect(screen.getByRole('listitem', { name: "Compte d'attente" })).toBeTruthy()
    expect(screen.queryByRole('listitem', { name: 'Charges' })).toBeNull()
    fireEvent.change(search, { target: { value: 'dépenses' } })
    expect(screen.getByRole('listitem', { name: 'Frais postaux et de télécommunications' })).toBeTruthy()

    fireEvent.change(search, { target: { value: 'zzz' } })
    expect(screen.getByText(messages.generic.noResult)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la recherche' }))
    expect(screen.getByRole('listitem', { name: 'Charges' })).toBeTruthy()
  })

  it('lists the organisation’s own categories with where they sit, or says there is none yet', async () => {
    const spy = stubCategoriesApi([...chart, mobile])
    renderPage(<CategoriesPage />)
    fireEvent.click(await screen.findByRole('tab', { name: m.customTab }))
    const own = await screen.findByRole('listitem', { name: 'Forfait mobile' })
    expect(within(own).getByText('Sous Charges › Autres services extérieurs › Frais postaux et de télécommunications'))
    expect(within(own).getByRole('button', { name: 'Modifier Forfait mobile' })).toBeTruthy()
    expect(within(own).getByRole('button', { name: 'Supprimer Forfait mobile' })).toBeTruthy()
    expect(screen.queryByRole('listitem', { name: 'Charges' })).toBeNull()
    const asked = spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    expect(asked.some((url) => url.searchParams.get('filter[category]') === 'custom')).toBe(true)
    expect(
      asked.every(
        (url) => !url.pathname.endsWith('/accounting-entries') || url.searchParams.get('pageSize') === '9999',
      ),
    ).toBe(true)

    cleanup()
    stubCategoriesApi(chart)
    renderPage(<CategoriesPage />)
    fireEvent.click(await screen.findByRole('tab', { name: m.customTab }))
    expect(await screen.findByText(m.emptyCustom)).toBeTruthy()
  })

  it('switches a category off and on; a refusal puts the switch back and shows the server’s message', async () => {
    stubCategoriesApi(chart, {
      routes: [
        {
          method: 'POST',
          path: '/accounting-entries/4/toggle',
          status: 409,
          body: { message: 'Ce dossier ne peut pas être désactivé.', code: 'CONFLICT' },
        },
      ],
    })
    renderPage(<CategoriesPage />)
    await screen.findByRole('listitem', { name: 'Charges' })
    fireEvent.click(screen.getByRole('button', { name: 'Déplier Charges' }))
    const toggle = () => row('Réceptions').getByRole('switch', { name: 'Catégorie active : Réceptions' })
    fireEvent.click(toggle())
    expect(await screen.findByText(m.deactivated)).toBeTruthy()
    await waitFor(() => expect(toggle()).toHaveProperty('checked', false))
    expect(row('Réceptions').getByText('Désactivée')).toBeTruthy()
    fireEvent.click(toggle())
    expect(await screen.findByText(m.activated)).toBeTruthy()

    const treasury = () =>
      row('Trésorerie, capitaux et tiers').getByRole('switch', {
        name: 'Catégorie active : Trésorerie, capitaux et tiers',
      })
    fireEvent.click(treasury())
    expect(await screen.findByText('Ce dossier ne peut pas être désactivé.')).toBeTruthy()
    await waitFor(() => expect(treasury()).toHaveProperty('checked', true))
  })

  it('deletes one of the organisation’s categories after confirmation; a used one is refused with the reason', async () => {
    const used = { ...mobile, id: 100002, name: 'Forfait box', code: '626200' }
    const spy = stubCategoriesApi([...chart, mobile, used], { used: [used.id] })
    renderPage(<CategoriesPage />)
    fireEvent.click(await screen.findByRole('tab', { name: m.customTab }))
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Forfait mobile' }))
    const dialog = await screen.findByRole('dialog', { name: m.deleteConfirm })
    expect(within(dialog).getByText(messages.generic.irreversible)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Forfait mobile' })).toBeNull())
    expect(bodiesSent(spy, 'DELETE', `/accounting-entries/${mobile.id}`)).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Forfait box' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: m.deleteConfirm })).getByRole('button', { name: 'Supprimer' }),
    )
    expect(await screen.findByText(m.used)).toBeTruthy()
    expect(screen.getByRole('listitem', { name: 'Forfait box' })).toBeTruthy()
  })

  it('checks the form with the spec’s messages, then creates the category with its keywords joined', async () => {
    const spy = stubCategoriesApi(chart)
    renderPage(<CategoriesPage />)
    await screen.findByRole('listitem', { name: 'Charges' })
    fireEvent.click(screen.getByRole('button', { name: m.add }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle catégorie' }))
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await drawer.findByText(m.nameRequired)).toBeTruthy()
    expect(drawer.getByText(m.parentRequired)).toBeTruthy()
    expect(drawer.getByText(m.taxRateRequired)).toBeTruthy()

    type(drawer.getByRole('textbox', { name: /^Nom/ }), 'Forfait mobile')
    type(drawer.getByRole('textbox', { name: /^Code/ }), '6261000001')
    expect(await drawer.findByText(m.codeTooLong)).toBeTruthy()
    type(drawer.getByRole('textbox', { name: /^Code/ }), '626100')

    // The parent gives its tax type and rate; a child may only keep the type or be not subject to VAT.
    await pick(/^Catégorie parente/, 'Frais postaux et de télécommunications · 626')
    expect(combobox(/^Type de taxe/).value).toBe('Biens et services (TVA déductible)')
    expect(combobox(/^Taux de taxe/).value).toBe('Taux normal')
    fireEvent.click(combobox(/^Type de taxe/))
    const types = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(types).toEqual(['Biens et services (TVA déductible)', 'Non soumis à la TVA'])
    fireEvent.click(screen.getByRole('option', { name: 'Non soumis à la TVA' }))
    expect(combobox(/^Taux de taxe/).value).toBe('Pas de TVA')
    expect(combobox(/^Taux de taxe/).disabled).toBe(true)
    await pick(/^Type de taxe/, 'Biens et services (TVA déductible)')
    expect(combobox(/^Taux de taxe/).disabled).toBe(false)
    // Only the rates that exist for the type (GET /taxes has no reduced rate of this type here).
    fireEvent.click(combobox(/^Taux de taxe/))
    const rates = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(rates).toEqual(['Taux normal', 'Pas de TVA'])
    fireEvent.click(screen.getByRole('option', { name: 'Pas de TVA' }))

    const keywords = drawer
      .getAllByLabelText(/^Mots-clés/)
      .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden') as HTMLInputElement
    // Pasted words are split on commas, as typed ones are.
    fireEvent.paste(keywords, { clipboardData: { getData: () => 'orange, sfr,orange' } })
    expect(drawer.getByText('sfr')).toBeTruthy()
    type(drawer.getByRole('textbox', { name: /^Description/ }), 'Mon abonnement')

    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodiesSent(spy, 'POST', '/accounting-entries')).toHaveLength(1))
    expect(bodiesSent(spy, 'POST', '/accounting-entries')[0]).toEqual({
      name: 'Forfait mobile',
      code: '626100',
      parentId: 101,
      taxTypeId: 2,
      taxRateId: 7,
      keywords: 'orange, sfr',
      description: 'Mon abonnement',
      isActive: true,
    })
    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nouvelle catégorie' })).toBeNull())
  })

  it('shows the server’s field errors under their fields', async () => {
    stubCategoriesApi(chart, {
      routes: [
        {
          method: 'POST',
          path: '/accounting-entries',
          status: 422,
          body: {
            message: 'Les données envoyées ne sont pas valides.',
            code: 'VALIDATION_FAILED',
            errors: { code: [m.codeNeededUnderFolder] },
          },
        },
      ],
    })
    renderPage(<CategoriesPage />)
    await screen.findByRole('listitem', { name: 'Charges' })
    fireEvent.click(screen.getByRole('button', { name: m.add }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle catégorie' }))
    type(drawer.getByRole('textbox', { name: /^Nom/ }), 'Divers')
    await pick(/^Catégorie parente/, 'Charges (dossier)')
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await drawer.findByText(m.codeNeededUnderFolder)).toBeTruthy()
  })

  it('edits one of the organisation’s categories (PATCH) from its current values', async () => {
    const spy = stubCategoriesApi([...chart, mobile])
    renderPage(<CategoriesPage />)
    fireEvent.click(await screen.findByRole('tab', { name: m.customTab }))
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Forfait mobile' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Modifier la catégorie' }))
    const name = drawer.getByRole('textbox', { name: /^Nom/ }) as HTMLInputElement
    await waitFor(() => expect(name.value).toBe('Forfait mobile'))
    expect(combobox(/^Catégorie parente/).value).toBe('Frais postaux et de télécommunications · 626')
    // Itself is never offered as its own parent.
    fireEvent.click(combobox(/^Catégorie parente/))
    expect(screen.queryByRole('option', { name: 'Forfait mobile · 626100' })).toBeNull()
    fireEvent.keyDown(combobox(/^Catégorie parente/), { key: 'Escape' })
    expect(drawer.getByText('orange')).toBeTruthy()
    type(name, 'Forfait mobile pro')
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', `/accounting-entries/${mobile.id}`)).toHaveLength(1))
    const [sent] = bodiesSent(spy, 'PATCH', `/accounting-entries/${mobile.id}`)
    expect(sent).toMatchObject({ name: 'Forfait mobile pro', parentId: 101, keywords: 'orange, sfr' })
    expect(sent).not.toHaveProperty('isActive')
    expect(await screen.findByRole('listitem', { name: 'Forfait mobile pro' })).toBeTruthy()
  })
})
