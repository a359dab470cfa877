import * as migration_20261121_055837_initial from './20261121_055837_initial';

export const migrations = [
  {
    up: migration_20261121_055837_initial.up,
    down: migration_20261121_055837_initial.down,
    name: '20261121_055837_initial'
  },
];
