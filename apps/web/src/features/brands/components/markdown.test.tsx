import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, parseBlocks, safeHref } from './markdown.tsx';

const html = (md: string) => renderToStaticMarkup(<Markdown source={md} />).replaceAll(/ class="[^"]*"/g, '');

describe('the safe markdown subset of brand documents (decision 0820)', () => {
  it('renders headings, paragraphs, lists, links and emphasis', () => {
    expect(
      html(
        '# Terms\n\nFirst line\nsame paragraph with **bold** and *em*.\n\n## Lists\n- one\n- [two](https://x.test/a)\n\n1. first\n2) _second_',
      ),
    ).toBe(
      '<h1>Terms</h1><p>First line same paragraph with <strong>bold</strong> and <em>em</em>.</p>' +
        '<h2>Lists</h2><ul><li>one</li><li><a href="https://x.test/a">two</a></li></ul>' +
        '<ol><li>first</li><li><em>second</em></li></ol>',
    );
  });

  it('lets no HTML through: tags are text, script links are plain text', () => {
    expect(html('<script>alert(1)</script> <img src=x onerror=alert(1)>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(
      html('[click](javascript:alert(1)) [home](/terms) [mail](mailto:a@b.test) [net](//evil.test)'),
    ).toBe('<p>click) <a href="/terms">home</a> <a href="mailto:a@b.test">mail</a> net</p>');
  });

  it('keeps headings to four levels and joins indented list lines', () => {
    expect(parseBlocks('###### deep\n- item\n  continued')).toEqual([
      { kind: 'heading', level: 4, text: 'deep' },
      { kind: 'list', ordered: false, items: ['item continued'] },
    ]);
  });

  it('accepts only http(s), mailto and site paths as link addresses', () => {
    expect(safeHref('https://a.test')).toBe('https://a.test');
    expect(safeHref(' /privacy ')).toBe('/privacy');
    expect(safeHref('data:text/html,x')).toBeUndefined();
    expect(safeHref('JaVaScRiPt:x')).toBeUndefined();
  });
});
