import { z } from 'zod'

const id = z.number().int()

export const ruleConditionDtoSchema = z
  .object({
    id,
    position: z.number().int(),
    conditionTargetId: id,
    conditionTarget: z.object({ id, code: z.string(), name: z.string() }),
    conditionFunctionId: id,
    conditionFunction: z.object({ id, code: z.string(), name: z.string() }),
    value: z.string(),
  })
  .meta({ id: 'RuleCondition', description: "Une condition d'une règle d'affectation" })

const entryRef = z.object({ id, code: z.string(), name: z.string() })

export const ruleSplitDtoSchema = z
  .object({
    accountingEntryId: id,
    accountingEntry: entryRef,
    percentage: z.string().nullable().meta({ description: 'Pourcentage du montant, ex. "80.00"' }),
    amount: z.string().nullable().meta({ description: 'Montant fixe (positif ; la transaction donne le signe)' }),
  })
  .meta({ id: 'RuleSplit', description: 'Une ligne de la répartition ; la catégorie de la règle prend le reste' })

export const ruleDtoSchema = z
  .object({
    id,
    name: z.string(),
    isActive: z.boolean(),
    position: z.number().int().meta({ description: "Rang dans l'ordre d'application (1 : la première)" }),
    specificity: z.number().int().meta({ description: 'Précision de la règle : le classement automatique la suit' }),
    accountingEntryId: id,
    accountingEntry: entryRef,
    conditions: z.array(ruleConditionDtoSchema),
    creditOnly: z.boolean(),
    debitOnly: z.boolean(),
    stopProcessing: z.boolean(),
    splits: z.array(ruleSplitDtoSchema),
    newName: z.string().nullable(),
    hasNoReceipt: z.boolean(),
    globalRuleId: id.nullable().meta({ description: 'La règle proposée dont celle-ci a été adoptée' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Rule', description: "Règle d'affectation" })
export type RuleDto = z.infer<typeof ruleDtoSchema>
export type RuleConditionDto = z.infer<typeof ruleConditionDtoSchema>

/** A transaction as the rule editor's preview and the retroactive run list it. */
export const ruleMatchDtoSchema = z
  .object({
    id,
    name: z.string(),
    rawName: z.string(),
    datedAt: z.string(),
    amount: z.string(),
    journalId: id,
    categories: z.array(entryRef).meta({ description: 'Ses catégories actuelles (vide : à catégoriser)' }),
  })
  .meta({ id: 'RuleMatch', description: 'Une transaction à laquelle des conditions correspondent' })
export type RuleMatchDto = z.infer<typeof ruleMatchDtoSchema>

export const rulePreviewDtoSchema = z
  .object({ total: z.number().int(), transactions: z.array(ruleMatchDtoSchema) })
  .meta({ id: 'RulePreview', description: 'Les transactions correspondantes : leur nombre et les plus récentes' })
export type RulePreviewDto = z.infer<typeof rulePreviewDtoSchema>

export const ruleApplicationPlanDtoSchema = z
  .object({
    count: z.number().int().meta({ description: 'Transactions à catégoriser ou en attente (471000) qui changeront' }),
    sample: z.array(ruleMatchDtoSchema),
  })
  .meta({ id: 'RuleApplicationPlan', description: 'Ce que l’application rétroactive de la règle changera' })
export type RuleApplicationPlanDto = z.infer<typeof ruleApplicationPlanDtoSchema>

export const ruleApplicationDtoSchema = z
  .object({
    id,
    ruleId: id.nullable(),
    count: z.number().int(),
    createdAt: z.string(),
    undoneAt: z.string().nullable(),
  })
  .meta({ id: 'RuleApplication', description: 'Une application rétroactive, annulable en une fois' })
export type RuleApplicationDto = z.infer<typeof ruleApplicationDtoSchema>

export const ruleUndoDtoSchema = z
  .object({ restored: z.number().int(), skipped: z.number().int() })
  .meta({ id: 'RuleUndo', description: 'Transactions remises comme avant, et celles modifiées depuis (laissées)' })

export const ruleProposalDtoSchema = z
  .object({
    key: z.string().meta({ description: 'Le libellé nettoyé, replié (casse, accents)' }),
    name: z.string().meta({ description: 'Le libellé tel que la dernière transaction le montre' }),
    count: z.number().int(),
    accountingEntryId: id,
    accountingEntry: entryRef,
    rule: z.object({
      name: z.string(),
      accountingEntryId: id,
      conditions: z.array(z.object({ conditionTargetId: id, conditionFunctionId: id, value: z.string() })),
      creditOnly: z.boolean(),
      debitOnly: z.boolean(),
    }),
  })
  .meta({ id: 'RuleProposal', description: 'Une règle proposée après trois catégorisations identiques' })
export type RuleProposalDto = z.infer<typeof ruleProposalDtoSchema>

export const globalRuleDtoSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    accountingEntryId: id,
    accountingEntry: entryRef,
    conditions: z.array(z.object({ conditionTargetId: id, conditionFunctionId: id, value: z.string() })),
    creditOnly: z.boolean(),
    debitOnly: z.boolean(),
    hasNoReceipt: z.boolean(),
    adopted: z.boolean().meta({ description: 'Déjà ajoutée aux règles de l’organisation' }),
  })
  .meta({ id: 'GlobalRule', description: 'Une règle proposée par Carnet, à adopter' })
export type GlobalRuleDto = z.infer<typeof globalRuleDtoSchema>
