-- 0034_audit_trail: filled by its feature (snapshot regenerated once all slots are written).
SELECT 1;
