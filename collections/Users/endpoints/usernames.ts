import type { Payload } from 'payload'

import { randomInt } from 'node:crypto'

import { HttpError } from '@cms/http/endpointInput'

// Friendly words only: a child's username must be readable and must not reveal who they are.
const adjectives = [
  'able',
  'bold',
  'brave',
  'bright',
  'calm',
  'clever',
  'cool',
  'daring',
  'eager',
  'fair',
  'fast',
  'gentle',
  'glad',
  'golden',
  'grand',
  'happy',
  'honest',
  'jolly',
  'keen',
  'kind',
  'lively',
  'lucky',
  'merry',
  'mighty',
  'neat',
  'noble',
  'polite',
  'proud',
  'quick',
  'quiet',
  'rapid',
  'ready',
  'sharp',
  'shiny',
  'smart',
  'steady',
  'sunny',
  'swift',
  'tidy',
  'true',
  'vivid',
  'wise',
  'witty',
  'zesty',
]
const nouns = [
  'badger',
  'beaver',
  'bison',
  'condor',
  'cougar',
  'coyote',
  'crane',
  'dolphin',
  'eagle',
  'falcon',
  'fox',
  'gecko',
  'heron',
  'ibis',
  'jaguar',
  'koala',
  'lemur',
  'lynx',
  'manatee',
  'marlin',
  'moose',
  'osprey',
  'otter',
  'owl',
  'panda',
  'panther',
  'pelican',
  'puffin',
  'raven',
  'robin',
  'salmon',
  'seal',
  'sparrow',
  'tiger',
  'tortoise',
  'turtle',
  'walrus',
  'whale',
  'wolf',
  'wren',
  'yak',
  'zebra',
]

const pickOne = (list: readonly string[]) => list[randomInt(list.length)]

/**
 * Where generated usernames come from: an adjective, a noun and a number of `digits[0]` digits
 * (44 × 42 × 900, about 1.66 million names), then, once those are nearly all taken, of the next
 * length (about 16.6 million, then 166 million). Names stay short while there is room.
 */
export type UsernameSpace = { adjectives: readonly string[]; nouns: readonly string[]; digits: readonly number[] }
export const usernameSpace: UsernameSpace = { adjectives, nouns, digits: [3, 4, 5] }

const numberOf = (digits: number) => randomInt(10 ** (digits - 1), 10 ** digits)

export const randomUsername = (space: UsernameSpace = usernameSpace, digits = space.digits[0]) =>
  `${pickOne(space.adjectives)}-${pickOne(space.nouns)}-${numberOf(digits)}`

/**
 * A password a child can copy from a printed card: two friendly words, four digits and a word,
 * about 29 bits; guessing is bounded by the login lock (cms/auth/loginLock.ts) and rate limits.
 */
export const randomPassword = () => `${pickOne(adjectives)}-${pickOne(nouns)}-${randomInt(1000, 10000)}-${pickOne(nouns)}`

export const usernameTaken = async (payload: Payload, username: string): Promise<boolean> => {
  const { totalDocs } = await payload.count({ collection: 'users', where: { username: { equals: username } }, overrideAccess: true })
  return totalDocs > 0
}

export const usernamesExhausted =
  "No free username could be found for a new student account. Please try again; if this keeps happening, tell the site's administrators."

/** Rounds per length of number; each draws four times as many names as the one before, up to `largestRound`. */
const roundsPerLength = 4
const largestRound = 1000

/** Up to `wanted` distinct names of this length that are not in `chosen`, in a bounded number of draws (a small space may have fewer). */
const drawCandidates = (space: UsernameSpace, digits: number, wanted: number, chosen: Set<string>) => {
  const candidates = new Set<string>()
  for (let draws = 0; draws < wanted * 10 && candidates.size < wanted; draws++) {
    const candidate = randomUsername(space, digits)
    if (!chosen.has(candidate)) candidates.add(candidate)
  }
  return candidates
}

/**
 * `count` distinct unused usernames, checked in one query per round rather than one per name.
 * When the names of one length are nearly all taken, it goes on to longer numbers; when every
 * length fails, it answers 503 with `usernamesExhausted` instead of looping.
 */
export const generateUsernames = async (payload: Payload, count: number, space: UsernameSpace = usernameSpace): Promise<string[]> => {
  const chosen = new Set<string>()
  for (const digits of space.digits) {
    for (let round = 0; round < roundsPerLength && chosen.size < count; round++) {
      const needed = count - chosen.size
      const candidates = drawCandidates(space, digits, Math.min(largestRound, needed * 2 * 4 ** round), chosen)
      const { docs } = await payload.find({
        collection: 'users',
        where: { username: { in: [...candidates] } },
        select: { username: true },
        pagination: false,
        depth: 0,
        overrideAccess: true,
      })
      const taken = new Set(docs.map((d) => d.username))
      for (const candidate of candidates) if (!taken.has(candidate) && chosen.size < count) chosen.add(candidate)
    }
    if (chosen.size === count) return [...chosen]
  }
  throw new HttpError(503, usernamesExhausted)
}

/** A readable username nobody has yet. */
export const generateUsername = async (payload: Payload, space: UsernameSpace = usernameSpace): Promise<string> =>
  (await generateUsernames(payload, 1, space))[0]
