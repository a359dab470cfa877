// One of the password-hashing threads (cms/auth/passwordHashing.ts): runs Payload's argon2 work
// synchronously, one task after another, off libuv's pool and off the JavaScript thread.
import { hashSync, verifySync } from '@node-rs/argon2'

/** @param {{ password: string } & ({ hash: string } | { options: import('@node-rs/argon2').Options })} task */
export default (task) => ('hash' in task ? verifySync(task.hash, task.password) : hashSync(task.password, task.options))
