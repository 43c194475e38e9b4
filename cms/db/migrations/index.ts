import * as migration_20261120_223600_initial from './20261120_223600_initial';
import * as migration_20261122_215145_payments_email from './20261122_215145_payments_email';
import * as migration_20261122_215226_games_note_cancelled from './20261122_215226_games_note_cancelled';
import * as migration_20261122_215437_audit_log from './20261122_215437_audit_log';
import * as migration_20261122_223426_recovery_links from './20261122_223426_recovery_links';

export const migrations = [
  {
    up: migration_20261120_223600_initial.up,
    down: migration_20261120_223600_initial.down,
    name: '20261120_223600_initial',
  },
  {
    up: migration_20261122_215145_payments_email.up,
    down: migration_20261122_215145_payments_email.down,
    name: '20261122_215145_payments_email'
  },
  {
    up: migration_20261122_215226_games_note_cancelled.up,
    down: migration_20261122_215226_games_note_cancelled.down,
    name: '20261122_215226_games_note_cancelled'
  },
  {
    up: migration_20261122_215437_audit_log.up,
    down: migration_20261122_215437_audit_log.down,
    name: '20261122_215437_audit_log',
  },
  {
    up: migration_20261122_223426_recovery_links.up,
    down: migration_20261122_223426_recovery_links.down,
    name: '20261122_223426_recovery_links'
  },
];
