import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // Campaigns: raised = opening balance + recorded gifts (cms/collections/Campaigns.ts).
  await db.run(sql`ALTER TABLE \`campaigns\` ADD \`base_amount\` text;`)
  await db.run(sql`ALTER TABLE \`campaigns\` ADD \`gifts_amount\` text;`)
  // A gift's campaign becomes a relationship: a campaign id that no longer exists means the general fund.
  await db.run(sql`UPDATE \`donations\` SET \`campaign_id\` = NULL WHERE \`campaign_id\` NOT IN (SELECT \`id\` FROM \`campaigns\`);`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_donations\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`donor_name\` text NOT NULL,
  	\`donor_email\` text NOT NULL,
  	\`amount\` text NOT NULL,
  	\`campaign_id\` text(36),
  	\`payment_method\` text DEFAULT 'stripe' NOT NULL,
  	\`stripe_payment_intent_id\` text,
  	\`stripe_checkout_session_id\` text,
  	\`venmo_transaction_id\` text,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`refunded_amount\` text,
  	\`reference\` text,
  	\`received_at\` text,
  	\`notes\` text,
  	\`void_reason\` text,
  	\`receipt_number\` text,
  	\`history\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`campaign_id\`) REFERENCES \`campaigns\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_donations\`("id", "donor_name", "donor_email", "amount", "campaign_id", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "venmo_transaction_id", "status", "refunded_amount", "reference", "received_at", "notes", "void_reason", "receipt_number", "history", "updated_at", "created_at") SELECT "id", "donor_name", "donor_email", "amount", "campaign_id", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "venmo_transaction_id", "status", "refunded_amount", "reference", "received_at", "notes", "void_reason", "receipt_number", "history", "updated_at", "created_at" FROM \`donations\`;`,
  )
  await db.run(sql`DROP TABLE \`donations\`;`)
  await db.run(sql`ALTER TABLE \`__new_donations\` RENAME TO \`donations\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`donations_campaign_idx\` ON \`donations\` (\`campaign_id\`);`)
  await db.run(sql`CREATE INDEX \`donations_stripe_payment_intent_id_idx\` ON \`donations\` (\`stripe_payment_intent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`donations_stripe_checkout_session_id_idx\` ON \`donations\` (\`stripe_checkout_session_id\`);`)
  await db.run(sql`CREATE INDEX \`donations_status_idx\` ON \`donations\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`donations_updated_at_idx\` ON \`donations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`donations_created_at_idx\` ON \`donations\` (\`created_at\`);`)
  // Each campaign's gifts counted from its donations (completed, less refunds), the rest of its raised amount is its opening balance.
  await db.run(sql`UPDATE \`campaigns\` SET \`gifts_amount\` = (
    SELECT printf('%.2f', COALESCE(SUM(CASE d.status
      WHEN 'completed' THEN CAST(ROUND(CAST(d.amount AS REAL) * 100) AS INTEGER)
      WHEN 'partially_refunded' THEN CAST(ROUND(CAST(d.amount AS REAL) * 100) AS INTEGER) - CAST(ROUND(CAST(COALESCE(d.refunded_amount, '0') AS REAL) * 100) AS INTEGER)
      ELSE 0 END), 0) / 100.0)
    FROM \`donations\` d WHERE d.campaign_id = \`campaigns\`.id);`)
  await db.run(
    sql`UPDATE \`campaigns\` SET \`base_amount\` = printf('%.2f', MAX(0, CAST(ROUND(CAST(current_amount AS REAL) * 100) AS INTEGER) - CAST(ROUND(CAST(gifts_amount AS REAL) * 100) AS INTEGER)) / 100.0);`,
  )
  await db.run(
    sql`UPDATE \`campaigns\` SET \`current_amount\` = printf('%.2f', (CAST(ROUND(CAST(base_amount AS REAL) * 100) AS INTEGER) + CAST(ROUND(CAST(gifts_amount AS REAL) * 100) AS INTEGER)) / 100.0);`,
  )
  await db.run(sql`ALTER TABLE \`audit_log\` ADD \`changes\` text;`)
  await db.run(sql`CREATE INDEX \`contact_messages_status_idx\` ON \`contact_messages\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`sponsor_applications_status_idx\` ON \`sponsor_applications\` (\`status\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_donations\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`donor_name\` text NOT NULL,
  	\`donor_email\` text NOT NULL,
  	\`amount\` text NOT NULL,
  	\`campaign_id\` text,
  	\`payment_method\` text DEFAULT 'stripe' NOT NULL,
  	\`stripe_payment_intent_id\` text,
  	\`stripe_checkout_session_id\` text,
  	\`venmo_transaction_id\` text,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`refunded_amount\` text,
  	\`reference\` text,
  	\`received_at\` text,
  	\`notes\` text,
  	\`void_reason\` text,
  	\`receipt_number\` text,
  	\`history\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_donations\`("id", "donor_name", "donor_email", "amount", "campaign_id", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "venmo_transaction_id", "status", "refunded_amount", "reference", "received_at", "notes", "void_reason", "receipt_number", "history", "updated_at", "created_at") SELECT "id", "donor_name", "donor_email", "amount", "campaign_id", "payment_method", "stripe_payment_intent_id", "stripe_checkout_session_id", "venmo_transaction_id", "status", "refunded_amount", "reference", "received_at", "notes", "void_reason", "receipt_number", "history", "updated_at", "created_at" FROM \`donations\`;`,
  )
  await db.run(sql`DROP TABLE \`donations\`;`)
  await db.run(sql`ALTER TABLE \`__new_donations\` RENAME TO \`donations\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`donations_stripe_payment_intent_id_idx\` ON \`donations\` (\`stripe_payment_intent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`donations_stripe_checkout_session_id_idx\` ON \`donations\` (\`stripe_checkout_session_id\`);`)
  await db.run(sql`CREATE INDEX \`donations_status_idx\` ON \`donations\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`donations_updated_at_idx\` ON \`donations\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`donations_created_at_idx\` ON \`donations\` (\`created_at\`);`)
  await db.run(sql`DROP INDEX \`contact_messages_status_idx\`;`)
  await db.run(sql`DROP INDEX \`sponsor_applications_status_idx\`;`)
  await db.run(sql`ALTER TABLE \`campaigns\` DROP COLUMN \`base_amount\`;`)
  await db.run(sql`ALTER TABLE \`campaigns\` DROP COLUMN \`gifts_amount\`;`)
  await db.run(sql`ALTER TABLE \`audit_log\` DROP COLUMN \`changes\`;`)
}
