import { messages } from '@app/domain'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bodiesSent, renderPage, stubApi } from '../../../components/test-utils'
import { HelpMenu } from './HelpMenu'

async function openRequest() {
  fireEvent.click(screen.getByRole('button', { name: 'Aide' }))
  fireEvent.click(await screen.findByRole('menuitem', { name: messages.tutorialRequest.title }))
  return screen.findByRole('dialog', { name: messages.tutorialRequest.title })
}

function fill() {
  fireEvent.change(screen.getByLabelText(/^Sujet du tutoriel/), { target: { value: 'Importer un relevé' } })
  fireEvent.change(screen.getByLabelText(/^Ce que tu cherches à faire/), { target: { value: 'Choisir les colonnes' } })
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }))
}

describe('HelpMenu', () => {
  it('leads to the news page', async () => {
    renderPage(<HelpMenu />, { route: '/app' })
    fireEvent.click(screen.getByRole('button', { name: 'Aide' }))
    const news = await screen.findByRole('menuitem', { name: 'Nouveautés' })
    expect(news.getAttribute('href')).toBe('/app/news')
  })

  it('sends a tutorial request with the screen it was asked from, and says it is recorded', async () => {
    document.title = 'Import de relevé — Carnet'
    const spy = stubApi([
      {
        method: 'POST',
        path: '/tutorial-requests',
        status: 201,
        body: { data: { id: 1, message: messages.tutorialRequest.saved, createdAt: '2026-11-27T10:00:00.000Z' } },
      },
    ])
    renderPage(<HelpMenu />, { route: '/app/financial/bank/import' })
    await openRequest()
    fill()
    expect(await screen.findByText('Ta demande a bien été enregistrée.')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/tutorial-requests')).toEqual([
      {
        name: 'Importer un relevé',
        overview: 'Choisir les colonnes',
        description: '',
        screenName: 'Import de relevé — Carnet',
        pathName: '/app/financial/bank/import',
        hostName: window.location.host,
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('checks the overview before sending, with the spec message', async () => {
    const spy = stubApi([])
    renderPage(<HelpMenu />, { route: '/app' })
    await openRequest()
    fireEvent.change(screen.getByLabelText(/^Ce que tu cherches à faire/), { target: { value: 'a'.repeat(4001) } })
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }))
    expect(await screen.findByText(messages.tutorialRequest.overviewTooLong)).toBeTruthy()
    expect(spy).not.toHaveBeenCalled()
  })

  it('says "Une erreur est survenue lors de l\'enregistrement." when the server fails, and keeps the form', async () => {
    stubApi([{ method: 'POST', path: '/tutorial-requests', status: 500, body: { message: 'boom', code: 'INTERNAL' } }])
    renderPage(<HelpMenu />, { route: '/app' })
    await openRequest()
    fill()
    expect(await screen.findByText("Une erreur est survenue lors de l'enregistrement.")).toBeTruthy()
    expect(screen.getByRole('dialog', { name: messages.tutorialRequest.title })).toBeTruthy()
  })
})

describe('the tutorial drawer', () => {
  const tutorial = (slug: string, path: string, title: string) => ({
    slug,
    title,
    path,
    overview: `À quoi sert ${title}`,
    steps: [`Première étape de ${title}`, `Deuxième étape de ${title}`],
    linkVideo: null,
    dateUpdated: '2026-11-27',
  })

  it('explains the screen in view, step by step, and any other one picked from the list', async () => {
    stubApi([
      {
        path: '/tutorials',
        body: {
          data: [
            tutorial('tableau-de-bord', '/app', 'Lire ton tableau de bord'),
            tutorial('factures', '/app/sales/invoices', 'Faire une facture'),
          ],
          meta: { total: 2, page: 1, pageSize: 100 },
        },
      },
    ])
    renderPage(<HelpMenu />, { route: '/app/sales/invoices/12/show' })
    fireEvent.click(screen.getByRole('button', { name: 'Aide' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Tutoriel de cette page' }))
    const drawer = await screen.findByRole('dialog', { name: 'Tutoriel' })
    expect(await within(drawer).findByRole('heading', { name: 'Faire une facture' })).toBeTruthy()
    expect(
      within(drawer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Première étape de Faire une facture', 'Deuxième étape de Faire une facture'])
    expect(within(drawer).getByText('Mis à jour le 27/11/2026')).toBeTruthy()

    fireEvent.change(within(drawer).getByRole('combobox', { name: 'Écran' }), { target: { value: 'tableau-de-bord' } })
    expect(await within(drawer).findByRole('heading', { name: 'Lire ton tableau de bord' })).toBeTruthy()
  })
})
