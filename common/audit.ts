/**
 * What an audit entry records (collections/AuditLog): the reads of a student's data by someone other
 * than the student, and the deletions and purges of it. The console's audit screen names each.
 */
export const auditActions = [
  'roster',
  'progress-grid',
  'progress-csv',
  'student-progress',
  'student-export',
  'assignment-report',
  'assignment-report-csv',
  'benchmark-mastery',
  'benchmark-mastery-csv',
  'users-api',
  'attempts-api',
  'student-deleted',
  'retention-purge',
] as const

export type AuditAction = (typeof auditActions)[number]
