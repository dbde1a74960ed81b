ALTER TABLE "sales_settings" ADD COLUMN "recurring_unit" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_settings" ADD COLUMN "recurring_creation_option" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_settings" ADD COLUMN "recurring_ending_type" text DEFAULT 'date' NOT NULL;