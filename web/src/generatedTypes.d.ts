// `cms/payload-types.ts` (imported type-only by src/api/types.ts) ends by augmenting the `payload`
// module, which the web app neither installs types for nor may import. This empty declaration gives
// that augmentation something to attach to; web code importing from 'payload' gets nothing.
declare module 'payload' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface GeneratedTypes {}
}
