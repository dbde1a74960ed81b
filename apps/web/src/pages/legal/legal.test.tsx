import { messages } from '@app/domain'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { ContentPage } from './ContentPage'
import { MaintenancePage } from './MaintenancePage'

describe('MaintenancePage', () => {
  it('says the instance is in maintenance while the status is on', async () => {
    stubApi([{ path: '/maintenance', body: { data: { status: 'on', message: messages.maintenance.unavailable } } }])
    const { router } = renderPage(<MaintenancePage />, { route: '/maintenance' })
    expect(await screen.findByText(messages.maintenance.unavailable)).toBeTruthy()
    expect(screen.getByRole('heading', { name: messages.maintenance.title })).toBeTruthy()
    expect(whereIs(router)).toBe('/maintenance')
  })

  it('goes home once the maintenance is off', async () => {
    stubApi([{ path: '/maintenance', body: { data: { status: 'off', message: null } } }])
    const { router } = renderPage(<MaintenancePage />, { route: '/maintenance' })
    await waitFor(() => expect(whereIs(router)).toBe('/app'))
  })
})

describe('legal notice', () => {
  it('shows the hosting providers and the data-protection contact the server names', async () => {
    stubApi([
      {
        path: '/content/legal-notice',
        body: {
          data: {
            slug: 'legal-notice',
            title: 'Mentions légales',
            updatedAt: '2026-11-27',
            sections: [
              { heading: 'Hébergeur', paragraphs: ['OVH SAS, 2 rue Kellermann, 59100 Roubaix.'] },
              { heading: 'Données personnelles', paragraphs: ['Écris à dpo@atelier-martin.fr.'] },
            ],
          },
        },
      },
    ])
    renderPage(<ContentPage slug="legal-notice" />, { route: '/legal-notice' })
    expect(await screen.findByRole('heading', { name: 'Mentions légales' })).toBeTruthy()
    expect(screen.getByText('OVH SAS, 2 rue Kellermann, 59100 Roubaix.')).toBeTruthy()
    expect(screen.getByText('Écris à dpo@atelier-martin.fr.')).toBeTruthy()
  })
})
