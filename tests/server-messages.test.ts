import { describe, expect, it } from 'vitest'

import { accountRuleMessages } from '../common/accountRules'
import { badRequest, forbidden, notFound, unauthorized } from '@cms/http/endpointInput'
import { translateMessage } from '@cms/http/messages/translate'
import { rateLimitMessage } from '@cms/http/rateLimits'
import { staleSaveMessage } from '@cms/http/editConflicts'
import { diskFullMessage, notWritableMessage } from '@cms/http/storageErrors'
import { bucketRefused } from '@collections/Activities/endpoints/storyline'
import { assignmentMessages } from '@collections/Assignments/assignmentInput'
import { classroomLimitMessages } from '../collections/Classrooms/classroomLimits'
import { classroomMessages } from '../collections/Classrooms/endpoints/classrooms'
import { messages as authMessages } from '../collections/Users/endpoints/auth'
import { signupMessages } from '../collections/Users/endpoints/signup'
import { deletionMessages } from '../collections/Users/endpoints/deletions'

// The server's messages a student meets, checked against the catalogues without a server: every
// one of them must read in Spanish and Haitian Creole (cms/http/messages), never in English.
describe('the messages of logging in and signing up', () => {
  it('translates every message of logging in, signing up and their validation into Spanish and Haitian Creole', () => {
    const studentMeets = [
      ...Object.values(authMessages),
      ...Object.values(signupMessages),
      classroomMessages.code,
      classroomMessages.unknownCode,
      ...Object.values(accountRuleMessages),
      rateLimitMessage,
      ...[badRequest([]), unauthorized(), forbidden(), notFound()].map((error) => error.message),
    ]
    for (const english of studentMeets) {
      for (const language of ['es', 'ht'] as const) {
        const translated = translateMessage(english, language)
        expect(translated, `${english} in ${language}`).not.toBe(english)
        expect(translated.trim(), `${english} in ${language}`).not.toBe('')
      }
    }
  })
})

describe('the messages a teacher meets adding students', () => {
  it('translates the classroom limits and the email confirmation they wait for into Spanish and Haitian Creole', () => {
    const teacherMeets = [
      classroomLimitMessages.tooManyClassrooms,
      classroomLimitMessages.classroomFull,
      classroomLimitMessages.dailyLimitReached,
      classroomLimitMessages.confirmEmailFirst,
    ]
    for (const english of teacherMeets) {
      for (const language of ['es', 'ht'] as const) {
        const translated = translateMessage(english, language)
        expect(translated, `${english} in ${language}`).not.toBe(english)
        expect(translated.trim(), `${english} in ${language}`).not.toBe('')
      }
    }
  })
})

describe('the messages an editor meets when a save or an upload cannot be kept', () => {
  it('translates the full disk, the unwritable uploads folder, the bucket that refused a package and the save over a newer version into Spanish and Haitian Creole', () => {
    for (const english of [diskFullMessage, notWritableMessage, bucketRefused, staleSaveMessage]) {
      for (const language of ['es', 'ht'] as const) {
        const translated = translateMessage(english, language)
        expect(translated, `${english} in ${language}`).not.toBe(english)
        expect(translated.trim(), `${english} in ${language}`).not.toBe('')
      }
    }
  })
})

describe('the messages a teacher meets assigning work', () => {
  it("translates the assignment form's fixed messages into Spanish and Haitian Creole", () => {
    const fixed = (Object.values(assignmentMessages) as unknown[]).filter((message): message is string => typeof message === 'string')
    for (const english of [...fixed, classroomMessages.timeZone]) {
      for (const language of ['es', 'ht'] as const) expect(translateMessage(english, language), `${english} in ${language}`).not.toBe(english)
    }
  })
})

describe('the messages staff meet importing a district roster', () => {
  it("translates the import's fixed messages and its rows' problems into Spanish and Haitian Creole", async () => {
    const { rosterImportMessages } = await import('../collections/RosterImports/endpoints/rosterImports')
    const { oneRosterMessages } = await import('../collections/RosterImports/oneroster')
    const { planMessages } = await import('../collections/RosterImports/plan')
    const { applyMessages } = await import('../collections/RosterImports/apply')
    const fixed = [rosterImportMessages, oneRosterMessages, planMessages, applyMessages]
      .flatMap((messages) => Object.values(messages) as unknown[])
      .filter((message): message is string => typeof message === 'string' && message !== oneRosterMessages.header)
    for (const english of fixed) {
      for (const language of ['es', 'ht'] as const) expect(translateMessage(english, language), `${english} in ${language}`).not.toBe(english)
    }
  })
})

describe('the messages of a district deleting a list of students', () => {
  it('translates every message of the list delete into Spanish and Haitian Creole', () => {
    for (const english of Object.values(deletionMessages)) {
      for (const language of ['es', 'ht'] as const) expect(translateMessage(english, language), `${english} in ${language}`).not.toBe(english)
    }
  })
})
