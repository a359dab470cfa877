import { XMLParser } from 'fast-xml-parser'

/**
 * A reader of a package's XML (imsmanifest.xml, tincan.xml, cmi5.xml): attributes under `@`,
 * namespaces dropped, every value kept as text, and the elements named in `lists` always arrays,
 * however many the file has. A byte-order mark is ignored.
 */
export const packageXmlReader = (lists: readonly string[]) => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => lists.includes(name),
  })
  return (xml: string): unknown => parser.parse(xml.replace(/^\uFEFF/, ''))
}
