/*
 * The launcher, on the content origin, framed by the product's activity modal. It opens the
 * package's launch file in a child frame and, for SCORM, holds the API the unmodified Storyline
 * driver looks for in window.parent: scorm-again's CrossFrameAPI, which relays every call by
 * postMessage to the product's page (CrossFrameLMS around the real runtime, which saves through
 * the product's API with the student's session).
 *
 *  1. launcher → product   { type: 'civics:ready' }
 *  2. product → launcher   { type: 'civics:start', standard, packageUrl, title, cmi, storage }
 *  3. launcher: window.API / window.API_1484_11 = CrossFrameAPI, its cache primed with `cmi`
 *     (SCORM calls must answer synchronously: without it a resumed attempt's first GetValue
 *     would be empty); window.civicsPackageStorage = the store the storage shim in each package
 *     page reads and writes (storage-shim.js), filled with `storage`; then the package frame.
 *  4. The package changed its cookies or localStorage → { type: 'civics:storage', storage }
 *  5. Escape pressed anywhere in the launcher or the package's frames → { type: 'civics:escape' }
 *
 * "Loading the activity…" goes as soon as the package's page is parsed (its DOMContentLoaded), when
 * its player starts drawing: the frame's `load` waits for every image, sound and video it asks for.
 *
 * Messages are accepted only from window.parent with the product's origin. The page's CSP runs
 * only this script and the ones inlined beside it (pinned by hash): a package, which shares this
 * origin, cannot have a file of its own run here. Plain ES5: it runs in every browser a package
 * runs in, unbuilt.
 */
;(function () {
  'use strict'

  function meta(name) {
    var element = document.querySelector('meta[name="' + name + '"]')
    return element ? element.getAttribute('content') || '' : ''
  }

  var productOrigin = meta('civics-product-origin')
  var activityId = meta('civics-activity')
  var parentWindow = window.parent
  var started = false

  function status(text) {
    var element = document.getElementById('launcher-status')
    if (element) element.textContent = text
  }

  function send(message) {
    parentWindow.postMessage(message, productOrigin)
  }

  /** Relays Escape from a window of this origin, and from the frames it nests (once each). */
  function watchKeys(win) {
    try {
      if (!win || win.__civicsEscapeRelay) return
      win.__civicsEscapeRelay = true
      win.addEventListener(
        'keydown',
        function (event) {
          // Only a key the student pressed: a package's synthetic event does not close the modal.
          if (event.isTrusted && (event.key === 'Escape' || event.key === 'Esc')) send({ type: 'civics:escape' })
        },
        true,
      )
    } catch (error) {
      // A frame of another origin (a video player, say): its keys are its own.
    }
  }

  function watchFrames(win) {
    watchKeys(win)
    try {
      for (var i = 0; i < win.frames.length; i++) watchFrames(win.frames[i])
    } catch (error) {
      // another origin
    }
  }

  function primeCache(api, cmi) {
    // CrossFrameAPI answers GetValue from this cache and refreshes it asynchronously afterwards.
    var cache = api._cache
    if (!cmi || !cache || typeof cache.set !== 'function') return
    for (var key in cmi) {
      if (Object.prototype.hasOwnProperty.call(cmi, key) && typeof cmi[key] === 'string') cache.set(key, cmi[key])
    }
  }

  /**
   * Calls back once the package's own document (not the frame's first about:blank) is parsed.
   * Polled, because the frame's document is replaced as it navigates and a listener added to the
   * first one would never hear the second; the frame's `load` ends the wait in any case (a page
   * of another origin cannot be read).
   */
  function whenParsed(frame, callback) {
    var done = false
    function finish() {
      if (done) return
      done = true
      window.clearInterval(timer)
      callback()
    }
    var timer = window.setInterval(function () {
      var doc = null
      try {
        doc = frame.contentDocument
      } catch (error) {
        doc = null
      }
      if (doc && doc.URL !== 'about:blank' && doc.readyState !== 'loading') finish()
    }, 50)
    frame.addEventListener('load', finish)
  }

  function packageUrlAllowed(href) {
    try {
      var url = new URL(href, location.href)
      var folder = '/uploads/' + encodeURIComponent(activityId) + '/storyline/'
      return url.origin === location.origin && url.pathname.indexOf(folder) === 0 ? url.href : null
    } catch (error) {
      return null
    }
  }

  function start(data) {
    var href = packageUrlAllowed(data.packageUrl)
    if (!href) {
      status('This activity cannot be opened here.')
      return
    }
    if (data.standard === 'scorm12' || data.standard === 'scorm2004') {
      if (typeof window.CrossFrameAPI !== 'function') {
        status('The activity could not start: its tracking script did not load.')
        return
      }
      var api = new window.CrossFrameAPI(productOrigin, parentWindow)
      primeCache(api, data.cmi)
      if (data.standard === 'scorm12') window.API = api
      else window.API_1484_11 = api
    }
    if (typeof window.civicsMakePackageStore !== 'function') {
      status('The activity could not start: its storage script did not load.')
      return
    }
    var lastSent = JSON.stringify(data.storage || null)
    window.civicsPackageStorage = window.civicsMakePackageStore(data.storage, function (storage) {
      var text = JSON.stringify(storage)
      if (text === lastSent) return
      lastSent = text
      send({ type: 'civics:storage', storage: JSON.parse(text) })
    })
    var frame = document.createElement('iframe')
    frame.id = 'package-frame'
    frame.title = typeof data.title === 'string' && data.title ? data.title : 'Activity'
    frame.setAttribute('allow', 'fullscreen; autoplay')
    frame.setAttribute('allowfullscreen', '')
    frame.addEventListener('load', function () {
      status('')
      watchFrames(window)
    })
    // Escape closes the activity from the moment the package's page is parsed, not only once all its
    // pictures and sounds have loaded (seconds later on a slow school network).
    whenParsed(frame, function () {
      status('')
      watchFrames(window)
    })
    frame.src = href
    document.body.appendChild(frame)
    // Packages add frames as they go (Storyline's analytics-frame.html, web objects).
    window.setInterval(function () {
      watchFrames(window)
    }, 1000)
  }

  if (parentWindow === window || !productOrigin) {
    status('This page opens inside an activity of Civics360.')
    return
  }

  window.addEventListener('message', function (event) {
    if (event.source !== parentWindow || event.origin !== productOrigin) return
    var data = event.data
    if (!data || typeof data !== 'object' || data.type !== 'civics:start' || started) return
    started = true
    start(data)
  })
  watchKeys(window)
  send({ type: 'civics:ready' })
})()
