-- 0038_support_access: filled by its feature (snapshot regenerated once all slots are written).
SELECT 1;
