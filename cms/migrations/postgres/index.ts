import * as migration_20261121_055837_initial from './20261121_055837_initial';
import * as migration_20261122_235247_attempts from './20261122_235247_attempts';

export const migrations = [
  {
    up: migration_20261121_055837_initial.up,
    down: migration_20261121_055837_initial.down,
    name: '20261121_055837_initial',
  },
  {
    up: migration_20261122_235247_attempts.up,
    down: migration_20261122_235247_attempts.down,
    name: '20261122_235247_attempts'
  },
];
