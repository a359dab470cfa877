import { describe, expect, it } from 'vitest'

import { readCourseStructure } from './courseStructure'

const files = new Set(['index_lms.html', 'story.html'])
const check = (href: string) => (files.has(href) ? href : null)

const structure = (au: string, wrap = (inner: string) => inner) => `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="urn:x:course"><title><langstring lang="und">Course</langstring></title><description/></course>
  ${wrap(au)}
</courseStructure>`

const read = (xml: string) => {
  const warnings: string[] = []
  return { found: readCourseStructure(xml, check, warnings), warnings }
}

describe('readCourseStructure', () => {
  it("reads Storyline's one AU: its id, URL, moveOn, masteryScore and launch parameters", () => {
    const { found, warnings } = read(
      structure(
        '<au id="urn:x:au" moveOn="CompletedAndPassed" masteryScore="0.85" launchMethod="AnyWindow"><title/><description/><launchParameters>mode=1</launchParameters><entitlementKey>key-1</entitlementKey><url>index_lms.html</url></au>',
      ),
    )
    expect(warnings).toEqual([])
    expect(found).toEqual({
      launchFile: 'index_lms.html',
      unit: {
        publisherId: 'urn:x:au',
        courseId: 'urn:x:course',
        moveOn: 'CompletedAndPassed',
        masteryScore: 0.85,
        launchMethod: 'AnyWindow',
        launchParameters: 'mode=1',
        entitlementKey: 'key-1',
      },
    })
  })

  it('finds an AU inside a block, and gives moveOn its default NotApplicable', () => {
    const { found } = read(structure('<au id="urn:x:au"><url>index_lms.html</url></au>', (au) => `<block id="urn:x:b"><title/>${au}</block>`))
    expect(found?.unit).toMatchObject({ publisherId: 'urn:x:au', moveOn: 'NotApplicable', masteryScore: null, launchMethod: 'AnyWindow' })
  })

  it('refuses several AUs, none, a URL the package lacks, or a document it cannot read, with the reason', () => {
    const two = read(structure('<au id="urn:x:a"><url>index_lms.html</url></au><block id="urn:x:b"><au id="urn:x:c"><url>story.html</url></au></block>'))
    expect(two.found).toBeNull()
    expect(two.warnings[0]).toMatch(/lists 2 AUs/)
    expect(read(structure('')).warnings[0]).toMatch(/lists no AU/)
    const missing = read(structure('<au id="urn:x:a"><url>https://elsewhere.example/au.html</url></au>'))
    expect(missing.found).toBeNull()
    expect(missing.warnings[0]).toMatch(/elsewhere\.example/)
    expect(read('<!DOCTYPE x [<!ENTITY a "b">]><courseStructure/>').warnings[0]).toMatch(/could not be read/)
    expect(read('not xml <<<').found).toBeNull()
  })

  it('drops a masteryScore outside 0–1 and an unknown moveOn, with a warning for each; OwnWindow is said to play in the activity window', () => {
    const { found, warnings } = read(structure('<au id="urn:x:a" moveOn="Sometimes" masteryScore="85" launchMethod="OwnWindow"><url>index_lms.html</url></au>'))
    expect(found?.unit).toMatchObject({ moveOn: 'NotApplicable', masteryScore: null, launchMethod: 'OwnWindow' })
    expect(warnings).toHaveLength(3)
  })
})
