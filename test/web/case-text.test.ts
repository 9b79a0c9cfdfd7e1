import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import t from 'tap'
import { CaseTextBlocks } from '../../web/components/case-text/CaseText.tsx'
import { parseCaseText } from '../../web/components/case-text/case-text.ts'

/** The rendered markup of the case text. */
const render = (text: string) => renderToStaticMarkup(createElement(CaseTextBlocks, { text }))

t.test('paragraphs, lists and bold become elements', async (t) => {
  t.equal(render('First line\nsecond line\n\nNext paragraph'), '<p>First line<br/>second line</p><p>Next paragraph</p>')
  t.equal(render('Ask about:\n- pain\n- **red flags** first\n  and then more'), '<p>Ask about:</p><ul><li>pain</li><li><strong>red flags</strong> first and then more</li></ul>')
  t.equal(render('1. Greet\n2) Consent\n- aside'), '<ol><li>Greet</li><li>Consent</li></ol><ul><li>aside</li></ul>')
  t.equal(render('a ** b and **unclosed'), '<p>a ** b and **unclosed</p>', 'stray asterisks stay text')
  t.equal(render('  \n\n'), '', 'nothing to show renders nothing')
})

t.test('HTML typed into case text stays text', async (t) => {
  const attacks = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '**<script>alert(1)</script>**',
    '- <a href="javascript:alert(1)">click</a>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '1. </li></ol><script>alert(1)</script>',
  ]
  for (const attack of attacks) {
    const html = render(attack)
    t.notMatch(html, /<(script|img|a|iframe)[\s>]/i, `no element from ${attack}`)
    t.match(html, /&lt;/, `the angle bracket is escaped in ${attack}`)
  }
  t.equal(render('<b onmouseover="x">hi</b>'), '<p>&lt;b onmouseover=&quot;x&quot;&gt;hi&lt;/b&gt;</p>')
})

t.test('the parser yields only its three kinds of block', async (t) => {
  const blocks = parseCaseText('Intro\n\n- a\n- b\n\n**Bold** end')
  t.same(
    blocks.map((block) => block.kind),
    ['paragraph', 'list', 'paragraph'],
  )
  t.same(blocks[2], { kind: 'paragraph', lines: [[{ text: 'Bold', bold: true }, { text: ' end', bold: false }]] })
})
