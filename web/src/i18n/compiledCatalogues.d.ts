// A catalogue compiled for Lingui when it is bundled (web/compiledCatalogues.ts).
declare module '*.json?compiled' {
  const messages: import('@lingui/core').Messages
  export default messages
}
