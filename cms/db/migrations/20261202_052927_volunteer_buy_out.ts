import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_dues\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`kind\` text DEFAULT 'membership',
  	\`membership_id\` text(36),
  	\`season_id\` text(36),
  	\`household_id\` text(36),
  	\`hours\` numeric,
  	\`payer_name\` text,
  	\`payer_email\` text,
  	\`amount\` text NOT NULL,
  	\`what\` text,
  	\`tax_treatment\` text,
  	\`goods_value\` text,
  	\`benefits\` text,
  	\`payment_method\` text DEFAULT 'stripe' NOT NULL,
  	\`stripe_payment_intent_id\` text,
  	\`stripe_checkout_session_id\` text,
  	\`stripe_fee\` text,
  	\`stripe_net\` text,
  	\`stripe_balance_transaction_id\` text,
  	\`stripe_payout_id\` text,
  	\`stripe_event_at\` text,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`refunded_amount\` text,
  	\`reference\` text,
  	\`received_at\` text,
  	\`paid_at\` text,
  	\`notes\` text,
  	\`void_reason\` text,
  	\`void_category\` text,
  	\`refunded_on\` text,
  	\`voided_on\` text,
  	\`refunds\` text,
  	\`receipt_number\` text,
  	\`history\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`membership_id\`) REFERENCES \`memberships\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`season_id\`) REFERENCES \`seasons\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`household_id\`) REFERENCES \`households\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_dues\`("id", "kind", "membership_id", "season_id", "household_id", "hours", "payer_name", "payer_email", "amount", "what", "tax_treatment", "goods_value", "benefits", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "stripe_fee", "stripe_net", "stripe_balance_transaction_id", "stripe_payout_id", "stripe_event_at", "status", "refunded_amount", "reference", "received_at", "paid_at", "notes", "void_reason", "void_category", "refunded_on", "voided_on", "refunds", "receipt_number", "history", "updated_at", "created_at") SELECT "id", 'membership', "membership_id", "season_id", NULL, NULL, "payer_name", "payer_email", "amount", "what", "tax_treatment", "goods_value", "benefits", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "stripe_fee", "stripe_net", "stripe_balance_transaction_id", "stripe_payout_id", "stripe_event_at", "status", "refunded_amount", "reference", "received_at", "paid_at", "notes", "void_reason", "void_category", "refunded_on", "voided_on", "refunds", "receipt_number", "history", "updated_at", "created_at" FROM \`dues\`;`,
  )
  await db.run(sql`DROP TABLE \`dues\`;`)
  await db.run(sql`ALTER TABLE \`__new_dues\` RENAME TO \`dues\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`dues_kind_idx\` ON \`dues\` (\`kind\`);`)
  await db.run(sql`CREATE INDEX \`dues_membership_idx\` ON \`dues\` (\`membership_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_season_idx\` ON \`dues\` (\`season_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_household_idx\` ON \`dues\` (\`household_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_payer_email_idx\` ON \`dues\` (\`payer_email\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_payment_intent_id_idx\` ON \`dues\` (\`stripe_payment_intent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`dues_stripe_checkout_session_id_idx\` ON \`dues\` (\`stripe_checkout_session_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_balance_transaction_id_idx\` ON \`dues\` (\`stripe_balance_transaction_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_payout_id_idx\` ON \`dues\` (\`stripe_payout_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_status_idx\` ON \`dues\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`dues_updated_at_idx\` ON \`dues\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`dues_created_at_idx\` ON \`dues\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`volunteer_settings\` ADD \`buy_out_enabled\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`volunteer_settings\` ADD \`buy_out_price_per_hour\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_dues\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`membership_id\` text(36) NOT NULL,
  	\`season_id\` text(36),
  	\`payer_name\` text,
  	\`payer_email\` text,
  	\`amount\` text NOT NULL,
  	\`what\` text,
  	\`tax_treatment\` text,
  	\`goods_value\` text,
  	\`benefits\` text,
  	\`payment_method\` text DEFAULT 'stripe' NOT NULL,
  	\`stripe_payment_intent_id\` text,
  	\`stripe_checkout_session_id\` text,
  	\`stripe_fee\` text,
  	\`stripe_net\` text,
  	\`stripe_balance_transaction_id\` text,
  	\`stripe_payout_id\` text,
  	\`stripe_event_at\` text,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`refunded_amount\` text,
  	\`reference\` text,
  	\`received_at\` text,
  	\`paid_at\` text,
  	\`notes\` text,
  	\`void_reason\` text,
  	\`void_category\` text,
  	\`refunded_on\` text,
  	\`voided_on\` text,
  	\`refunds\` text,
  	\`receipt_number\` text,
  	\`history\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`membership_id\`) REFERENCES \`memberships\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`season_id\`) REFERENCES \`seasons\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_dues\`("id", "membership_id", "season_id", "payer_name", "payer_email", "amount", "what", "tax_treatment", "goods_value", "benefits", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "stripe_fee", "stripe_net", "stripe_balance_transaction_id", "stripe_payout_id", "stripe_event_at", "status", "refunded_amount", "reference", "received_at", "paid_at", "notes", "void_reason", "void_category", "refunded_on", "voided_on", "refunds", "receipt_number", "history", "updated_at", "created_at") SELECT "id", "membership_id", "season_id", "payer_name", "payer_email", "amount", "what", "tax_treatment", "goods_value", "benefits", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "stripe_fee", "stripe_net", "stripe_balance_transaction_id", "stripe_payout_id", "stripe_event_at", "status", "refunded_amount", "reference", "received_at", "paid_at", "notes", "void_reason", "void_category", "refunded_on", "voided_on", "refunds", "receipt_number", "history", "updated_at", "created_at" FROM \`dues\`;`,
  )
  await db.run(sql`DROP TABLE \`dues\`;`)
  await db.run(sql`ALTER TABLE \`__new_dues\` RENAME TO \`dues\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`dues_membership_idx\` ON \`dues\` (\`membership_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_season_idx\` ON \`dues\` (\`season_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_payer_email_idx\` ON \`dues\` (\`payer_email\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_payment_intent_id_idx\` ON \`dues\` (\`stripe_payment_intent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`dues_stripe_checkout_session_id_idx\` ON \`dues\` (\`stripe_checkout_session_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_balance_transaction_id_idx\` ON \`dues\` (\`stripe_balance_transaction_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_payout_id_idx\` ON \`dues\` (\`stripe_payout_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_status_idx\` ON \`dues\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`dues_updated_at_idx\` ON \`dues\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`dues_created_at_idx\` ON \`dues\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`volunteer_settings\` DROP COLUMN \`buy_out_enabled\`;`)
  await db.run(sql`ALTER TABLE \`volunteer_settings\` DROP COLUMN \`buy_out_price_per_hour\`;`)
}
