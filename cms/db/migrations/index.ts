import * as migration_20261120_223600_initial from './20261120_223600_initial'
import * as migration_20261122_232519_payments_schedule_audit from './20261122_232519_payments_schedule_audit'
import * as migration_20261123_004424_payload_admin from './20261123_004424_payload_admin'
import * as migration_20261123_005054_totp from './20261123_005054_totp'
import * as migration_20261124_100327_login_throttle from './20261124_100327_login_throttle'
import * as migration_20261124_100451_money_rules from './20261124_100451_money_rules'
import * as migration_20261124_105747_site_text_label from './20261124_105747_site_text_label'
import * as migration_20261124_105856_multi_process from './20261124_105856_multi_process'
import * as migration_20261124_111606_roster_consent from './20261124_111606_roster_consent'
import * as migration_20261124_113841_content_versions from './20261124_113841_content_versions'
import * as migration_20261124_133201_page_drafts_money_versions from './20261124_133201_page_drafts_money_versions'
import * as migration_20261124_133817_monthly_gifts from './20261124_133817_monthly_gifts'
import * as migration_20261126_143514_statements_void_days from './20261126_143514_statements_void_days'
import * as migration_20261126_144932_club_day from './20261126_144932_club_day'
import * as migration_20261126_145240_one_time_password from './20261126_145240_one_time_password'
import * as migration_20261126_151158_inbox_one_record_per_submit from './20261126_151158_inbox_one_record_per_submit'
import * as migration_20261126_173029_version_authors from './20261126_173029_version_authors'
import * as migration_20261126_173258_deposits from './20261126_173258_deposits'
import * as migration_20261126_173317_receipt_settings from './20261126_173317_receipt_settings'
import * as migration_20261126_175753_stripe_payouts from './20261126_175753_stripe_payouts'
import * as migration_20261202_014118_staff_accounts from './20261202_014118_staff_accounts'
import * as migration_20261202_041632_refunds_by_day from './20261202_041632_refunds_by_day'

export const migrations = [
  {
    up: migration_20261120_223600_initial.up,
    down: migration_20261120_223600_initial.down,
    name: '20261120_223600_initial',
  },
  {
    up: migration_20261122_232519_payments_schedule_audit.up,
    down: migration_20261122_232519_payments_schedule_audit.down,
    name: '20261122_232519_payments_schedule_audit',
  },
  {
    up: migration_20261123_004424_payload_admin.up,
    down: migration_20261123_004424_payload_admin.down,
    name: '20261123_004424_payload_admin',
  },
  {
    up: migration_20261123_005054_totp.up,
    down: migration_20261123_005054_totp.down,
    name: '20261123_005054_totp',
  },
  {
    up: migration_20261124_100327_login_throttle.up,
    down: migration_20261124_100327_login_throttle.down,
    name: '20261124_100327_login_throttle',
  },
  {
    up: migration_20261124_100451_money_rules.up,
    down: migration_20261124_100451_money_rules.down,
    name: '20261124_100451_money_rules',
  },
  {
    up: migration_20261124_105747_site_text_label.up,
    down: migration_20261124_105747_site_text_label.down,
    name: '20261124_105747_site_text_label',
  },
  {
    up: migration_20261124_105856_multi_process.up,
    down: migration_20261124_105856_multi_process.down,
    name: '20261124_105856_multi_process',
  },
  {
    up: migration_20261124_111606_roster_consent.up,
    down: migration_20261124_111606_roster_consent.down,
    name: '20261124_111606_roster_consent',
  },
  {
    up: migration_20261124_113841_content_versions.up,
    down: migration_20261124_113841_content_versions.down,
    name: '20261124_113841_content_versions',
  },
  {
    up: migration_20261124_133201_page_drafts_money_versions.up,
    down: migration_20261124_133201_page_drafts_money_versions.down,
    name: '20261124_133201_page_drafts_money_versions',
  },
  {
    up: migration_20261124_133817_monthly_gifts.up,
    down: migration_20261124_133817_monthly_gifts.down,
    name: '20261124_133817_monthly_gifts',
  },
  {
    up: migration_20261126_143514_statements_void_days.up,
    down: migration_20261126_143514_statements_void_days.down,
    name: '20261126_143514_statements_void_days',
  },
  {
    up: migration_20261126_144932_club_day.up,
    down: migration_20261126_144932_club_day.down,
    name: '20261126_144932_club_day',
  },
  {
    up: migration_20261126_145240_one_time_password.up,
    down: migration_20261126_145240_one_time_password.down,
    name: '20261126_145240_one_time_password',
  },
  {
    up: migration_20261126_151158_inbox_one_record_per_submit.up,
    down: migration_20261126_151158_inbox_one_record_per_submit.down,
    name: '20261126_151158_inbox_one_record_per_submit',
  },
  {
    up: migration_20261126_173029_version_authors.up,
    down: migration_20261126_173029_version_authors.down,
    name: '20261126_173029_version_authors',
  },
  {
    up: migration_20261126_173258_deposits.up,
    down: migration_20261126_173258_deposits.down,
    name: '20261126_173258_deposits',
  },
  {
    up: migration_20261126_173317_receipt_settings.up,
    down: migration_20261126_173317_receipt_settings.down,
    name: '20261126_173317_receipt_settings',
  },
  {
    up: migration_20261126_175753_stripe_payouts.up,
    down: migration_20261126_175753_stripe_payouts.down,
    name: '20261126_175753_stripe_payouts',
  },
  {
    up: migration_20261202_014118_staff_accounts.up,
    down: migration_20261202_014118_staff_accounts.down,
    name: '20261202_014118_staff_accounts',
  },
  {
    up: migration_20261202_041632_refunds_by_day.up,
    down: migration_20261202_041632_refunds_by_day.down,
    name: '20261202_041632_refunds_by_day',
  },
]
