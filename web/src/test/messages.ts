import { screen } from '@testing-library/react'
import { expect } from 'vitest'
import * as account from '../account/accountSchemas'
import * as password from '../auth/passwordSchemas'
import * as classroom from '../classrooms/classroomSchema'
import * as profile from '../profile/profileSchema'
import * as shared from '../ui/messages'

/** Every validation message of spec section 5, to check which ones a form shows. */
export const SECTION_5_MESSAGES = [
  profile.FIRST_NAME_REQUIRED,
  profile.LAST_NAME_REQUIRED,
  profile.POSITION_REQUIRED,
  profile.DISTRICT_REQUIRED,
  profile.STATE_REQUIRED,
  profile.COUNTRY_REQUIRED,
  profile.SCHOOL_REQUIRED,
  profile.SCHOOL_NAME_REQUIRED,
  profile.SCHOOLS_MUST_HAVE_NAME,
  profile.SCHOOLS_MUST_HAVE_DISTRICT,
  profile.GRADES_REQUIRED,
  profile.SUBJECTS_REQUIRED,
  shared.EMAIL_REQUIRED,
  shared.PASSWORD_REQUIRED,
  shared.PASSWORD_CONFIRMATION_REQUIRED,
  shared.PASSWORDS_DO_NOT_MATCH,
  password.RESET_TOKEN_REQUIRED,
  account.PASSWORD_AND_CONFIRMATION_MISMATCH,
  classroom.CLASSROOM_NAME_REQUIRED,
  classroom.CLASSROOM_CODE_REQUIRED,
]

/** Asserts exactly these section-5 messages are on screen (each once), and no other. */
export async function expectOnlyMessages(expected: string[]) {
  for (const message of expected) {
    expect(await screen.findAllByText(message)).toHaveLength(expected.filter((m) => m === message).length)
  }
  for (const message of SECTION_5_MESSAGES.filter((m) => !expected.includes(m))) {
    expect(screen.queryByText(message), `unexpected message "${message}"`).toBeNull()
  }
}
