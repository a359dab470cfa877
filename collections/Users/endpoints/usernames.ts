import type { Payload } from 'payload'

import { randomInt } from 'node:crypto'

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

const pickOne = (list: string[]) => list[randomInt(list.length)]

export const randomUsername = () => `${pickOne(adjectives)}-${pickOne(nouns)}-${randomInt(100, 1000)}`

/**
 * A password a child can copy from a printed card: two friendly words, four digits and a word,
 * about 29 bits; guessing is bounded by the account lock (5 tries, 10 minutes) and rate limits.
 */
export const randomPassword = () => `${pickOne(adjectives)}-${pickOne(nouns)}-${randomInt(1000, 10000)}-${pickOne(nouns)}`

export const usernameTaken = async (payload: Payload, username: string): Promise<boolean> => {
  const { totalDocs } = await payload.count({ collection: 'users', where: { username: { equals: username } }, overrideAccess: true })
  return totalDocs > 0
}

/** A readable username nobody has yet (about 1.8 million combinations). */
export const generateUsername = async (payload: Payload): Promise<string> => {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = randomUsername()
    if (!(await usernameTaken(payload, candidate))) return candidate
  }
  throw new Error('Could not find a free username.')
}

/** `count` distinct unused usernames, checked in one query per round rather than one per name. */
export const generateUsernames = async (payload: Payload, count: number): Promise<string[]> => {
  const chosen = new Set<string>()
  for (let round = 0; round < 20 && chosen.size < count; round++) {
    const candidates = new Set<string>()
    while (candidates.size < (count - chosen.size) * 2) {
      const candidate = randomUsername()
      if (!chosen.has(candidate)) candidates.add(candidate)
    }
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
  if (chosen.size < count) throw new Error('Could not find enough free usernames.')
  return [...chosen]
}
