-- A split's part is its transaction's: transaction_allocations_transaction_fk (organization_id, transaction_id) already
-- says its organisation exists and deletes the part with its transaction. The second key cost one more check per part
-- written, a scan of organizations each: 40,000 in a retroactive run.
ALTER TABLE "transaction_allocations" DROP CONSTRAINT "transaction_allocations_organization_id_organizations_id_fk";
