-- 0035_cash_journal: filled by its feature (snapshot regenerated once all slots are written).
SELECT 1;
