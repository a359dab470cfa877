import * as migration_20261121_055837_initial from './20261121_055837_initial';
import * as migration_20261122_234528_email_verification from './20261122_234528_email_verification';

export const migrations = [
  {
    up: migration_20261121_055837_initial.up,
    down: migration_20261121_055837_initial.down,
    name: '20261121_055837_initial',
  },
  {
    up: migration_20261122_234528_email_verification.up,
    down: migration_20261122_234528_email_verification.down,
    name: '20261122_234528_email_verification'
  },
];
