/**
 * What an audit event is about, from its route (decision 0037). One table, read top to bottom: the first rule whose
 * pattern the route matches gives the category, so a narrow rule (a payment of an invoice) sits above a broad one
 * (the invoices). A route added later falls in « Autre » until it is named here.
 */
export const AUDIT_CATEGORIES = [
  'auth',
  'security',
  'members',
  'settings',
  'documents',
  'payments',
  'exports',
  'imports',
  'deletes',
  'bank',
  'other',
] as const
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number]

export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  auth: 'Connexions',
  security: 'Sécurité',
  members: 'Membres et rôles',
  settings: 'Paramètres',
  documents: 'Documents',
  payments: 'Paiements',
  exports: 'Exports',
  imports: 'Imports',
  deletes: 'Suppressions',
  bank: 'Banque',
  other: 'Autre',
}

type Rule = { pattern: RegExp; category: AuditCategory; methods?: readonly string[] }

/** Route patterns as Fastify names them, without the /api/v1 prefix (« /invoices/:id/validate »). */
const RULES: readonly Rule[] = [
  { pattern: /^\/auth\/(two-factor|2fa)/, category: 'security' },
  { pattern: /^\/auth\//, category: 'auth' },
  {
    pattern: /^\/me\/(password|email|tokens|two-factor|2fa|sessions|support-access|recovery-codes)/,
    category: 'security',
  },
  { pattern: /^\/me\/close/, category: 'deletes' },
  { pattern: /^\/(organization\/(members|invitations|two-factor)|invitations)/, category: 'members' },
  { pattern: /^\/(exports|audit-events\/export|cash-journal\/archive|cash\/archive)/, category: 'exports' },
  { pattern: /\/imports(\/|$)/, category: 'imports' },
  { pattern: /^\/bank-connections/, category: 'bank' },
  // The PA's credentials: who linked or unlinked the organisation's plateforme agréée is a security event.
  { pattern: /^\/e-invoicing\/(connection|disconnection)/, category: 'security' },
  { pattern: /./, category: 'deletes', methods: ['DELETE'] },
  {
    pattern: /^\/(invoices\/:id\/(payments|mark-as-paid|mark-as-pending|payment-date)|transactions|cash-|expenses)/,
    category: 'payments',
  },
  {
    pattern: /^\/(invoices|quotes|accounting-entries|receipts|recurring-calendar|subscriptions)/,
    category: 'documents',
  },
  {
    pattern:
      /^\/(organization|organizations|settings|reference-numberings|subscription|me|journals|rules|rule-applications|alerts|payment-modes|appearance)/,
    category: 'settings',
  },
]

/** The category of a request by its method and route pattern (« /invoices/:id/validate » → documents). */
export function auditCategoryOf(method: string, routePattern: string): AuditCategory {
  const path = routePattern.replace(/^\/api\/v1/, '')
  const upper = method.toUpperCase()
  for (const rule of RULES) {
    if (rule.methods && !rule.methods.includes(upper)) continue
    if (rule.pattern.test(path)) return rule.category
  }
  return 'other'
}
