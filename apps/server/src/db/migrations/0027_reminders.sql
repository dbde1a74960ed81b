-- Late-invoice reminders (spec/sales.md "Reminders": one e-mail per week, sender copied; not on the free formula).
-- The organisation's switch, on by default, and the day each invoice was last reminded: the weekly job reminds an
-- invoice again only 7 days after (decision 0027).
ALTER TABLE "sales_settings" ADD COLUMN "late_invoice_reminders" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_reminder_at" date;
