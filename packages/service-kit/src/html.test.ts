import { describe, expect, it } from 'vitest';
import { html, unsafeHtml } from './html.js';

describe('html tagged template', () => {
  it('escapes every interpolated value', () => {
    const name = `<script>alert("x")</script> & 'y' \``;
    expect(html`<p>${name}</p>`.toString()).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; &#96;</p>',
    );
  });

  it('keeps nested templates and marked markup, joins arrays, drops null/undefined/false', () => {
    const items = ['a<b', 'c'].map((s) => html`<li>${s}</li>`);
    expect(
      html`<ul>
          ${items}
        </ul>
        ${null}${undefined}${false}${0}`.toString(),
    ).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
    expect(html`${unsafeHtml('<br>')}`.toString()).toBe('<br>');
  });
});
