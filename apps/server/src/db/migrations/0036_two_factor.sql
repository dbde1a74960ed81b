-- 0036_two_factor: filled by its feature (snapshot regenerated once all slots are written).
SELECT 1;
