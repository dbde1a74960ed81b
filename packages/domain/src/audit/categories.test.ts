import { describe, expect, it } from 'vitest'
import { auditCategoryOf } from './categories'

describe('auditCategoryOf', () => {
  it.each([
    ['POST', '/api/v1/auth/login', 'auth'],
    ['POST', '/auth/two-factor/verify', 'security'],
    ['POST', '/me/tokens', 'security'],
    ['DELETE', '/me/tokens/:id', 'security'],
    ['PATCH', '/organization/members/:id', 'members'],
    ['DELETE', '/organization/members/:id', 'members'],
    ['POST', '/invitations/accept', 'members'],
    ['PATCH', '/organization', 'settings'],
    ['PATCH', '/settings/payment-modes/:id', 'settings'],
    ['POST', '/invoices/:id/validate', 'documents'],
    ['POST', '/invoices/:id/payments', 'payments'],
    ['POST', '/invoices/:id/mark-as-paid', 'payments'],
    ['DELETE', '/invoices/:id', 'deletes'],
    ['POST', '/cash-sales', 'payments'],
    ['GET', '/exports/fec', 'exports'],
    ['GET', '/audit-events/export.csv', 'exports'],
    ['POST', '/journals/:id/imports', 'imports'],
    ['POST', '/bank-connections', 'bank'],
    ['DELETE', '/bank-connections/:id', 'bank'],
    ['POST', '/somewhere-new', 'other'],
  ])('%s %s → %s', (method, pattern, category) => {
    expect(auditCategoryOf(method, pattern)).toBe(category)
  })
})
