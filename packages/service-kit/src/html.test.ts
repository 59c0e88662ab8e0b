import { describe, expect, it } from 'vitest';
import { markup, unsafeHtml } from './html.js';

describe('markup tagged template', () => {
  it('escapes every interpolated value', () => {
    const name = `<script>alert("x")</script> & 'y' \``;
    expect(markup`<p>${name}</p>`.toString()).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; &#96;</p>',
    );
  });

  it('keeps nested templates and marked markup, joins arrays, drops null/undefined/false', () => {
    const items = ['a<b', 'c'].map((s) => markup`<li>${s}</li>`);
    expect(markup`<ul>${items}</ul>${null}${undefined}${false}${0}`.toString()).toBe(
      '<ul><li>a&lt;b</li><li>c</li></ul>0',
    );
    expect(markup`${unsafeHtml('<br>')}`.toString()).toBe('<br>');
  });

  it('keeps a fragment as written (prettier does not reformat markup`` templates)', () => {
    expect(markup`<p>x</p>\n<p>If this was you`.toString()).toBe('<p>x</p>\n<p>If this was you');
  });
});
