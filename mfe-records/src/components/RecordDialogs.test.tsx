import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApi, createSession, renderPage } from '../test/render.js';
import { createRecord } from '../test/records.js';
import { AnalysisDialog, ExtractedDataDialog } from './RecordDialogs.js';

const session = createSession({ user: { name: 'Ivy' } });
const evidence = (page: number | null, confidence: number) => ({
  source: 'deck' as const,
  page,
  snippet: 'Orbital Labs',
  confidence,
});

describe('Extracted Data dialog', () => {
  it('says which slide each value came from and flags low-confidence values for checking', async () => {
    const record = createRecord({
      provenance: { companyName: evidence(1, 0.9), location: evidence(4, 0.3), website: evidence(null, 0.8) },
    });
    answerApi((url) => (url.pathname === '/api/auth/me' ? { body: session } : undefined));
    renderPage(<ExtractedDataDialog record={record} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Extracted Data' });
    const company = within(dialog).getByRole('region', { name: 'Company Information' });
    const nameValue = within(company).getByText('Orbital Labs').parentElement!;
    expect(within(nameValue).getByText('from slide 1')).toBeTruthy();
    expect(within(nameValue).queryByText('check this')).toBeNull();
    const location = within(company).getByText('Berlin').parentElement!;
    expect(within(location).getByText('from slide 4')).toBeTruthy();
    expect(within(location).getByText('check this')).toBeTruthy();
    // Evidence without a slide (the sender, the email) shows no slide number.
    expect(within(company).getAllByText(/from slide/)).toHaveLength(2);
    // Issue 23: the record page shows those slides.
    expect(within(dialog).getByRole('link', { name: 'Open the record page' }).getAttribute('href')).toBe(
      `/records/${record.id}`,
    );
  });

  it('labels DocSend and Pitch links "open and download by hand", and not the links it downloads', async () => {
    const record = createRecord({
      deckLinks: [
        'https://docsend.com/view/abc123',
        'https://pitch.com/v/orbital-x1',
        'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view',
      ],
    });
    answerApi((url) => (url.pathname === '/api/auth/me' ? { body: session } : undefined));
    renderPage(<ExtractedDataDialog record={record} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Extracted Data' });
    const deck = within(dialog).getByRole('region', { name: 'Deck' });
    const row = (link: string) => within(deck).getByRole('link', { name: link }).parentElement!;
    for (const link of ['https://docsend.com/view/abc123', 'https://pitch.com/v/orbital-x1']) {
      expect(within(row(link)).getByText('Open and download by hand')).toBeTruthy();
      expect(within(deck).getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    }
    expect(
      within(row('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view')).queryByText(
        'Open and download by hand',
      ),
    ).toBeNull();
  });

  it('corrects a field through the API and shows it as edited with the new value', async () => {
    const record = createRecord({ provenance: { companyName: evidence(1, 0.4) } });
    const calls = answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === `/api/emails/${record.id}/extracted-data` && init.method === 'PATCH')
        return {
          body: {
            ...record,
            extractedData: { ...record.extractedData!, companyName: 'Orbital Logistics' },
            corrections: {
              companyName: {
                original: 'Orbital Labs',
                correctedAt: new Date().toISOString(),
                correctedBy: 1,
              },
            },
          },
        };
      return undefined;
    });
    renderPage(<ExtractedDataDialog record={record} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Extracted Data' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Correct Name' })[0]!);
    const input = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((input as HTMLInputElement).value).toBe('Orbital Labs');
    await userEvent.clear(input);
    await userEvent.type(input, 'Orbital Logistics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await within(dialog).findByText('Orbital Logistics');
    const value = within(dialog).getByText('Orbital Logistics').parentElement!;
    expect(within(value).getByText('edited')).toBeTruthy();
    // A corrected value is the person's: no slide and no "check this" on it any more.
    expect(within(value).queryByText('check this')).toBeNull();
    expect(within(value).queryByText(/from slide/)).toBeNull();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toMatchObject({
      path: `/api/emails/${record.id}/extracted-data`,
      body: { field: 'companyName', value: 'Orbital Logistics' },
    });
  });

  it("shows the server's refusal next to the field and keeps the editor open", async () => {
    const record = createRecord();
    answerApi((url, init) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (init.method === 'PATCH') return { status: 400, body: { message: 'Enter an email address' } };
      return undefined;
    });
    renderPage(<ExtractedDataDialog record={record} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Extracted Data' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Correct Email' }));
    const input = within(dialog).getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter an email address');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toBeTruthy();
  });
});

describe('AI Analysis dialog without an AI endpoint', () => {
  it('labels the offline analysis and lists sections, metrics, what is missing and red flags', async () => {
    const record = createRecord({ canAnalyze: true });
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { body: session };
      if (url.pathname === `/api/analysis/${record.id}`)
        return {
          body: {
            emailId: record.id,
            strengths: [],
            risks: [],
            openQuestions: [],
            marketNotes: [],
            model: 'offline analysis',
            createdAt: new Date().toISOString(),
            offline: {
              sectionsPresent: [{ section: 'traction', page: 5 }],
              sectionsMissing: ['team'],
              keyMetrics: [{ label: 'ARR', value: '$400k', page: 5 }],
              missingInformation: ['Team section'],
              redFlags: ['No team slide: who is building this is not shown'],
            },
          },
        };
      return undefined;
    });
    const onClose = vi.fn();
    renderPage(<AnalysisDialog record={record} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Offline analysis')).toBeTruthy());
    expect(
      within(within(dialog).getByRole('region', { name: 'Sections Present' })).getByText('slide 5'),
    ).toBeTruthy();
    expect(within(dialog).getByText('$400k (slide 5)')).toBeTruthy();
    expect(within(dialog).getByText('Team section')).toBeTruthy();
    expect(within(dialog).getByText('No team slide: who is building this is not shown')).toBeTruthy();
  });
});
