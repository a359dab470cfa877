/**
 * How much one teacher's account may create (docs/adr/classroom-and-student-account-limits.md):
 * far above what a school needs, far below what a script wants. The server enforces them
 * (collections/Classrooms/classroomLimits.ts); the teacher's forms use them for instant feedback.
 */
export const classroomLimits = {
  classroomsPerTeacher: 50,
  /** Also the most one bulk creation makes: a classroom's worth. */
  studentsPerClassroom: 60,
  studentAccountsPerTeacherPerDay: 300,
} as const
