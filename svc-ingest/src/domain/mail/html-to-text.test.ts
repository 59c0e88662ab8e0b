import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { HTML_TEXT_MAX_INPUT, htmlToText } from './html-to-text.js';

describe('htmlToText', () => {
  it('keeps the text and the link targets (deck links are found in them)', () => {
    const text = htmlToText(
      '<p>Hi,<br>our deck: <a href="https://docsend.com/view/abc">here</a> and <b>more</b>.</p><script>alert(1)</script><style>p{}</style>',
    );
    expect(text).toContain('our deck:');
    expect(text).toContain('https://docsend.com/view/abc');
    expect(text).toContain('more');
    expect(text).not.toMatch(/alert|p\{\}|<b>/);
  });

  it('decodes entities and keeps a link written as its own text once', () => {
    const text = htmlToText('<a href="https://acme.io">https://acme.io</a> &amp; R&amp;D');
    expect(text.match(/acme\.io/g)).toHaveLength(1);
    expect(text).toContain('& R&D');
  });

  it('converts 100 KB of repeated `<a href="x" ` in milliseconds, not hours (issue 12)', () => {
    const hostile = '<a href="x" '.repeat(Math.ceil(100_000 / 12));
    // Synchronous work: its duration is the event-loop stall.
    const start = performance.now();
    htmlToText(hostile);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('reads at most HTML_TEXT_MAX_INPUT characters of a body', () => {
    const text = htmlToText(`<p>${'a '.repeat(HTML_TEXT_MAX_INPUT)}</p><p>TAIL</p>`);
    expect(text).not.toContain('TAIL');
    expect(text.length).toBeLessThanOrEqual(HTML_TEXT_MAX_INPUT + 10);
  });
});
