// The founder's HTML email, made inert: DOMPurify removes scripts, event handlers, forms and anything that
// could reach the network; the result goes into a sandboxed frame (sandbox="", srcdoc) whose CSP allows
// no network at all (images only as data: URLs, inline styles). Three layers: sanitizer, CSP, sandbox.
import DOMPurify from 'dompurify';

/** The frame's Content-Security-Policy: nothing is fetched, nothing runs. */
export const EMAIL_FRAME_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

const URL_ATTRIBUTES = new Set([
  'src',
  'srcset',
  'href',
  'action',
  'formaction',
  'background',
  'poster',
  'xlink:href',
]);

/** Sanitizes a received HTML email for display: no scripts, forms, frames, or remote URLs. */
export function sanitizeEmailHtml(html: string): string {
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (!URL_ATTRIBUTES.has(name)) return;
    const value = data.attrValue.trim();
    // Links stay readable but go nowhere from the frame; only inline images survive.
    if (name === 'href') {
      data.keepAttr = /^(https?:|mailto:)/i.test(value);
      return;
    }
    data.keepAttr = name === 'src' && /^data:image\//i.test(value);
  });
  return purify.sanitize(html, {
    FORBID_TAGS: [
      'form',
      'input',
      'button',
      'select',
      'textarea',
      'style',
      'link',
      'meta',
      'base',
      'iframe',
      'object',
      'embed',
    ],
    FORBID_ATTR: ['style'],
    WHOLE_DOCUMENT: false,
  });
}

/** The frame's whole document: the CSP first, then the sanitized body. */
export function emailFrameDocument(html: string): string {
  return `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${EMAIL_FRAME_CSP}"><meta charset="utf-8"></head><body>${sanitizeEmailHtml(html)}</body></html>`;
}
