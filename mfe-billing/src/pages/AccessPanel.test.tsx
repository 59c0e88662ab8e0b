import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Toaster, toast } from '@dealflow/web-kit';
import AccessPanel from './AccessPanel.js';
import { AccessTexts, TEMPLATE_URL, browser } from '../lib/texts.js';
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

const signedIn = (digitalProductAccess: boolean) =>
  answerApi((url) =>
    url.pathname === '/api/auth/me'
      ? { body: { user: person({ digitalProductAccess }), organization, sessionId: 's' } }
      : undefined,
  );

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
  it("shows the guide with 'Access Granted'; Visit Template opens a new tab with the 'Opening Template' toast", async () => {
    signedIn(true);
    const open = vi.spyOn(browser, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(AccessTexts.granted)).toBeTruthy();
    for (const step of [
      '1. Prerequisites',
      '2. Sign up or log in',
      '3. Remix the template',
      `4. ${AccessTexts.happyBuilding}`,
    ]) {
      expect(screen.getByRole('heading', { name: step })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: AccessTexts.visitTemplate }));
    expect(open).toHaveBeenCalledWith(TEMPLATE_URL);
    expect(await screen.findByText(AccessTexts.openingTemplate)).toBeTruthy();
    expect(screen.getByRole('button', { name: AccessTexts.getTemplateNow })).toBeTruthy();
  });

  it("without access shows 'Get Access to the Template' and 'Purchase Access' goes to /billing", async () => {
    signedIn(false);
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('heading', { name: AccessTexts.getAccessTitle })).toBeTruthy();
    expect(screen.getByText(AccessTexts.getAccessText)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: AccessTexts.purchaseAccess }));
    expect(screen.getByLabelText('location').textContent).toBe('/billing');
  });

  it("toasts 'Payment Successful!' for ?success and drops the query without leaving the dashboard", async () => {
    signedIn(true);
    render('/dashboard?checkout_success=1');
    expect(await screen.findByText(AccessTexts.paymentTitle)).toBeTruthy();
    expect(screen.getByText(AccessTexts.paymentText)).toBeTruthy();
    expect(screen.getByLabelText('location').textContent).toBe('/dashboard');
  });
});
