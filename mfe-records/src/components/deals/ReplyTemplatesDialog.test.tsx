import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApi, createSession, renderPage } from '../../test/render.js';
import { ReplyTemplatesDialog } from './ReplyTemplatesDialog.js';

const settings = {
  templates: [
    { kind: 'acknowledge', subject: 'Re: {{subject}}', body: 'Hi {{founderName}}, thanks.' },
    { kind: 'request_more', subject: 'Re: {{subject}}', body: 'Hi {{founderName}}, more please.' },
    { kind: 'pass', subject: 'Re: {{subject}}', body: 'Hi {{founderName}}, we pass.' },
  ],
  autoAcknowledge: false,
};

describe('ReplyTemplatesDialog', () => {
  it('loads the templates, refuses an empty message, saves edits and the automatic acknowledgement', async () => {
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: createSession() };
      if (url.pathname === '/api/pipeline/reply-templates' && (init.method ?? 'GET') === 'GET')
        return { body: settings };
      if (url.pathname === '/api/pipeline/reply-templates' && init.method === 'PUT')
        return { body: JSON.parse(String(init.body)) as unknown };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ReplyTemplatesDialog />, { path: '/deals' });
    await user.click(await screen.findByRole('button', { name: 'Reply templates' }));
    // In jsdom this dialog's surface carries aria-hidden="true" (tabster's modalizer; cause not found)
    // (seen in CI; Chromium shows it accessible: the deals page's axe e2e opens it), so the dialog's controls
    // are found with `hidden: true` here.
    const pass = await screen.findByRole(
      'textbox',
      { name: 'Pass: message', hidden: true },
      { timeout: 30_000 },
    );
    await user.clear(pass);
    await user.click(screen.getByRole('button', { name: 'Save templates', hidden: true }));
    expect(await screen.findByText('Write the message')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(pass, 'Not for us, {{{{founderName}}.');
    await user.click(
      screen.getByRole('switch', { name: /Acknowledge new decks automatically/, hidden: true }),
    );
    await user.click(screen.getByRole('button', { name: 'Save templates', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 10_000 });
    const put = calls.find((c) => c.method === 'PUT')!.body as typeof settings;
    expect(put.autoAcknowledge).toBe(true);
    expect(put.templates[2]).toEqual({
      kind: 'pass',
      subject: 'Re: {{subject}}',
      body: 'Not for us, {{founderName}}.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
  }, 90_000);

  it('says so when the templates cannot be loaded', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: createSession() };
      if (url.pathname === '/api/pipeline/reply-templates')
        return { status: 403, body: { message: 'Forbidden' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ReplyTemplatesDialog />, { path: '/deals' });
    await user.click(await screen.findByRole('button', { name: 'Reply templates' }));
    expect(await screen.findByText(/could not be loaded: Forbidden/, {}, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);
});
