import type { SalesSettingsDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { settings as baseSettings } from '../../test-support/documentFixtures'
import { BrandingPage, previewUrl } from './BrandingPage'

const settings: SalesSettingsDto = { ...baseSettings, colorPrimary: '#000000', fontId: 1, fontTitle: 'Inter' }
const withLogo: SalesSettingsDto = { ...settings, logoUrl: '/api/v1/settings/files/logo?v=abc' }

const fonts = [
  { id: 1, key: 'Inter', name: 'Inter', isDefault: true },
  { id: 2, key: 'Roboto', name: 'Roboto', isDefault: false },
  { id: 6, key: 'Merriweather', name: 'Merriweather', isDefault: false },
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const routes = (current: SalesSettingsDto = settings) => [
  { path: '/settings', body: { data: current } },
  { path: '/fonts', body: { data: fonts } },
]

const dropzoneInput = (label: string) => {
  const group = screen.getByRole('group', { name: label })
  const input = group.querySelector('input[type="file"]')
  if (!input) throw new Error(`no file input for ${label}`)
  return { group: within(group), input }
}

describe('BrandingPage', () => {
  it('saves a colour picked in the palette and a font', async () => {
    const spy = stubApi([
      ...routes(),
      { method: 'PATCH', path: '/settings', body: { data: { ...settings, colorPrimary: '#b91c1c', fontId: 6 } } },
    ])
    renderPage(<BrandingPage />)
    fireEvent.click(await screen.findByRole('radio', { name: '#b91c1c' }))
    fireEvent.click(await screen.findByRole('radio', { name: 'Merriweather' }))
    expect(screen.getByRole('textbox', { name: /Couleur personnalisée/ })).toHaveProperty('value', '#b91c1c')
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => {
      const call = spy.mock.calls.find(([, init]) => init?.method === 'PATCH')
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ colorPrimary: '#b91c1c', fontId: 6 })
    })
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
  })

  it('refuses a custom colour that is not #RRGGBB and sends nothing', async () => {
    const spy = stubApi(routes())
    renderPage(<BrandingPage />)
    const input = await screen.findByRole('textbox', { name: /Couleur personnalisée/ })
    fireEvent.change(input, { target: { value: 'bleu' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('La couleur doit être au format #RRGGBB.')).toBeTruthy()
    expect(spy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
  })

  it("writes each file's limits under its dropzone", async () => {
    stubApi(routes())
    renderPage(<BrandingPage />)
    await screen.findByRole('group', { name: 'Logo' })
    expect(dropzoneInput('Logo').group.getByText('png, jpeg · 500 Ko max · 800x800 px max')).toBeTruthy()
    expect(dropzoneInput('Icône').group.getByText('png, jpeg · 250 Ko max · 400x400 px max')).toBeTruthy()
    expect(dropzoneInput('Fond de la première page').group.getByText('pdf · 1 Mo max')).toBeTruthy()
  })

  it("shows the spec's message when a dropped file has the wrong type, and sends nothing", async () => {
    const spy = stubApi(routes())
    renderPage(<BrandingPage />)
    await screen.findByRole('group', { name: 'Logo' })
    const { group, input } = dropzoneInput('Logo')
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })
    fireEvent.change(input, { target: { files: [gif] } })
    expect(await group.findByText("Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpeg)")).toBeTruthy()
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('uploads a dropped logo at once and shows the server message when it is refused', async () => {
    const spy = stubApi([
      ...routes(),
      {
        method: 'POST',
        path: '/settings/files',
        status: 422,
        body: {
          message: 'Ton image n°1 est trop grande ! (Dimensions max: 800x800 px)',
          code: 'VALIDATION_FAILED',
          errors: { logo: ['Ton image n°1 est trop grande ! (Dimensions max: 800x800 px)'] },
        },
      },
    ])
    renderPage(<BrandingPage />)
    await screen.findByRole('group', { name: 'Logo' })
    const { group, input } = dropzoneInput('Logo')
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } })
    expect(await group.findByText('Ton image n°1 est trop grande ! (Dimensions max: 800x800 px)')).toBeTruthy()
    const call = spy.mock.calls.find(([, init]) => init?.method === 'POST')
    expect((call?.[1]?.body as FormData | undefined)?.get('logo')).toBeInstanceOf(File)
  })

  it('shows the current logo and removes it with "Supprimer"', async () => {
    const spy = stubApi([...routes(withLogo), { method: 'DELETE', path: '/settings/files/logo', status: 204 }])
    renderPage(<BrandingPage />)
    expect(await screen.findByRole('img', { name: 'Logo actuel' })).toHaveProperty(
      'src',
      expect.stringContaining('/api/v1/settings/files/logo?v=abc'),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer : Logo' }))
    await waitFor(() =>
      expect(spy.mock.calls.some(([input, init]) => init?.method === 'DELETE' && String(input).endsWith('/logo'))).toBe(
        true,
      ),
    )
    expect(await screen.findByText('Fichier supprimé.')).toBeTruthy()
  })

  it('previews the unsaved colour and font', () => {
    expect(previewUrl({ colorPrimary: '#AABBCC', fontId: '2' }, 'abc')).toBe(
      '/api/v1/settings/appearance/preview.pdf?colorPrimary=%23aabbcc&fontId=2&v=abc',
    )
    expect(previewUrl({ colorPrimary: '#abc', fontId: '' }, '')).toBe('/api/v1/settings/appearance/preview.pdf')
  })
})
