/**
 * The two services of a plateforme agréée as AFNOR XP Z12-013 v1.3.0 describes them (../shared/france-rfe/xp-z12-013): Flow
 * (send and read flows, webhooks, healthcheck) and Directory (the PPF directory read through the PA). Only what
 * Carnet uses is typed; the names are the OpenAPI documents' own.
 */

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR'
export type FlowProfile = 'Basic' | 'CIUS' | 'Extended-CTC-FR' | 'Undefined'
export type FlowDirection = 'In' | 'Out'
export type FlowAckStatus = 'Pending' | 'Ok' | 'Error'
export type ProcessingRule =
  | 'B2B'
  | 'B2BInt'
  | 'B2C'
  | 'B2G'
  | 'B2GInt'
  | 'OutOfScope'
  | 'B2GOutOfScope'
  | 'ArchiveOnly'
  | 'NotApplicable'
  | 'Undefined'
export type FlowType =
  | 'CustomerInvoice'
  | 'SupplierInvoice'
  | 'CustomerInvoiceLC'
  | 'SupplierInvoiceLC'
  | 'AggregatedCustomerTransactionReport'
  | 'UnitaryCustomerTransactionReport'
  | 'AggregatedCustomerPaymentReport'
  | 'UnitaryCustomerPaymentReport'
  | 'UnitarySupplierTransactionReport'
  | 'MultiFlowReport'
  | (string & {})

/** FlowInfo of POST /v1/flows. */
export type FlowInfo = {
  trackingId: string
  name: string
  processingRule?: ProcessingRule
  flowSyntax: FlowSyntax
  flowProfile?: FlowProfile
  sha256: string
}

export type AcknowledgementDetail = {
  level: 'Error' | 'Warning'
  item: string
  reasonCode: string
  reasonMessage: string
}

/** The Flow resource (search results, webhook payloads, GET …?docType=Metadata). */
export type Flow = {
  flowId: string
  trackingId?: string
  name: string
  submittedAt: string
  updatedAt: string
  flowSyntax: FlowSyntax
  flowProfile: FlowProfile
  processingRule: ProcessingRule
  processingRuleSource: 'Input' | 'Computed'
  flowType: FlowType
  flowDirection: FlowDirection
  acknowledgement: { status: FlowAckStatus; details?: AcknowledgementDetail[] }
}

/** The answer to POST /v1/flows (202): the FullFlowInfo. */
export type SubmittedFlow = FlowInfo & { flowId: string; submittedAt: string }

export type FlowSearch = {
  where: {
    updatedAfter?: string
    updatedBefore?: string
    processingRule?: ProcessingRule[]
    flowType?: FlowType[]
    flowDirection?: FlowDirection[]
    trackingId?: string
    ackStatus?: FlowAckStatus
  }
  limit?: number
  cursor?: string
}
export type FlowSearchPage = { results: Flow[]; nextCursor?: string }

export type FlowDocType = 'Metadata' | 'Original' | 'Converted' | 'ReadableView'

/** One line of the directory (an electronic invoicing address), as Carnet keeps it. */
export type DirectoryLine = {
  addressingIdentifier: string
  siren: string
  siret: string | null
  routingIdentifier: string | null
  addressingSuffix: string | null
  platform: string | null
}

/**
 * What the PA answered when a call failed: the HTTP status, the Error body's errorCode, and a French message for the
 * user (never the PA's own text alone, never a credential). `retryable` says whether the outbox should try again.
 */
export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly userMessage: string,
    readonly retryable: boolean,
  ) {
    super(`${status} ${code}`)
    this.name = 'PlatformError'
  }
}

/** A client of one organisation's PA (platform/client.ts makes it from the connection row). */
export interface PlatformClient {
  /** GET /v1/healthcheck of both services, with a token (proves the credentials too). */
  healthcheck(): Promise<void>
  submitFlow(info: FlowInfo, file: { name: string; content: Buffer; contentType: string }): Promise<SubmittedFlow>
  searchFlows(search: FlowSearch): Promise<FlowSearchPage>
  /** GET /v1/flows/{flowId}?docType=…: Metadata answers the Flow, the others the file's bytes. */
  getFlow(flowId: string): Promise<Flow>
  downloadFlow(
    flowId: string,
    docType: Exclude<FlowDocType, 'Metadata'>,
  ): Promise<{ content: Buffer; contentType: string }>
  createWebhook(params: { callbackUrl: string; flowDirection?: FlowDirection }): Promise<{ id: string; key: string }>
  deleteWebhook(id: string): Promise<void>
  /** The directory lines of a SIREN (POST /v1/directory-line/search), active ones only; none: not reachable. */
  directoryLines(siren: string): Promise<DirectoryLine[]>
  /** The company's name from the directory (GET /v1/siren/code-insee:{siren}); null when unknown. */
  companyName(siren: string): Promise<string | null>
}
