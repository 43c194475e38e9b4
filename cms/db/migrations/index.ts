import * as migration_20261120_223600_initial from './20261120_223600_initial';
import * as migration_20261122_215145_payments_email from './20261122_215145_payments_email';
import * as migration_20261122_215226_games_note_cancelled from './20261122_215226_games_note_cancelled';

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
];
