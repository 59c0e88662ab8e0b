import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Toaster, toast } from '@dealflow/web-kit';
import AccessPanel from './AccessPanel.js';
import { AccessTexts, browser } from '../lib/texts.js';
import { answerApi, renderPage } from '../test/render.js';
import { organization, person } from '../test/fixtures.js';

afterEach(() => {
  cleanup();
  toast.dismiss();
});

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

const LICENCE = {
  licence: {
    purchaseId: 'cs_test_1',
    product: 'dealflow-template-standard',
    licenceKey: 'DFL1.eyJwdXJjaGFzZUlkIjoiY3NfdGVzdF8xIn0.c2lnbmF0dXJl',
    issuedAt: '2026-11-28T05:00:00.000Z',
    updatesUntil: '2027-05-28T05:00:00.000Z',
  },
  versions: [
    {
      version: '1.1.0',
      releasedAt: '2027-01-10T00:00:00.000Z',
      sha256: 'b'.repeat(64),
      size: 1_600_000,
      currentAtPurchase: false,
    },
    {
      version: '1.0.0',
      releasedAt: '2026-11-01T00:00:00.000Z',
      sha256: 'a'.repeat(64),
      size: 1_500_000,
      currentAtPurchase: true,
    },
  ],
};

const signedIn = (digitalProductAccess: boolean, licence: unknown = LICENCE) =>
  answerApi((url) => {
    if (url.pathname === '/api/auth/me')
      return { body: { user: person({ digitalProductAccess }), organization, sessionId: 's' } };
    if (url.pathname === '/api/billing/licence') return { body: licence };
    return undefined;
  });

const render = (path = '/dashboard') =>
  renderPage(
    <>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <AccessPanel />
              <Where />
            </>
          }
        />
      </Routes>
      <Toaster />
    </>,
    { path },
  );

describe('AccessPanel', () => {
  it("shows 'Access Granted', the licence key, each covered version as a download and the guide and terms links", async () => {
    const calls = signedIn(true);
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(AccessTexts.granted)).toBeTruthy();
    for (const step of [
      '1. Prerequisites',
      `2. ${AccessTexts.licenceKey}`,
      '3. Download the template',
      `4. ${AccessTexts.happyBuilding}`,
    ]) {
      expect(screen.getByRole('heading', { name: step })).toBeTruthy();
    }
    expect((await screen.findByLabelText(AccessTexts.licenceKey)).textContent).toBe(
      LICENCE.licence.licenceKey,
    );
    expect(screen.getByText(/updates until May 28, 2027/)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: /^Version / });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Version 1.1.0', '/api/billing/licence/versions/1.1.0/archive'],
      ['Version 1.0.0', '/api/billing/licence/versions/1.0.0/archive'],
    ]);
    expect(screen.getByText('a'.repeat(64))).toBeTruthy();
    expect(screen.getByRole('link', { name: AccessTexts.guide }).getAttribute('href')).toBe('/licence/guide');
    expect(screen.getByRole('link', { name: AccessTexts.terms }).getAttribute('href')).toBe('/licence/terms');
    // No invented address any more: 'Get Template Now' downloads the newest covered version.
    expect(document.body.textContent).not.toMatch(/replit/i);
    await user.click(screen.getByRole('button', { name: AccessTexts.getTemplateNow }));
    expect(assign).toHaveBeenCalledWith('/api/billing/licence/versions/1.1.0/archive');
    expect(await screen.findByText(AccessTexts.openingTemplate)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/billing/licence')).toBe(true);
  });

  it('says when no version is released yet and keeps Get Template Now disabled', async () => {
    signedIn(true, { ...LICENCE, versions: [] });
    render();
    expect(await screen.findByText(AccessTexts.noVersions)).toBeTruthy();
    expect(screen.getByRole('button', { name: AccessTexts.getTemplateNow }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it("without access shows 'Get Access to the Template' and 'Purchase Access' goes to /billing", async () => {
    const calls = signedIn(false);
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('heading', { name: AccessTexts.getAccessTitle })).toBeTruthy();
    expect(screen.getByText(AccessTexts.getAccessText)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: AccessTexts.purchaseAccess }));
    expect(screen.getByLabelText('location').textContent).toBe('/billing');
    // Only buyers ask for the licence.
    expect(calls.some((c) => c.path === '/api/billing/licence')).toBe(false);
  });

  it("toasts 'Payment Successful!' for ?success and drops the query without leaving the dashboard", async () => {
    signedIn(true);
    render('/dashboard?checkout_success=1');
    expect(await screen.findByText(AccessTexts.paymentTitle)).toBeTruthy();
    expect(screen.getByText(AccessTexts.paymentText)).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/dashboard');
  });
});
