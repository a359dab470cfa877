/** What deleting a student's account removed, per store: the receipt a teacher or staff member keeps. */
export type RemovedCounts = {
  /** The account itself: its login, profile and classroom membership. */
  account: number
  /** Signed-in sessions (all of them end). */
  sessions: number
  /** Attempt records, with their resume data, xAPI state and package storage. */
  attempts: number
  /** Assignments that named the student or gave them an extension (the assignment stays, without them). */
  assignmentEntries: number
  /** Help tickets the student filed while signed in. */
  tickets: number
  /** Schools only the student could see. */
  schools: number
  /** Admin-panel preferences and document locks. */
  preferences: number
}

export type DeletedStudent = { id: number | string; username: string | null; removed: RemovedCounts }

export type DeletionReceipt = {
  /** When the deletion committed (ISO 8601). */
  deletedAt: string
  /** Who asked: the login of the teacher or staff member. */
  deletedBy: string | null
  students: DeletedStudent[]
  /** Audit entries stay as the record of the deletion: they name the account's number only, never its name or work. */
  kept: string
}

export type DeletionAnswer = { message: string; receipt: DeletionReceipt }

/** POST /api/users/deletions: the district's list, what was deleted and what was not. */
export type ListDeletionAnswer = DeletionAnswer & { notFound: string[]; notStudents: string[] }

/** GET /api/audit-log/search. */
export type AuditSearchAnswer = {
  docs: {
    id: number | string
    createdAt: string
    actor: number | null
    actorLogin: string | null
    action: string
    path: string | null
    classroom: number | null
    student: number | null
    studentCount: number | null
  }[]
  totalDocs: number
  page: number
  totalPages: number
}
