import * as migration_20261121_055827_initial from './20261121_055827_initial';

export const migrations = [
  {
    up: migration_20261121_055827_initial.up,
    down: migration_20261121_055827_initial.down,
    name: '20261121_055827_initial'
  },
];
