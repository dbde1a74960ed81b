-- 0037_support_access_secrets: filled by its feature (snapshot regenerated once all slots are written).
SELECT 1;
