-- 0037_sessions_devices: filled by its feature (snapshot regenerated once all slots are written).
SELECT 1;
