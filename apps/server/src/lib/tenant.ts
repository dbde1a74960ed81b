import type { FastifyRequest } from 'fastify'

/** A user's place in an organisation: its role and whether the membership is active. */
export type Membership = { organizationId: number; roleId: number; roleCode: string; isActive: boolean }

/**
 * Who acts, and in which organisation. `byPlatform`: the platform acts on the organisation's behalf (a recurring
 * invoice's occurrence made by the jobs): its activity entries are the platform's, not the user's.
 */
export type Tenant = {
  userId: number
  organizationId: number
  membership: Membership
  byPlatform?: boolean
  /** A support operator acting as the user (features/account/support-access): may delete any comment (spec sales §6). */
  impersonatorId?: number
}

/** The user an activity entry names: none when the platform acted. */
export const actorId = (tenant: Tenant): number | null => (tenant.byPlatform ? null : tenant.userId)
export type TenantResolver = (request: FastifyRequest) => Promise<Tenant>

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation the request acted in, once a route resolved it (the audit trail files the request there). */
    tenantOrganizationId?: number
  }
}
