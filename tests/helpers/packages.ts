/**
 * Storyline-like packages, generated for the tests (no third-party files in the repository).
 * Each behaves like the real publish it stands for, in what matters to the product:
 *
 * - scorm12: imsmanifest.xml (1.2) → index_lms.html, whose driver finds `API` by walking
 *   window.parent (as Storyline's lms/scormdriver.js does), resumes from cmi.suspend_data and
 *   cmi.core.lesson_location, reports a score and passed, LMSFinish on the way out.
 * - scorm2004: the same with `API_1484_11` and the 2004 data model (cmi.score.scaled, success and
 *   completion status, cmi.exit = suspend).
 * - xapi: tincan.xml → index_lms.html, which reads endpoint, auth, actor and registration from its
 *   own query string, reads and writes the activity state (suspend_data) and posts statements.
 * - cmi5: cmi5.xml (one AU, moveOn Passed, masteryScore 0.7) → index_lms.html, which reads endpoint,
 *   fetch, actor, registration and activityId from its query string, POSTs the fetch URL for its
 *   auth token, reads LMS.LaunchData, keeps its own state (suspend_data) under the registration, and
 *   sends initialized, then passed or failed with a score, completed and terminated, each with the
 *   launch data's context template.
 * - web: only story.html, which will not start without cookies and localStorage (Storyline's
 *   bootstrapper reads document.cookie to resume) and resumes from them.
 *
 * Every package shows: #status (what happened at start: "Started", "Resumed at step 2 …"),
 * #learner (the learner name it was given), #next (step 1 → 2), #answer-b and #submit (a score).
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'

import { buildZip } from './zips'

export type PackageKind = 'scorm12' | 'scorm2004' | 'xapi' | 'cmi5' | 'web'

export const XAPI_COURSE_ID = 'urn:articulate:storyline:test-course'

const page = (title: string, scripts: string, body = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:sans-serif;margin:1rem} button{margin:.25rem}</style></head>
<body>
<h1>${title}</h1>
<p id="status">Loading</p>
<p id="learner"></p>
<p id="step">Step 1</p>
<button id="next" type="button">Next</button>
<fieldset><legend>Which amendment protects free speech?</legend>
<label><input type="radio" name="q" id="answer-a" value="a"> The Fifth</label>
<label><input type="radio" name="q" id="answer-b" value="b"> The First</label></fieldset>
<button id="submit" type="button">Submit</button>
<p id="result"></p>
${body}
${scripts}
</body></html>
`

/** Shared page logic; `lms` is the package's own adapter to its standard. */
const quizScript = `
function show(id, text) { document.getElementById(id).textContent = text }
function startQuiz(lms) {
  var saved = lms.load()
  var step = saved && saved.step ? saved.step : 1
  if (saved && saved.answer) document.getElementById('answer-' + saved.answer).checked = true
  show('step', 'Step ' + step)
  show('status', saved ? 'Resumed at step ' + step + (saved.answer ? ' with answer ' + saved.answer : '') : 'Started')
  show('learner', lms.learner ? 'Learner: ' + lms.learner : '')
  function answer() { var a = document.querySelector('input[name=q]:checked'); return a ? a.value : '' }
  document.getElementById('next').addEventListener('click', function () {
    step = 2
    show('step', 'Step 2')
    lms.save({ step: step, answer: answer() })
  })
  document.querySelector('fieldset').addEventListener('change', function () { lms.save({ step: step, answer: answer() }) })
  document.getElementById('submit').addEventListener('click', function () {
    var right = answer() === 'b'
    lms.save({ step: step, answer: answer() })
    lms.score(right ? 8 : 2, 10, right)
    show('result', right ? 'Passed with 8 of 10' : 'Failed with 2 of 10')
  })
}
`

/** What one SCORM version calls its API object, the calls the driver makes, and the learner's name and entry elements. */
interface ScormNames {
  object: 'API' | 'API_1484_11'
  initialize: string
  getValue: string
  finish: string
  learnerName: string
  entry: string
}

/**
 * A SCORM driver as Storyline's lms/scormdriver.js behaves: it finds the API object by walking
 * window.parent, then window.top.opener (Storyline's SCORM_SearchForAPI), starts the session,
 * resumes from cmi.suspend_data when the entry is "resume", and ends the session on the way out.
 * `save` and `score` are the bodies of the quiz adapter's methods, in the version's own data model.
 */
const scormDriver = (names: ScormNames, save: string, score: string) => `
function searchForAPI(win) {
  var tries = 0
  while (win.${names.object} == null && win.parent != null && win.parent != win && tries < 500) { tries++; win = win.parent }
  return win.${names.object} || null
}
var API = searchForAPI(window) || (window.top.opener ? searchForAPI(window.top.opener) : null)
if (!API) { show('status', 'unable to acquire LMS API') } else {
  API.${names.initialize}('')
  var lms = {
    learner: API.${names.getValue}('${names.learnerName}'),
    load: function () {
      if (API.${names.getValue}('${names.entry}') !== 'resume') return null
      try { return JSON.parse(API.${names.getValue}('cmi.suspend_data') || 'null') } catch (e) { return null }
    },
    save: function (data) {${save}    },
    score: function (raw, max, passed) {${score}    },
  }
  startQuiz(lms)
  var finished = false
  window.addEventListener('pagehide', function () { if (!finished) { finished = true; API.${names.finish}('') } })
}
`

const scorm12Driver = scormDriver(
  {
    object: 'API',
    initialize: 'LMSInitialize',
    getValue: 'LMSGetValue',
    finish: 'LMSFinish',
    learnerName: 'cmi.core.student_name',
    entry: 'cmi.core.entry',
  },
  `
      API.LMSSetValue('cmi.suspend_data', JSON.stringify(data))
      API.LMSSetValue('cmi.core.lesson_location', 'step-' + data.step)
      if (API.LMSGetValue('cmi.core.lesson_status') === 'not attempted') API.LMSSetValue('cmi.core.lesson_status', 'incomplete')
      API.LMSSetValue('cmi.core.exit', 'suspend')
      API.LMSCommit('')
`,
  `
      API.LMSSetValue('cmi.core.score.min', '0')
      API.LMSSetValue('cmi.core.score.max', String(max * 10))
      API.LMSSetValue('cmi.core.score.raw', String(raw * 10))
      API.LMSSetValue('cmi.core.lesson_status', passed ? 'passed' : 'failed')
      API.LMSCommit('')
`,
)

const scorm2004Driver = scormDriver(
  { object: 'API_1484_11', initialize: 'Initialize', getValue: 'GetValue', finish: 'Terminate', learnerName: 'cmi.learner_name', entry: 'cmi.entry' },
  `
      API.SetValue('cmi.suspend_data', JSON.stringify(data))
      API.SetValue('cmi.location', 'step-' + data.step)
      API.SetValue('cmi.completion_status', 'incomplete')
      API.SetValue('cmi.exit', 'suspend')
      API.Commit('')
`,
  `
      API.SetValue('cmi.score.raw', String(raw))
      API.SetValue('cmi.score.min', '0')
      API.SetValue('cmi.score.max', String(max))
      API.SetValue('cmi.score.scaled', String(raw / max))
      API.SetValue('cmi.completion_status', 'completed')
      API.SetValue('cmi.success_status', passed ? 'passed' : 'failed')
      API.Commit('')
`,
)

/**
 * The quiz adapter of an xAPI or cmi5 package: the learner is the launch's actor, and the state is
 * the activity state (suspend_data) read from the LRS before the quiz starts, `savedText`.
 */
const activityStateScript = `
function activityStateLms(actor, savedText, save, score) {
  var saved = null
  try { saved = savedText ? JSON.parse(savedText) : null } catch (e) { saved = null }
  return { learner: actor.name, load: function () { return saved }, save: save, score: score }
}
`

const xapiDriver = `
// Like TinCanJS in Storyline's driver: the LRS, credentials and learner come from the launch URL.
var params = new URLSearchParams(location.search)
var endpoint = params.get('endpoint'), auth = params.get('auth'), actorJson = params.get('actor'), registration = params.get('registration')
var COURSE = '${XAPI_COURSE_ID}'
if (!endpoint || !auth || !actorJson) { show('status', 'No LRS in the launch URL') } else {
  var actor = JSON.parse(actorJson)
  var headers = { Authorization: auth, 'X-Experience-API-Version': '1.0.3' }
  function stateUrl(id) {
    var q = new URLSearchParams({ activityId: COURSE, agent: JSON.stringify(actor), stateId: id })
    if (registration) q.set('registration', registration)
    return endpoint + 'activities/state?' + q.toString()
  }
  function send(verb, result) {
    var statement = { actor: actor, verb: { id: 'http://adlnet.gov/expapi/verbs/' + verb, display: { 'en-US': verb } },
      object: { id: COURSE, objectType: 'Activity' }, context: registration ? { registration: registration } : undefined }
    if (result) statement.result = result
    return fetch(endpoint + 'statements', { method: 'POST', headers: Object.assign({ 'Content-Type': 'application/json' }, headers), body: JSON.stringify(statement) })
  }
  fetch(stateUrl('suspend_data'), { headers: headers }).then(function (res) {
    return res.status === 200 ? res.text() : null
  }).then(function (text) {
    var lms = activityStateLms(actor, text, function (data) {
      fetch(stateUrl('suspend_data'), { method: 'PUT', headers: Object.assign({ 'Content-Type': 'application/octet-stream' }, headers), body: JSON.stringify(data) })
      send('progressed')
    }, function (raw, max, passed) {
      send(passed ? 'passed' : 'failed', { score: { raw: raw, min: 0, max: max, scaled: raw / max }, success: passed, completion: true })
    })
    send(lms.load() ? 'resumed' : 'attempted').then(function () { startQuiz(lms) })
  }).catch(function (e) { show('status', 'The LRS did not answer: ' + e) })
}
`

export const CMI5_AU_ID = 'urn:articulate:storyline:cmi5-test-course/au'

const cmi5Driver = `
// Like a cmi5 AU (Storyline's cmi5 publish): launch parameters from the URL, the auth token from
// the one-time fetch URL, the context template from LMS.LaunchData.
var params = new URLSearchParams(location.search)
var endpoint = params.get('endpoint'), fetchUrl = params.get('fetch'), actorJson = params.get('actor')
var registration = params.get('registration'), activityId = params.get('activityId')
var V = 'http://adlnet.gov/expapi/verbs/', CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5'
var MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon'
if (!endpoint || !fetchUrl || !actorJson || !registration || !activityId) { show('status', 'No cmi5 launch parameters') } else {
  var actor = JSON.parse(actorJson), headers = null, launchData = null, startedAt = Date.now(), terminated = false
  function stateUrl(id) {
    return endpoint + 'activities/state?' + new URLSearchParams({ activityId: activityId, agent: JSON.stringify(actor), registration: registration, stateId: id }).toString()
  }
  function uuid() {
    return 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, function () { return Math.floor(Math.random() * 16).toString(16) })
  }
  function seconds() { return 'PT' + Math.round((Date.now() - startedAt) / 1000) + 'S' }
  function send(verb, result, keepalive) {
    var context = JSON.parse(JSON.stringify(launchData.contextTemplate))
    context.registration = registration
    context.contextActivities = context.contextActivities || {}
    var category = [{ id: CMI5 }]
    if (result && (result.success !== undefined || result.completion !== undefined)) category.push({ id: MOVEON })
    context.contextActivities.category = category
    var statement = { id: uuid(), timestamp: new Date().toISOString(), actor: actor,
      verb: { id: V + verb, display: { 'en-US': verb } }, object: { id: activityId, objectType: 'Activity' }, context: context }
    if (result) statement.result = result
    return fetch(endpoint + 'statements', { method: 'POST', keepalive: Boolean(keepalive),
      headers: Object.assign({ 'Content-Type': 'application/json' }, headers), body: JSON.stringify(statement) })
      .then(function (res) { if (!res.ok) throw new Error(verb + ' answered ' + res.status); return res })
  }
  function terminate(keepalive) {
    if (terminated) return Promise.resolve()
    terminated = true
    return send('terminated', { duration: seconds() }, keepalive)
  }
  fetch(fetchUrl, { method: 'POST' }).then(function (res) { return res.json() }).then(function (body) {
    if (!body['auth-token']) throw new Error(body['error-text'] || 'no auth token')
    headers = { Authorization: 'Basic ' + body['auth-token'], 'X-Experience-API-Version': '1.0.3' }
    return fetch(stateUrl('LMS.LaunchData'), { headers: headers })
  }).then(function (res) {
    if (res.status !== 200) throw new Error('LMS.LaunchData answered ' + res.status)
    return res.json()
  }).then(function (data) {
    launchData = data
    return fetch(stateUrl('suspend_data'), { headers: headers })
  }).then(function (res) { return res.status === 200 ? res.text() : null }).then(function (text) {
    var lms = activityStateLms(actor, text, function (data) {
      fetch(stateUrl('suspend_data'), { method: 'PUT', headers: Object.assign({ 'Content-Type': 'application/json' }, headers), body: JSON.stringify(data) })
    }, function (raw, max, passed) {
      var mastery = typeof launchData.masteryScore === 'number' ? launchData.masteryScore : 0
      var scaled = raw / max
      send(scaled >= mastery ? 'passed' : 'failed', { score: { raw: raw, min: 0, max: max, scaled: scaled }, success: scaled >= mastery, duration: seconds() })
        .then(function () { return send('completed', { completion: true, duration: seconds() }) })
        .then(function () { return terminate(false) })
        .then(function () { show('sent', 'Sent to the LMS') })
        .catch(function (e) { show('sent', 'The LMS refused: ' + e.message) })
    })
    return send('initialized').then(function () {
      startQuiz(lms)
      show('launch-mode', 'Launch mode: ' + launchData.launchMode + ', move on: ' + launchData.moveOn)
    })
  }).catch(function (e) { show('status', 'The LMS did not answer: ' + e.message) })
  window.addEventListener('pagehide', function () { if (headers && launchData) terminate(true) })
}
`

const webBootstrap = `
// Like Storyline's bootstrapper: it reads document.cookie (and localStorage) to resume, and a
// document without them (a sandboxed frame) throws before the player starts.
try {
  var cookies = document.cookie
  var stored = window.localStorage.getItem('web-quiz')
  var fromCookie = /(?:^|; )web-quiz-step=(\\d)/.exec(cookies)
  var saved = stored ? JSON.parse(stored) : fromCookie ? { step: Number(fromCookie[1]) } : null
  startQuiz({
    learner: '',
    load: function () { return saved },
    save: function (data) {
      window.localStorage.setItem('web-quiz', JSON.stringify(data))
      document.cookie = 'web-quiz-step=' + data.step + '; path=/; max-age=86400'
    },
    score: function () {},
  })
} catch (error) {
  show('status', 'Could not start: ' + error.message)
}
`

const manifest12 = `<?xml version="1.0" encoding="utf-8"?>
<manifest identifier="test_course" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>SCORM 1.2 quiz</title>
    <item identifier="sco" identifierref="res"><title>SCORM 1.2 quiz</title><adlcp:masteryscore>50</adlcp:masteryscore></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" href="index_lms.html" adlcp:scormtype="sco"><file href="index_lms.html"/></resource></resources>
</manifest>`

const manifest2004 = `<?xml version="1.0" encoding="utf-8"?>
<manifest identifier="test_course_2004" version="1.0" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>SCORM 2004 quiz</title>
    <item identifier="sco" identifierref="res"><title>SCORM 2004 quiz</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" href="index_lms.html" adlcp:scormType="sco"><file href="index_lms.html"/></resource></resources>
</manifest>`

const tincan = `<?xml version="1.0" encoding="utf-8"?>
<tincan xmlns="http://projecttincan.com/tincan.xsd"><activities>
  <activity id="${XAPI_COURSE_ID}" type="http://adlnet.gov/expapi/activities/course">
    <name lang="und">xAPI quiz</name><launch lang="und">index_lms.html</launch>
  </activity>
  <activity id="${XAPI_COURSE_ID}/q1" type="http://adlnet.gov/expapi/activities/cmi.interaction"><name lang="und">Q1</name></activity>
</activities></tincan>`

const cmi5Structure = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="urn:articulate:storyline:cmi5-test-course">
    <title><langstring lang="und">cmi5 quiz</langstring></title>
    <description><langstring lang="und">A cmi5 quiz</langstring></description>
  </course>
  <au id="${CMI5_AU_ID}" moveOn="Passed" masteryScore="0.7" launchMethod="AnyWindow">
    <title><langstring lang="und">cmi5 quiz</langstring></title>
    <description><langstring lang="und">A cmi5 quiz</langstring></description>
    <url>index_lms.html</url>
  </au>
</courseStructure>`

const script = (code: string) => `<script>\n${quizScript}\n${code}\n</script>`

/** A nested frame like Storyline's analytics-frame.html, so the tests see nested frames load. */
const nestedFrame = '<iframe id="analytics" src="analytics-frame.html" title="analytics" style="width:1px;height:1px;border:0"></iframe>'
const analyticsFrame = '<!doctype html><html><body><p id="analytics-ok">analytics frame loaded</p></body></html>'

export const packageFiles = (kind: PackageKind): { name: string; data: string }[] => {
  switch (kind) {
    case 'scorm12':
      return [
        { name: 'imsmanifest.xml', data: manifest12 },
        { name: 'story.html', data: page('SCORM 1.2 quiz (web)', '') },
        { name: 'index_lms.html', data: page('SCORM 1.2 quiz', script(scorm12Driver), nestedFrame) },
        { name: 'analytics-frame.html', data: analyticsFrame },
      ]
    case 'scorm2004':
      return [
        { name: 'imsmanifest.xml', data: manifest2004 },
        { name: 'index_lms.html', data: page('SCORM 2004 quiz', script(scorm2004Driver)) },
      ]
    case 'xapi':
      return [
        { name: 'tincan.xml', data: tincan },
        { name: 'story.html', data: page('xAPI quiz (web)', '') },
        { name: 'index_lms.html', data: page('xAPI quiz', script(activityStateScript + xapiDriver)) },
      ]
    case 'cmi5':
      return [
        { name: 'cmi5.xml', data: cmi5Structure },
        { name: 'story.html', data: page('cmi5 quiz (web)', '') },
        { name: 'index_lms.html', data: page('cmi5 quiz', script(activityStateScript + cmi5Driver), '<p id="launch-mode"></p><p id="sent"></p>') },
      ]
    case 'web':
      return [{ name: 'story.html', data: page('Web quiz', script(webBootstrap)) }]
  }
}

export const buildPackage = (kind: PackageKind) => buildZip(packageFiles(kind))

export const LIBRARY_CMI5_AU_ID = 'urn:example:cmi5-library-course/au'

/**
 * A cmi5 AU written with xAPI.js's cmi5 library (`@xapi/cmi5`, which course authors use; not
 * written here), so the LMS side meets an AU it was not written against: the library reads its
 * launch parameters, fetches the token, reads LMS.LaunchData and the learner preferences, and
 * builds its own statements (and refuses, itself, a pass below the mastery score). Its script is
 * read from node_modules when the test runs. The page shows #status, #launch-data and #sent; #pass
 * and #fail report 8 and 5 of 10.
 */
export const buildLibraryCmi5Package = () => {
  const library = fs.readFileSync(createRequire(import.meta.url).resolve('@xapi/cmi5/dist/Cmi5.umd.js'), 'utf8')
  const structure = cmi5Structure
    .replaceAll('urn:articulate:storyline:cmi5-test-course', 'urn:example:cmi5-library-course')
    .replaceAll('cmi5 quiz', 'cmi5 library quiz')
  const au = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cmi5 library quiz</title></head>
<body>
<h1>cmi5 library quiz</h1>
<p id="status">Loading</p>
<p id="launch-data"></p>
<button id="fail" type="button">Submit with 5 of 10</button>
<button id="pass" type="button">Submit with 8 of 10</button>
<p id="sent"></p>
<script src="lib/cmi5.umd.js"></script>
<script>
function show(id, text) { document.getElementById(id).textContent = text }
var cmi5 = new Cmi5()
cmi5.initialize().then(function () {
  var data = cmi5.getLaunchData()
  show('status', 'Started')
  show('launch-data', 'Launch mode: ' + data.launchMode + ', move on: ' + data.moveOn + ', mastery score: ' + data.masteryScore)
}, function (error) { show('status', 'The LMS did not answer: ' + error.message) })
// Statements one after the other, then terminated; a refusal (the library's or the LMS's) is shown.
function report(steps) {
  steps.concat([function () { return cmi5.terminate() }])
    .reduce(function (sent, step) { return sent.then(step) }, Promise.resolve())
    .then(function () { show('sent', 'Sent to the LMS') }, function (error) { show('sent', 'Not sent: ' + error.message) })
}
document.getElementById('pass').addEventListener('click', function () {
  report([function () { return cmi5.pass({ raw: 8, min: 0, max: 10, scaled: 0.8 }) }, function () { return cmi5.complete() }])
})
document.getElementById('fail').addEventListener('click', function () {
  report([function () { return cmi5.fail({ raw: 5, min: 0, max: 10, scaled: 0.5 }) }])
})
</script>
</body></html>
`
  return buildZip([
    { name: 'cmi5.xml', data: structure },
    { name: 'index_lms.html', data: au },
    { name: 'lib/cmi5.umd.js', data: library },
  ])
}
