/**
 * The one HTML escaping of the emails and server-rendered pages: `markup` is a tagged template whose every
 * interpolated value is escaped unless it is already `SafeHtml` (the result of another `markup` template, or
 * `unsafeHtml` for markup the code itself wrote). Arrays are joined, `null`, `undefined` and `false` render
 * nothing. (Not named `html`: prettier reformats the text of html`...` templates as HTML, which re-indents email
 * bodies and closes fragments such as `<p>If this was you`.)
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export const escapeHtml = (value: string): string => value.replace(/[&<>"'`]/g, (c) => ENTITIES[c] ?? c);

/** Markup written by the code (never user input) that an `html` template takes as is. */
export const unsafeHtml = (markup: string): SafeHtml => new SafeHtml(markup);

export type THtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly THtmlValue[];

const render = (value: THtmlValue): string => {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: THtmlValue) => render(item)).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
};

export function markup(strings: TemplateStringsArray, ...values: THtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}
