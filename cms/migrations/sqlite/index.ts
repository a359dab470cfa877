import * as migration_20261121_055827_initial from './20261121_055827_initial';
import * as migration_20261122_235225_attempts from './20261122_235225_attempts';

export const migrations = [
  {
    up: migration_20261121_055827_initial.up,
    down: migration_20261121_055827_initial.down,
    name: '20261121_055827_initial',
  },
  {
    up: migration_20261122_235225_attempts.up,
    down: migration_20261122_235225_attempts.down,
    name: '20261122_235225_attempts'
  },
];
