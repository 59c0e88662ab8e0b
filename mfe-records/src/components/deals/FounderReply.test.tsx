import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApi, createSession, renderPage } from '../../test/render.js';
import { FounderReply } from './FounderReply.js';

const draft = {
  to: 'ada@orbital-labs.com',
  founderName: 'Ada Founder',
  subject: 'Re: Orbital Labs - Seed deck',
  text: 'Hi Ada Founder,\n\nWe pass.\n\nIvy Investor',
  threaded: true,
};
const timelineEntry = {
  id: '9',
  kind: 'email',
  actorId: '1',
  createdAt: '2026-11-28T10:00:00.000Z',
  text: 'To: ada@orbital-labs.com\nSubject: Re: Orbital Labs - Seed deck\n\nHi',
  fromStage: null,
  toStage: null,
  score: null,
  mentions: [],
};

function answer(
  send: () => { status?: number; body: unknown },
  draftAnswer = () => ({ body: draft as unknown }),
) {
  return answerApi((url, init) => {
    if (url.pathname === '/api/auth/me') return { body: createSession() };
    if (url.pathname === '/api/deals/5/reply-draft') return draftAnswer();
    if (url.pathname === '/api/deals/5/reply' && init.method === 'POST') return send();
    return undefined;
  });
}

async function chooseTemplate(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Template' }));
  await user.click(await screen.findByRole('option', { name }));
  return user;
}

describe('FounderReply', () => {
  it('fills in the chosen template, lets the member edit it and sends it', async () => {
    const calls = answer(() => ({ status: 201, body: timelineEntry }));
    renderPage(<FounderReply dealId="5" />, { path: '/deals' });
    const user = await chooseTemplate('Pass');
    const message = await screen.findByRole('textbox', { name: /Message/ }, { timeout: 10_000 });
    expect((message as HTMLTextAreaElement).value).toBe(draft.text);
    expect(screen.getByText('To: ada@orbital-labs.com (Ada Founder)')).toBeTruthy();
    await user.type(message, ' Good luck.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText(/Reply sent to ada@orbital-labs.com/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'GET' && c.path.startsWith('/api/deals/5/reply-draft'))?.path).toBe(
      '/api/deals/5/reply-draft?template=pass',
    );
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/deals/5/reply',
      body: { template: 'pass', subject: draft.subject, text: `${draft.text} Good luck.` },
    });
  });

  it('says what is missing before sending, and why the server refused', async () => {
    const calls = answer(() => ({
      status: 502,
      body: { message: 'The mail server did not accept the reply: try again' },
    }));
    renderPage(<FounderReply dealId="5" />, { path: '/deals' });
    const user = await chooseTemplate('Acknowledge');
    const subject = await screen.findByRole('textbox', { name: /Subject/ }, { timeout: 10_000 });
    await user.clear(subject);
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Enter a subject')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(subject, 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText(
        /The reply was not sent: The mail server did not accept/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it('offers to try again when the template cannot be filled in', async () => {
    let fail = true;
    answer(
      () => ({ status: 201, body: timelineEntry }),
      () =>
        fail
          ? { status: 400, body: { message: "This deal has no founder's email address to reply to" } }
          : { body: draft },
    );
    renderPage(<FounderReply dealId="5" />, { path: '/deals' });
    const user = await chooseTemplate('Request more');
    expect(await screen.findByText(/no founder's email address/, {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Message/ })).toBeTruthy(), {
      timeout: 10_000,
    });
  });
});
