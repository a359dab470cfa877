/*
 * The storage shim: the first script of every HTML page of a package (the content app inserts it
 * at the top of <head>), and of the launcher page. A package framed by the product is a
 * third-party frame, and browsers deny such frames cookies and storage (Chromium: document.cookie
 * reads empty, localStorage throws), while Storyline keeps its resume data in both. So the
 * package gets them from the student's attempt instead:
 *
 *  - document.cookie, window.localStorage and window.sessionStorage are replaced, in each package
 *    page, by in-memory versions backed by one store held by the launcher (the package's
 *    same-origin ancestor, or the opener's for a popup);
 *  - the launcher fills the store from the product's `civics:start` and relays every change to
 *    the product (`civics:storage`), which saves it on the attempt;
 *  - nothing is kept in the browser: the next student on the device starts fresh.
 *
 * Cookies keep a name, a value and an expiry (max-age or expires; a past one deletes); path,
 * domain, secure and samesite are ignored: every page of the package sees every cookie it set.
 * sessionStorage lives as long as the launcher (the activity's modal). The store refuses writes
 * past PACKAGE_STORAGE_MAX_BYTES (common/packageStorage.ts) as a full localStorage does.
 * Plain ES5 (Proxy where there is one): it runs in every browser a package runs in, unbuilt.
 */
;(function () {
  'use strict'

  var MAX_BYTES = 64 * 1024

  function own(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key)
  }

  function bytes(text) {
    if (typeof TextEncoder === 'function') return new TextEncoder().encode(text).length
    return unescape(encodeURIComponent(text)).length
  }

  function quotaError() {
    try {
      return new DOMException('The package storage is full.', 'QuotaExceededError')
    } catch (error) {
      return new Error('The package storage is full.')
    }
  }

  /**
   * The store: the package's cookies, localStorage and sessionStorage. `initial` is the saved
   * storage ({ cookies: { name: { value, expires } }, localStorage: { key: value } }); `onChange`
   * receives the storage to save after each change.
   */
  function makeStore(initial, onChange) {
    var cookies = {}
    var local = {}
    var session = {}
    var name
    if (initial && typeof initial === 'object') {
      var savedCookies = initial.cookies || {}
      for (name in savedCookies) {
        var cookie = savedCookies[name]
        if (own(savedCookies, name) && cookie && typeof cookie.value === 'string') {
          cookies[name] = { value: cookie.value, expires: typeof cookie.expires === 'number' ? cookie.expires : null }
        }
      }
      var savedLocal = initial.localStorage || {}
      for (name in savedLocal) {
        if (own(savedLocal, name) && typeof savedLocal[name] === 'string') local[name] = savedLocal[name]
      }
    }

    function dropExpired() {
      var now = Date.now()
      for (var key in cookies) {
        if (own(cookies, key) && cookies[key].expires !== null && cookies[key].expires <= now) delete cookies[key]
      }
    }

    function saved() {
      dropExpired()
      return { cookies: cookies, localStorage: local }
    }

    function fits() {
      return bytes(JSON.stringify(saved())) <= MAX_BYTES
    }

    function changed() {
      if (onChange) onChange(saved())
    }

    return {
      cookieEntries: function () {
        dropExpired()
        var list = []
        for (var key in cookies) if (own(cookies, key)) list.push(key + '=' + cookies[key].value)
        return list
      },
      setCookie: function (key, value, expires) {
        var before = own(cookies, key) ? cookies[key] : undefined
        if (expires !== null && expires <= Date.now()) delete cookies[key]
        else cookies[key] = { value: value, expires: expires }
        if (!fits()) {
          // A browser drops a cookie it cannot keep, without an error.
          if (before) cookies[key] = before
          else delete cookies[key]
          return
        }
        changed()
      },
      area: function (which) {
        return which === 'local' ? local : session
      },
      setItem: function (which, key, value) {
        var items = which === 'local' ? local : session
        var had = own(items, key)
        var before = items[key]
        items[key] = value
        if (which === 'local' && !fits()) {
          if (had) items[key] = before
          else delete items[key]
          throw quotaError()
        }
        if (which === 'local' && before !== value) changed()
      },
      removeItem: function (which, key) {
        var items = which === 'local' ? local : session
        if (!own(items, key)) return
        delete items[key]
        if (which === 'local') changed()
      },
      clear: function (which) {
        var items = which === 'local' ? local : session
        var any = false
        for (var key in items) {
          if (own(items, key)) {
            delete items[key]
            any = true
          }
        }
        if (which === 'local' && any) changed()
      },
      saved: saved,
    }
  }

  // In the launcher page: only lend it the store.
  if (document.querySelector('meta[name="civics-activity"]')) {
    window.civicsMakePackageStore = makeStore
    return
  }

  /** The launcher's store, from this window's same-origin ancestors, or from the opener's. */
  function findStore() {
    var seen = []
    var win = window
    for (var steps = 0; win && steps < 30; steps++) {
      if (seen.indexOf(win) !== -1) break
      seen.push(win)
      try {
        if (win.civicsPackageStorage) return win.civicsPackageStorage
      } catch (error) {
        // another origin: keep walking
      }
      var next
      try {
        next = win.parent && win.parent !== win ? win.parent : win.opener
      } catch (error) {
        next = null
      }
      win = next
    }
    return null
  }

  // Opened on its own (no launcher around it): a store that keeps nothing past the page.
  var store = findStore() || makeStore(null, null)

  function parseCookie(text) {
    var parts = String(text).split(';')
    var first = parts[0]
    var eq = first.indexOf('=')
    if (eq < 0) return null
    var key = first.slice(0, eq).trim()
    if (!key) return null
    var value = first.slice(eq + 1).trim()
    var expires = null
    var maxAge = null
    for (var i = 1; i < parts.length; i++) {
      var attribute = parts[i]
      var at = attribute.indexOf('=')
      var attributeName = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase()
      var attributeValue = at < 0 ? '' : attribute.slice(at + 1).trim()
      if (attributeName === 'max-age' && /^-?\d+$/.test(attributeValue)) maxAge = Number(attributeValue)
      else if (attributeName === 'expires') {
        var time = Date.parse(attributeValue)
        if (!isNaN(time)) expires = time
      }
    }
    if (maxAge !== null) expires = maxAge <= 0 ? 0 : Date.now() + maxAge * 1000
    return { name: key, value: value, expires: expires }
  }

  try {
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      enumerable: true,
      get: function () {
        return store.cookieEntries().join('; ')
      },
      set: function (text) {
        var cookie = parseCookie(text)
        if (cookie) store.setCookie(cookie.name, cookie.value, cookie.expires)
      },
    })
  } catch (error) {
    // Left as the browser has it.
  }

  function storageFor(which) {
    var methods = {
      getItem: function (key) {
        var items = store.area(which)
        key = String(key)
        return own(items, key) ? items[key] : null
      },
      setItem: function (key, value) {
        store.setItem(which, String(key), String(value))
      },
      removeItem: function (key) {
        store.removeItem(which, String(key))
      },
      clear: function () {
        store.clear(which)
      },
      key: function (index) {
        var keys = Object.keys(store.area(which))
        return index >= 0 && index < keys.length ? keys[index] : null
      },
    }
    var target = typeof Storage === 'function' ? Object.create(Storage.prototype) : {}
    if (typeof Proxy !== 'function') {
      for (var method in methods) if (own(methods, method)) target[method] = methods[method]
      Object.defineProperty(target, 'length', {
        get: function () {
          return Object.keys(store.area(which)).length
        },
      })
      return target
    }
    // A Proxy, so `storage.key = value`, `storage[key]`, `delete storage[key]` and
    // Object.keys(storage) behave as on the browser's Storage.
    return new Proxy(target, {
      get: function (_target, property) {
        if (typeof property === 'symbol') return property === Symbol.toStringTag ? 'Storage' : undefined
        if (own(methods, property)) return methods[property]
        if (property === 'length') return Object.keys(store.area(which)).length
        var items = store.area(which)
        if (own(items, property)) return items[property]
        return Object.prototype[property]
      },
      set: function (_target, property, value) {
        if (typeof property !== 'symbol') methods.setItem(property, value)
        return true
      },
      has: function (_target, property) {
        return typeof property !== 'symbol' && (own(methods, property) || own(store.area(which), property))
      },
      deleteProperty: function (_target, property) {
        if (typeof property !== 'symbol') methods.removeItem(property)
        return true
      },
      ownKeys: function () {
        return Object.keys(store.area(which))
      },
      getOwnPropertyDescriptor: function (_target, property) {
        var items = store.area(which)
        if (typeof property === 'symbol' || !own(items, property)) return undefined
        return { value: items[property], writable: true, enumerable: true, configurable: true }
      },
    })
  }

  var localArea = storageFor('local')
  var sessionArea = storageFor('session')
  try {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      enumerable: true,
      get: function () {
        return localArea
      },
    })
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      enumerable: true,
      get: function () {
        return sessionArea
      },
    })
  } catch (error) {
    // Left as the browser has it.
  }
})()
