/*
 * A small SCORM 1.2 driver that behaves like Storyline's lms/scormdriver.js where it matters to the
 * LMS: it looks for window.API by walking window.parent (then window.top.opener), calls
 * LMSInitialize, reads the resume data, and reports status, score and suspend data with
 * LMSSetValue and LMSCommit; LMSFinish when the page goes away. Without an LMS it does nothing,
 * and the quiz still works (story.html).
 */
;(function () {
  'use strict'

  function findAPI(win) {
    var tries = 0
    try {
      while (win && !win.API && win.parent && win.parent !== win && tries < 10) {
        win = win.parent
        tries++
      }
      return (win && win.API) || null
    } catch (error) {
      return null // a frame of another origin: no API there
    }
  }

  var api = findAPI(window)
  if (!api) {
    try {
      api = window.top.opener ? findAPI(window.top.opener) : null
    } catch (error) {
      api = null
    }
  }

  var ready = Boolean(api) && String(api.LMSInitialize('')) === 'true'
  var finished = false

  function get(name) {
    return ready ? String(api.LMSGetValue(name) || '') : ''
  }
  function set(name, value) {
    if (ready) api.LMSSetValue(name, String(value))
  }
  function commit() {
    if (ready) api.LMSCommit('')
  }

  window.civicsLms = {
    ready: ready,
    learnerName: function () {
      return get('cmi.core.student_name')
    },
    resumeData: function () {
      if (get('cmi.core.entry') !== 'resume') return null
      try {
        return JSON.parse(get('cmi.suspend_data') || 'null')
      } catch (error) {
        return null
      }
    },
    status: function () {
      return get('cmi.core.lesson_status')
    },
    save: function (data, location) {
      set('cmi.suspend_data', JSON.stringify(data))
      set('cmi.core.lesson_location', location)
      if (get('cmi.core.lesson_status') === 'not attempted') set('cmi.core.lesson_status', 'incomplete')
      set('cmi.core.exit', 'suspend')
      commit()
    },
    score: function (raw, max, passed) {
      set('cmi.core.score.min', 0)
      set('cmi.core.score.max', max)
      set('cmi.core.score.raw', raw)
      set('cmi.core.lesson_status', passed ? 'passed' : 'failed')
      set('cmi.core.exit', '')
      commit()
    },
  }

  function finish() {
    if (!ready || finished) return
    finished = true
    api.LMSFinish('')
  }
  window.addEventListener('pagehide', finish)
  window.addEventListener('beforeunload', finish)
})()
