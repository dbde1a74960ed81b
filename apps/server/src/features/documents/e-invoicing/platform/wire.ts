import { z } from 'zod'
import type { DirectoryLine, Flow, FlowSearchPage, SubmittedFlow } from './types'

/**
 * The PA's answers as XP Z12-013 v1.3.0 writes them (flow-service and directory-service), read loosely: the fields
 * Carnet uses are checked, the others pass through, and enums stay open strings (a PA on a later version may add a
 * value; refusing its whole answer for it would stop the network).
 */

const acknowledgement = z.object({
  status: z.string(),
  details: z
    .array(
      z.object({
        level: z.string(),
        item: z.string().optional().default(''),
        reasonCode: z.string(),
        reasonMessage: z.string().optional().default(''),
      }),
    )
    .optional(),
})

export const flowSchema = z.looseObject({
  flowId: z.string().min(1),
  trackingId: z.string().optional(),
  name: z.string().optional().default(''),
  submittedAt: z.string(),
  updatedAt: z.string().optional(),
  flowSyntax: z.string(),
  flowProfile: z.string().optional().default('Undefined'),
  processingRule: z.string().optional().default('Undefined'),
  processingRuleSource: z.string().optional().default('Computed'),
  flowType: z.string().optional().default('Undefined'),
  flowDirection: z.string(),
  acknowledgement: acknowledgement.optional().default({ status: 'Pending' }),
})

/** A Flow as types.ts names it (updatedAt equals submittedAt until the acknowledgement changes, per the spec). */
export const flowOf = (raw: z.output<typeof flowSchema>): Flow =>
  ({ ...raw, updatedAt: raw.updatedAt ?? raw.submittedAt }) as Flow

export const submittedFlowSchema = z.looseObject({
  flowId: z.string().min(1),
  submittedAt: z.string(),
  trackingId: z.string().optional(),
  name: z.string().optional(),
  flowSyntax: z.string().optional(),
  flowProfile: z.string().optional(),
  processingRule: z.string().optional(),
  sha256: z.string().optional(),
})
export type SubmittedFlowAnswer = z.output<typeof submittedFlowSchema>
export const asSubmitted = (answer: SubmittedFlowAnswer, sent: Omit<SubmittedFlow, 'flowId' | 'submittedAt'>) =>
  ({ ...sent, ...answer }) as SubmittedFlow

export const searchPageSchema = z.object({
  results: z.array(flowSchema).optional().default([]),
  nextCursor: z.string().min(1).nullish(),
})
export const pageOf = (raw: z.output<typeof searchPageSchema>): FlowSearchPage => ({
  results: raw.results.map(flowOf),
  ...(raw.nextCursor ? { nextCursor: raw.nextCursor } : {}),
})

/** POST /v1/webhooks → 201 WebhookIdParam: the id and the signing key to keep. */
export const webhookSchema = z.object({ webhookId: z.string().min(1), signingKey: z.string().min(1) })

const directoryLineSchema = z.looseObject({
  addressingIdentifier: z.string().nullish(),
  platformType: z.string().nullish(),
  directoryLineStatus: z.string().nullish(),
  siren: z.string().nullish(),
  siret: z.string().nullish(),
  routingIdentifier: z.string().nullish(),
  addressingSuffix: z.string().nullish(),
  routingCode: z.looseObject({ routingIdentifier: z.string().nullish() }).nullish(),
})
export const directorySearchSchema = z.object({ results: z.array(directoryLineSchema).optional().default([]) })

/**
 * The active lines of a SIREN: Enabled (a PA receives there); Disabled and Upcoming ones cannot receive an invoice
 * today. A line without a status is taken as the PA gave it, active. The addressing identifier is the electronic
 * address (scheme 0225); a line without one is of no use to send.
 */
export function activeLinesOf(raw: z.output<typeof directorySearchSchema>, siren: string): DirectoryLine[] {
  return raw.results
    .filter((line) => (line.directoryLineStatus ?? 'Enabled') === 'Enabled' && line.addressingIdentifier)
    .filter((line) => !line.siren || line.siren === siren)
    .map((line) => ({
      addressingIdentifier: line.addressingIdentifier as string,
      siren: line.siren ?? siren,
      siret: line.siret ?? null,
      routingIdentifier: line.routingIdentifier ?? line.routingCode?.routingIdentifier ?? null,
      addressingSuffix: line.addressingSuffix ?? null,
      platform: line.platformType ?? null,
    }))
}

/** GET /v1/siren/code-insee:{siren} → legalUnitPayloadHistory. */
export const legalUnitSchema = z.looseObject({ siren: z.string().nullish(), businessName: z.string().nullish() })
