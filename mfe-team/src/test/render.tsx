export { answerApi, renderPage } from '@dealflow/web-kit/testing';

/**
 * The button whose text is `name` (text lookup: role queries are slow in jsdom with Fluent's dialogs, and
 * tabster can leave a just-opened dialog aria-hidden there; Playwright checks the real accessibility tree).
 */
export function buttonNamed(name: string, { type }: { type?: 'submit' | 'button' } = {}): HTMLButtonElement {
  const buttons = Array.from(document.querySelectorAll('button')).filter(
    (b) => b.textContent?.trim() === name && (!type || b.type === type),
  );
  if (buttons.length === 0) throw new Error(`No button named ${name}`);
  return buttons[buttons.length - 1] as HTMLButtonElement;
}
