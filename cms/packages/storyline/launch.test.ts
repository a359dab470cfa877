import { describe, expect, it } from 'vitest'

import { checkedLaunch, detectLaunch } from './launch'

const detect = (files: Record<string, string>, web: string | null = 'story.html') =>
  detectLaunch(new Set(Object.keys(files)), async (name) => files[name] ?? null, web)

const manifest = (
  body: string,
  version = '<metadata><schemaversion>1.2</schemaversion></metadata>',
  ns = 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"',
) => `<?xml version="1.0" encoding="utf-8"?>\n<manifest identifier="m" ${ns}>${version}${body}</manifest>`

describe('detectLaunch', () => {
  it("takes the default organization's first item's resource, with its parameters and mastery score", async () => {
    const xml = manifest(`
      <organizations default="b">
        <organization identifier="a"><item identifier="ia" identifierref="ra"/></organization>
        <organization identifier="b"><item identifier="group"><item identifier="ib" identifierref="rb" parameters="?mode=x"><adlcp:masteryscore>75</adlcp:masteryscore></item></item></organization>
      </organizations>
      <resources xml:base="course/">
        <resource identifier="ra" href="a.html" adlcp:scormtype="sco"/>
        <resource identifier="rb" href="index_lms.html" adlcp:scormtype="sco"/>
      </resources>`)
    expect(await detect({ 'imsmanifest.xml': xml, 'course/index_lms.html': '', 'course/a.html': '', 'story.html': '' })).toEqual({
      standard: 'scorm12',
      launchFile: 'course/index_lms.html?mode=x',
      masteryScore: 75,
      warnings: [],
    })
  })

  it('tells SCORM 2004 by its schema version or, without one, by its namespaces', async () => {
    const body =
      '<organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"/></organization></organizations><resources><resource identifier="r" href="index_lms.html" adlcp:scormType="sco"/></resources>'
    const files = (xml: string) => ({ 'imsmanifest.xml': xml, 'index_lms.html': '' })
    expect((await detect(files(manifest(body, '<metadata><schemaversion>2004 3rd Edition</schemaversion></metadata>'))))?.standard).toBe('scorm2004')
    expect(
      (await detect(files(manifest(body, '', 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"'))))?.standard,
    ).toBe('scorm2004')
    expect((await detect(files(manifest(body, ''))))?.standard).toBe('scorm12')
  })

  it('reads tincan.xml: the launch and the course activity id', async () => {
    const xml = `<tincan xmlns="http://projecttincan.com/tincan.xsd"><activities>
      <activity id="urn:articulate:storyline:abc" type="http://adlnet.gov/expapi/activities/course"><name>Q</name><launch lang="und">index_lms.html</launch></activity>
      <activity id="urn:articulate:storyline:abc/q1"><name>Q1</name></activity></activities></tincan>`
    expect(await detect({ 'tincan.xml': xml, 'index_lms.html': '', 'story.html': '' })).toEqual({
      standard: 'xapi',
      launchFile: 'index_lms.html',
      xapiActivityId: 'urn:articulate:storyline:abc',
      warnings: [],
    })
  })

  it('prefers imsmanifest.xml when a package has both', async () => {
    const xml = manifest('<resources><resource identifier="r" href="scorm.html" adlcp:scormtype="sco"/></resources>')
    const tincan = '<tincan><activities><activity id="x"><launch>xapi.html</launch></activity></activities></tincan>'
    expect((await detect({ 'imsmanifest.xml': xml, 'tincan.xml': tincan, 'scorm.html': '', 'xapi.html': '' }))?.launchFile).toBe('scorm.html')
  })

  it('falls back to the Web publish, with a warning, when a manifest names no file of the package or cannot be read', async () => {
    const missing = await detect({
      'imsmanifest.xml': manifest('<resources><resource identifier="r" href="../../etc/passwd" adlcp:scormtype="sco"/></resources>'),
      'story.html': '',
    })
    expect(missing).toMatchObject({ standard: 'none', launchFile: 'story.html' })
    expect(missing?.warnings[0]).toMatch(/no such file/)
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><manifest>&lol2;</manifest>'
    const refused = await detect({ 'imsmanifest.xml': bomb, 'story.html': '' })
    expect(refused).toMatchObject({ standard: 'none', launchFile: 'story.html' })
    expect(refused?.warnings[0]).toMatch(/could not be read/)
    expect((await detect({ 'tincan.xml': 'not xml <<<', 'story.html': '' }))?.warnings[0]).toMatch(/tincan\.xml/)
    // and nothing at all to launch
    expect(await detect({ 'imsmanifest.xml': manifest('') }, null)).toBeNull()
  })
})

describe('checkedLaunch', () => {
  const files = new Set(['index_lms.html', 'a b/c.html', 'story.html'])
  it('accepts relative files of the package, encoded or not, keeping a query', () => {
    expect(checkedLaunch('index_lms.html?x=1#top', files)).toBe('index_lms.html?x=1')
    expect(checkedLaunch('./index_lms.html', files)).toBe('index_lms.html')
    expect(checkedLaunch('a%20b/c.html', files)).toBe('a b/c.html')
  })
  it('refuses anything else', () => {
    for (const href of [
      '',
      '/story.html',
      'https://evil.example/x.html',
      'javascript:alert(1)',
      '../story.html',
      'a b/../story.html',
      'missing.html',
      '%E0%A4%A',
      'a b\\c.html',
    ]) {
      expect(checkedLaunch(href, files), href).toBeNull()
    }
  })
})
