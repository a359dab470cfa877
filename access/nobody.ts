import type { Access } from 'payload'

/** Only the server itself (Local API with overrideAccess) may do this. */
export const nobody: Access = () => false
