import { describe, expect, it } from 'vitest'
import { sirenOf } from './parties'

describe('sirenOf', () => {
  it('reads the SIREN of a SIREN or a SIRET typed with spaces, and nothing else', () => {
    expect(sirenOf('732 829 320')).toBe('732829320')
    expect(sirenOf('732 829 320 00074')).toBe('732829320')
    expect(sirenOf('7328')).toBeNull()
    expect(sirenOf(null)).toBeNull()
  })
})
