import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { instant } from './columns'
import { addressTypes, countries, legalForms, roles, sectors, taxAreas, taxRegimes } from './reference'

/** The tenant root. Every tenant table below carries organization_id first in its primary key (Citus-ready). */
export const organizations = pgTable('organizations', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  uuid: uuid('uuid').notNull().defaultRandom().unique(),
  ownerId: bigint('owner_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  name: text('name').notNull(),
  brandName: text('brand_name'),
  legalFormId: integer('legal_form_id')
    .notNull()
    .references(() => legalForms.id),
  sectorId: integer('sector_id')
    .notNull()
    .references(() => sectors.id),
  taxRegimeId: integer('tax_regime_id')
    .notNull()
    .references(() => taxRegimes.id),
  taxAreaId: integer('tax_area_id')
    .notNull()
    .references(() => taxAreas.id),
  canSellCash: boolean('can_sell_cash').notNull().default(false),
  hasCashRegister: boolean('has_cash_register').notNull().default(false),
  financialPeriodEnd: integer('financial_period_end').notNull().default(12),
  fiscalYearStartedAt: date('fiscal_year_started_at', { mode: 'string' }),
  fiscalYearEndedAt: date('fiscal_year_ended_at', { mode: 'string' }),
  registrySiren: text('registry_siren'),
  registryIntra: text('registry_intra'),
  registryApe: text('registry_ape'),
  registryName: text('registry_name'),
  registryCapital: numeric('registry_capital', { precision: 15, scale: 2 }),
  companyForm: text('company_form'),
  url: text('url'),
  email: text('email'),
  phone: text('phone'),
  platformCode: text('platform_code').notNull().default('CLASSIC'),
  /** The paid plan, or 'free'. A trial gives every premium feature until trialEndsAt whatever the plan. */
  planCode: text('plan_code').notNull().default('free'),
  trialEndsAt: instant('trial_ends_at'),
  /** When the jobs ended the trial (`npm run jobs`): from then on the organisation is on its plan, or free. */
  trialEndedAt: instant('trial_ended_at'),
  subscriptionEndsAt: instant('subscription_ends_at'),
  paymentRequired: boolean('payment_required').notNull().default(false),
  /** The payment provider's customer and subscription (features/account/billing, decision 0028); null before the first checkout. */
  billingCustomerId: text('billing_customer_id').unique('organizations_billing_customer_unique'),
  billingSubscriptionId: text('billing_subscription_id').unique('organizations_billing_subscription_unique'),
  /** The provider's subscription status as last read from it (domain BILLING_STATUSES), 'none' without one. */
  billingStatus: text('billing_status').notNull().default('none'),
  billingCurrentPeriodEnd: instant('billing_current_period_end'),
  isActive: boolean('is_active').notNull().default(true),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: instant('created_at').notNull().default(sql`now()`),
  updatedAt: instant('updated_at').notNull().default(sql`now()`),
})

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_members_user_idx').on(t.userId)],
)

export const invitations = pgTable(
  'invitations',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    tokenHash: text('token_hash').notNull(),
    invitedById: bigint('invited_by_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
    acceptedAt: instant('accepted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('invitations_pending_email_unique')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
    index('invitations_token_idx').on(t.tokenHash),
  ],
)

/** Addresses of the organisation and, later, of its contacts (addressableType 'organization' or 'contact'). */
export const addresses = pgTable(
  'addresses',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    addressableType: text('addressable_type').notNull(),
    addressableId: bigint('addressable_id', { mode: 'number' }).notNull(),
    addressTypeId: integer('address_type_id')
      .notNull()
      .references(() => addressTypes.id),
    name: text('name'),
    street: text('street'),
    complement1: text('complement1'),
    complement2: text('complement2'),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: instant('created_at').notNull().default(sql`now()`),
    updatedAt: instant('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('addresses_addressable_idx').on(t.organizationId, t.addressableType, t.addressableId),
  ],
)
