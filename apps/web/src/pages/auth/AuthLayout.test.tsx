import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../components/test-utils'
import { AuthLayout } from './AuthLayout'

describe('legal notice', () => {
  it('is linked, with the terms and the privacy policy, under every sign-in and sign-up page', () => {
    renderPage(<AuthLayout title="Connexion">formulaire</AuthLayout>)
    const nav = screen.getByRole('navigation', { name: 'Informations légales' })
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['CGU', '/cgu'],
      ['Confidentialité', '/confidentiality-policy'],
      ['Mentions légales', '/legal-notice'],
    ])
  })
})
