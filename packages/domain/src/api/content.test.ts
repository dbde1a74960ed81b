import { describe, expect, it } from 'vitest'
import { tutorialFor } from './content'

describe('the tutorial of a screen', () => {
  const tutorials = [{ path: '/app' }, { path: '/app/sales/invoices' }, { path: '/app/setting/rules' }]

  it('is the one whose path is the longest prefix of the page, sub-pages included', () => {
    expect(tutorialFor(tutorials, '/app/sales/invoices')?.path).toBe('/app/sales/invoices')
    expect(tutorialFor(tutorials, '/app/sales/invoices/12/show')?.path).toBe('/app/sales/invoices')
    expect(tutorialFor(tutorials, '/app')?.path).toBe('/app')
    // A screen without its own tutorial gets the general one.
    expect(tutorialFor(tutorials, '/app/purchase/expenses')?.path).toBe('/app')
  })

  it('never takes a path that only starts with the same letters', () => {
    expect(tutorialFor(tutorials, '/app/setting/rules-archive')?.path).toBe('/app')
    expect(tutorialFor(tutorials, '/legal-notice')).toBeUndefined()
  })
})
