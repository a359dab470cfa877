// oidc-provider ships no types; the tests use a narrow slice of it (tests/helpers/districtIssuer.ts).
declare module 'oidc-provider' {
  type Koa = { use: (middleware: (ctx: any, next: () => Promise<void>) => Promise<void>) => void }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void
    use: Koa['use']
    on(event: string, listener: (...args: any[]) => void): void
  }
}
