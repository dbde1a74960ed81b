import { CONDITION_FUNCTION_IDS as F, type RuleCondition, CONDITION_TARGET_IDS as T } from '@app/domain'

/**
 * The rules Carnet offers every organisation to adopt (GET /rules/global): the French payees nearly every freelancer
 * meets, each to the general category a bookkeeper would choose. Categories are named by PCG account; the seed turns
 * them into the general categories' ids. Social contributions and taxes come without an invoice: their rules say
 * so (no receipt expected).
 */
export type GlobalRuleSource = {
  id: number
  name: string
  description: string
  accountCode: string
  conditions: RuleCondition[]
  debitOnly?: boolean
  creditOnly?: boolean
  hasNoReceipt?: boolean
}

const contains = (value: string): RuleCondition => ({
  conditionTargetId: T.NAME,
  conditionFunctionId: F.LIKE,
  value,
})

export const globalRuleSources: GlobalRuleSource[] = [
  {
    id: 1,
    name: 'URSSAF',
    description: 'Cotisations sociales de l’exploitant',
    accountCode: '646',
    conditions: [contains('urssaf')],
    debitOnly: true,
    hasNoReceipt: true,
  },
  {
    id: 2,
    name: 'Impôts (DGFiP)',
    description: 'Impôts et taxes payés aux impôts (CFE…)',
    accountCode: '635',
    conditions: [contains('dgfip')],
    debitOnly: true,
    hasNoReceipt: true,
  },
  {
    id: 3,
    name: 'Orange',
    description: 'Téléphone et internet',
    accountCode: '626',
    conditions: [contains('orange')],
    debitOnly: true,
  },
  {
    id: 4,
    name: 'SFR',
    description: 'Téléphone et internet',
    accountCode: '626',
    conditions: [contains('sfr')],
    debitOnly: true,
  },
  {
    id: 5,
    name: 'Bouygues Telecom',
    description: 'Téléphone et internet',
    accountCode: '626',
    conditions: [contains('bouygues telecom')],
    debitOnly: true,
  },
  {
    id: 6,
    name: 'Free',
    description: 'Téléphone et internet',
    accountCode: '626',
    conditions: [contains('free mobile')],
    debitOnly: true,
  },
  {
    id: 7,
    name: 'La Poste',
    description: 'Frais postaux',
    accountCode: '626',
    conditions: [contains('la poste')],
    debitOnly: true,
  },
  {
    id: 8,
    name: 'SNCF',
    description: 'Voyages et déplacements',
    accountCode: '6251',
    conditions: [contains('sncf')],
    debitOnly: true,
  },
  {
    id: 9,
    name: 'Uber',
    description: 'Voyages et déplacements',
    accountCode: '6251',
    conditions: [contains('uber')],
    debitOnly: true,
  },
  {
    id: 10,
    name: 'Air France',
    description: 'Voyages et déplacements',
    accountCode: '6251',
    conditions: [contains('air france')],
    debitOnly: true,
  },
  {
    id: 11,
    name: 'EDF',
    description: 'Électricité',
    accountCode: '6061',
    conditions: [contains('edf')],
    debitOnly: true,
  },
  {
    id: 12,
    name: 'Engie',
    description: 'Gaz et électricité',
    accountCode: '6061',
    conditions: [contains('engie')],
    debitOnly: true,
  },
  {
    id: 13,
    name: 'Google Workspace',
    description: 'Logiciels en abonnement',
    accountCode: '651',
    conditions: [contains('google')],
    debitOnly: true,
  },
  {
    id: 14,
    name: 'Microsoft',
    description: 'Logiciels en abonnement',
    accountCode: '651',
    conditions: [contains('microsoft')],
    debitOnly: true,
  },
  {
    id: 15,
    name: 'Adobe',
    description: 'Logiciels en abonnement',
    accountCode: '651',
    conditions: [contains('adobe')],
    debitOnly: true,
  },
]
