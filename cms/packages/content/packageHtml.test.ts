import { describe, expect, it } from 'vitest'

import { pagePreloads, storageShimTag, withStorageShim } from './packageHtml'

const shim = '</launcher/storage-shim.js>; rel=preload; as=script'
const preloads = (html: string) => pagePreloads(Buffer.from(html, 'latin1')).split(', ')

describe('pagePreloads', () => {
  it("names the shim, then a Storyline page's own scripts and stylesheets in the page's order", () => {
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="stylesheet" href="html5/lib/stylesheets/desktop.min.css">
<script src="html5/lib/scripts/bootstrapper.min.js"></script>
</head><body><div id="preso"></div>
<script type="text/javascript" src='html5/lib/scripts/frame.desktop.min.js'></script>
<script src=html5/data/js/data.js?v=2&amp;x=1></script>
<script>window.inline = true</script>
</body></html>`
    expect(preloads(page)).toEqual([
      shim,
      '<html5/lib/stylesheets/desktop.min.css>; rel=preload; as=style',
      '<html5/lib/scripts/bootstrapper.min.js>; rel=preload; as=script',
      '<html5/lib/scripts/frame.desktop.min.js>; rel=preload; as=script',
      '<html5/data/js/data.js?v=2&x=1>; rel=preload; as=script',
    ])
  })

  it('leaves out what a preload would fetch otherwise than the page: other hosts, CORS, integrity, modules, print styles', () => {
    const page = `<head>
<script src="https://cdn.example.org/player.js"></script>
<script src="//cdn.example.org/player.js"></script>
<script src="data:text/javascript,1"></script>
<script src="javascript:alert(1)"></script>
<script src="a.js" crossorigin></script>
<script src="b.js" integrity="sha384-x"></script>
<script type="module" src="c.js"></script>
<script nomodule src="d.js"></script>
<script type="text/template" src="e.js"></script>
<script src="has space.js"></script>
<script src="comma,semicolon;.js"></script>
<script src="ok.js"></script>
<link rel="stylesheet" href="print.css" media="print">
<link rel="icon" href="favicon.ico">
<!-- <script src="commented.js"></script> -->
</head>`
    expect(preloads(page)).toEqual([shim, '<ok.js>; rel=preload; as=script'])
  })

  it('preloads only the shim when the page has a <base> (its addresses resolve elsewhere) or names nothing', () => {
    expect(preloads('<head><base href="https://elsewhere.example/"><script src="a.js"></script></head>')).toEqual([shim])
    expect(preloads('<p>Plain page</p>')).toEqual([shim])
    expect(preloads('')).toEqual([shim])
  })

  it('names at most 16 of the page’s files', () => {
    const page = Array.from({ length: 40 }, (_, i) => `<script src="s${i}.js"></script>`).join('')
    const links = preloads(page)
    expect(links).toHaveLength(17)
    expect(links[16]).toBe('<s15.js>; rel=preload; as=script')
  })

  it('leaves the page served the same bytes: the shim first, nothing else changed', () => {
    const page = '<!doctype html><html><head><script src="a.js"></script></head><body>é</body></html>'
    const bytes = Buffer.from(page, 'latin1')
    pagePreloads(bytes)
    expect(withStorageShim(bytes).toString('latin1')).toBe(page.replace('<head>', `<head>${storageShimTag}`))
  })
})
