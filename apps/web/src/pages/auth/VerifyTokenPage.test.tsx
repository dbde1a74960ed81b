import { messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { VerifyTokenPage } from './VerifyTokenPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const renderVerify = (route: string) => renderPage(<VerifyTokenPage />, { route })

function typeCode(code: string) {
  code.split('').forEach((digit, index) => {
    fireEvent.change(screen.getByLabelText(`Chiffre ${index + 1} sur 6`), { target: { value: digit } })
  })
}

describe('VerifyTokenPage', () => {
  it('submits by itself once the 6 digits are typed, then goes on to the new password', async () => {
    const fetchSpy = stubApi([{ method: 'POST', path: '/auth/password/verify', body: { data: { token: 'tok123' } } }])
    const { router } = renderVerify('/auth/verify-token?email=camille%40exemple.fr')

    typeCode('12345')
    expect(fetchSpy).not.toHaveBeenCalled()
    typeCode('123456')

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1))
    const [url, init] = fetchSpy.mock.calls[0] ?? []
    expect(String(url)).toBe('/api/v1/auth/password/verify')
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'camille@exemple.fr', code: '123456' })
    await waitFor(() =>
      expect(whereIs(router)).toBe('/auth/regenerate-password?email=camille%40exemple.fr&token=tok123'),
    )
  })

  it("shows the server's message under the code when it is refused", async () => {
    stubApi([
      {
        method: 'POST',
        path: '/auth/password/verify',
        status: 422,
        body: { message: 'Invalide', code: 'VALIDATION', errors: { code: [messages.auth.invalidCode] } },
      },
    ])
    renderVerify('/auth/verify-token?email=camille%40exemple.fr')
    typeCode('000000')
    expect(await screen.findByText(messages.auth.invalidCode)).toBeTruthy()
  })

  it('says "Le code doit contenir 6 chiffres" when submitted incomplete', async () => {
    const fetchSpy = stubApi([])
    renderVerify('/auth/verify-token?email=camille%40exemple.fr')
    typeCode('123')
    fireEvent.click(screen.getByRole('button', { name: 'Valider le code' }))
    expect(await screen.findByText(messages.validation.codeSixDigits)).toBeTruthy()
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('explains when the e-mail is missing from the link', () => {
    stubApi([])
    renderVerify('/auth/verify-token')
    expect(screen.getByText(messages.validation.emailNotFound)).toBeTruthy()
    expect(screen.getByRole('link', { name: /Recommencer/ }).getAttribute('href')).toBe('/auth/forgot-password')
  })
})
