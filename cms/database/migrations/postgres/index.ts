import * as migration_20261121_055837_initial from './20261121_055837_initial';
import * as migration_20261122_235320_media_object_storage from './20261122_235320_media_object_storage';
import * as migration_20261123_005634_email_verification from './20261123_005634_email_verification';
import * as migration_20261123_011402_attempts from './20261123_011402_attempts';
import * as migration_20261123_025141_roster_name from './20261123_025141_roster_name';
import * as migration_20261123_042212_localization from './20261123_042212_localization';
import * as migration_20261127_092910_attempt_package_storage from './20261127_092910_attempt_package_storage';
import * as migration_20261127_093206_classroom_archived from './20261127_093206_classroom_archived';
import * as migration_20261127_103751_media_alt_localized from './20261127_103751_media_alt_localized';
import * as migration_20261127_123502_benchmarks from './20261127_123502_benchmarks';
import * as migration_20261127_134733_assignments from './20261127_134733_assignments';
import * as migration_20261127_140621_merged_schema_snapshot from './20261127_140621_merged_schema_snapshot';
import * as migration_20261127_152626_user_roster_ids from './20261127_152626_user_roster_ids';
import * as migration_20261127_153054_package_allowed_and_blocked_hosts from './20261127_153054_package_allowed_and_blocked_hosts';
import * as migration_20261127_153126_cmi5_launch from './20261127_153126_cmi5_launch';
import * as migration_20261127_153237_district_sign_in from './20261127_153237_district_sign_in';
import * as migration_20261127_153511_audit_log_and_retention_jobs from './20261127_153511_audit_log_and_retention_jobs';
import * as migration_20261127_153554_attempt_results from './20261127_153554_attempt_results';
import * as migration_20261127_153557_roster_imports from './20261127_153557_roster_imports';
import * as migration_20261127_165050_merged_schema_snapshot from './20261127_165050_merged_schema_snapshot';

export const migrations = [
  {
    up: migration_20261121_055837_initial.up,
    down: migration_20261121_055837_initial.down,
    name: '20261121_055837_initial',
  },
  {
    up: migration_20261122_235320_media_object_storage.up,
    down: migration_20261122_235320_media_object_storage.down,
    name: '20261122_235320_media_object_storage',
  },
  {
    up: migration_20261123_005634_email_verification.up,
    down: migration_20261123_005634_email_verification.down,
    name: '20261123_005634_email_verification',
  },
  {
    up: migration_20261123_011402_attempts.up,
    down: migration_20261123_011402_attempts.down,
    name: '20261123_011402_attempts',
  },
  {
    up: migration_20261123_025141_roster_name.up,
    down: migration_20261123_025141_roster_name.down,
    name: '20261123_025141_roster_name',
  },
  {
    up: migration_20261123_042212_localization.up,
    down: migration_20261123_042212_localization.down,
    name: '20261123_042212_localization',
  },
  {
    up: migration_20261127_092910_attempt_package_storage.up,
    down: migration_20261127_092910_attempt_package_storage.down,
    name: '20261127_092910_attempt_package_storage',
  },
  {
    up: migration_20261127_093206_classroom_archived.up,
    down: migration_20261127_093206_classroom_archived.down,
    name: '20261127_093206_classroom_archived',
  },
  {
    up: migration_20261127_103751_media_alt_localized.up,
    down: migration_20261127_103751_media_alt_localized.down,
    name: '20261127_103751_media_alt_localized',
  },
  {
    up: migration_20261127_123502_benchmarks.up,
    down: migration_20261127_123502_benchmarks.down,
    name: '20261127_123502_benchmarks',
  },
  {
    up: migration_20261127_134733_assignments.up,
    down: migration_20261127_134733_assignments.down,
    name: '20261127_134733_assignments',
  },
  {
    up: migration_20261127_140621_merged_schema_snapshot.up,
    down: migration_20261127_140621_merged_schema_snapshot.down,
    name: '20261127_140621_merged_schema_snapshot',
  },
  {
    up: migration_20261127_152626_user_roster_ids.up,
    down: migration_20261127_152626_user_roster_ids.down,
    name: '20261127_152626_user_roster_ids',
  },
  {
    up: migration_20261127_153054_package_allowed_and_blocked_hosts.up,
    down: migration_20261127_153054_package_allowed_and_blocked_hosts.down,
    name: '20261127_153054_package_allowed_and_blocked_hosts',
  },
  {
    up: migration_20261127_153126_cmi5_launch.up,
    down: migration_20261127_153126_cmi5_launch.down,
    name: '20261127_153126_cmi5_launch',
  },
  {
    up: migration_20261127_153237_district_sign_in.up,
    down: migration_20261127_153237_district_sign_in.down,
    name: '20261127_153237_district_sign_in',
  },
  {
    up: migration_20261127_153511_audit_log_and_retention_jobs.up,
    down: migration_20261127_153511_audit_log_and_retention_jobs.down,
    name: '20261127_153511_audit_log_and_retention_jobs',
  },
  {
    up: migration_20261127_153554_attempt_results.up,
    down: migration_20261127_153554_attempt_results.down,
    name: '20261127_153554_attempt_results',
  },
  {
    up: migration_20261127_153557_roster_imports.up,
    down: migration_20261127_153557_roster_imports.down,
    name: '20261127_153557_roster_imports',
  },
  {
    up: migration_20261127_165050_merged_schema_snapshot.up,
    down: migration_20261127_165050_merged_schema_snapshot.down,
    name: '20261127_165050_merged_schema_snapshot',
  },
];
