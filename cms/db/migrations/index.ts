import * as migration_20261120_223600_initial from './20261120_223600_initial';

export const migrations = [
  {
    up: migration_20261120_223600_initial.up,
    down: migration_20261120_223600_initial.down,
    name: '20261120_223600_initial'
  },
];
