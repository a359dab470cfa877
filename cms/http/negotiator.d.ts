/** negotiator 1.x (its own package ships no types; @types/negotiator describes 0.6, without `preferred`). */
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http'

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders })
    /** The client's most wanted of `available`; among equally wanted ones, the first of `preferred`. */
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined
  }
}
