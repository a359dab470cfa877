import * as migration_20261121_055827_initial from './20261121_055827_initial';
import * as migration_20261122_235250_media_object_storage from './20261122_235250_media_object_storage';
import * as migration_20261123_005612_email_verification from './20261123_005612_email_verification';
import * as migration_20261123_011340_attempts from './20261123_011340_attempts';
import * as migration_20261123_025106_roster_name from './20261123_025106_roster_name';
import * as migration_20261123_042135_localization from './20261123_042135_localization';
import * as migration_20261127_092839_attempt_package_storage from './20261127_092839_attempt_package_storage';
import * as migration_20261127_092850_sqlite_ids_never_reused from './20261127_092850_sqlite_ids_never_reused';
import * as migration_20261127_093121_classroom_archived from './20261127_093121_classroom_archived';
import * as migration_20261127_103722_media_alt_localized from './20261127_103722_media_alt_localized';
import * as migration_20261127_111127_merged_schema_snapshot from './20261127_111127_merged_schema_snapshot';
import * as migration_20261127_123425_benchmarks from './20261127_123425_benchmarks';
import * as migration_20261127_134720_assignments from './20261127_134720_assignments';
import * as migration_20261127_140603_merged_schema_snapshot from './20261127_140603_merged_schema_snapshot';
import * as migration_20261127_152619_user_roster_ids from './20261127_152619_user_roster_ids';
import * as migration_20261127_153036_package_allowed_and_blocked_hosts from './20261127_153036_package_allowed_and_blocked_hosts';
import * as migration_20261127_153103_cmi5_launch from './20261127_153103_cmi5_launch';
import * as migration_20261127_153150_district_sign_in from './20261127_153150_district_sign_in';
import * as migration_20261127_153420_audit_log_and_retention_jobs from './20261127_153420_audit_log_and_retention_jobs';
import * as migration_20261127_153510_roster_imports from './20261127_153510_roster_imports';
import * as migration_20261127_153511_attempt_results from './20261127_153511_attempt_results';
import * as migration_20261127_165042_merged_schema_snapshot from './20261127_165042_merged_schema_snapshot';

export const migrations = [
  {
    up: migration_20261121_055827_initial.up,
    down: migration_20261121_055827_initial.down,
    name: '20261121_055827_initial',
  },
  {
    up: migration_20261122_235250_media_object_storage.up,
    down: migration_20261122_235250_media_object_storage.down,
    name: '20261122_235250_media_object_storage',
  },
  {
    up: migration_20261123_005612_email_verification.up,
    down: migration_20261123_005612_email_verification.down,
    name: '20261123_005612_email_verification',
  },
  {
    up: migration_20261123_011340_attempts.up,
    down: migration_20261123_011340_attempts.down,
    name: '20261123_011340_attempts',
  },
  {
    up: migration_20261123_025106_roster_name.up,
    down: migration_20261123_025106_roster_name.down,
    name: '20261123_025106_roster_name',
  },
  {
    up: migration_20261123_042135_localization.up,
    down: migration_20261123_042135_localization.down,
    name: '20261123_042135_localization',
  },
  {
    up: migration_20261127_092839_attempt_package_storage.up,
    down: migration_20261127_092839_attempt_package_storage.down,
    name: '20261127_092839_attempt_package_storage',
  },
  {
    up: migration_20261127_092850_sqlite_ids_never_reused.up,
    down: migration_20261127_092850_sqlite_ids_never_reused.down,
    name: '20261127_092850_sqlite_ids_never_reused',
  },
  {
    up: migration_20261127_093121_classroom_archived.up,
    down: migration_20261127_093121_classroom_archived.down,
    name: '20261127_093121_classroom_archived',
  },
  {
    up: migration_20261127_103722_media_alt_localized.up,
    down: migration_20261127_103722_media_alt_localized.down,
    name: '20261127_103722_media_alt_localized',
  },
  {
    up: migration_20261127_111127_merged_schema_snapshot.up,
    down: migration_20261127_111127_merged_schema_snapshot.down,
    name: '20261127_111127_merged_schema_snapshot',
  },
  {
    up: migration_20261127_123425_benchmarks.up,
    down: migration_20261127_123425_benchmarks.down,
    name: '20261127_123425_benchmarks',
  },
  {
    up: migration_20261127_134720_assignments.up,
    down: migration_20261127_134720_assignments.down,
    name: '20261127_134720_assignments',
  },
  {
    up: migration_20261127_140603_merged_schema_snapshot.up,
    down: migration_20261127_140603_merged_schema_snapshot.down,
    name: '20261127_140603_merged_schema_snapshot',
  },
  {
    up: migration_20261127_152619_user_roster_ids.up,
    down: migration_20261127_152619_user_roster_ids.down,
    name: '20261127_152619_user_roster_ids',
  },
  {
    up: migration_20261127_153036_package_allowed_and_blocked_hosts.up,
    down: migration_20261127_153036_package_allowed_and_blocked_hosts.down,
    name: '20261127_153036_package_allowed_and_blocked_hosts',
  },
  {
    up: migration_20261127_153103_cmi5_launch.up,
    down: migration_20261127_153103_cmi5_launch.down,
    name: '20261127_153103_cmi5_launch',
  },
  {
    up: migration_20261127_153150_district_sign_in.up,
    down: migration_20261127_153150_district_sign_in.down,
    name: '20261127_153150_district_sign_in',
  },
  {
    up: migration_20261127_153420_audit_log_and_retention_jobs.up,
    down: migration_20261127_153420_audit_log_and_retention_jobs.down,
    name: '20261127_153420_audit_log_and_retention_jobs',
  },
  {
    up: migration_20261127_153510_roster_imports.up,
    down: migration_20261127_153510_roster_imports.down,
    name: '20261127_153510_roster_imports',
  },
  {
    up: migration_20261127_153511_attempt_results.up,
    down: migration_20261127_153511_attempt_results.down,
    name: '20261127_153511_attempt_results',
  },
  {
    up: migration_20261127_165042_merged_schema_snapshot.up,
    down: migration_20261127_165042_merged_schema_snapshot.down,
    name: '20261127_165042_merged_schema_snapshot',
  },
];
