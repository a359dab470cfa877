import type { Payload } from 'payload'

export type FindByIDArgs = Parameters<Payload['findByID']>[0]

/** Runs `work` with `payload.findByID` recording the reads of `users`, and answers them. */
export const recordingAccountReads = async (payload: Payload, work: () => Promise<unknown>) => {
  const reads: FindByIDArgs[] = []
  const findByID = payload.findByID
  payload.findByID = ((options: FindByIDArgs) => {
    if (options.collection === 'users') reads.push(options)
    return findByID.call(payload, options)
  }) as Payload['findByID']
  try {
    await work()
  } finally {
    payload.findByID = findByID
  }
  return reads
}
