import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { Toaster, toast } from '@dealflow/web-kit';
import { createSession } from '@dealflow/web-kit/testing';
import { readPendingCheckout } from '@dealflow/web-kit/pending-checkout';
import OrganizationSetupPage from './OrganizationSetupPage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(() => {
  cleanup();
  toast.dismiss();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

/** Registration made the organization (no plan yet); `verified` is what the server says at the click. */
function ownerOf(verified: { atLoad: boolean; atClick: boolean }) {
  let meCalls = 0;
  return answerApi((url) => {
    if (url.pathname === '/api/auth/me') {
      meCalls += 1;
      const session = createSession({ organization: { name: 'North Fund', plan: 'free' } });
      return {
        body: {
          ...session,
          user: { ...session.user, emailVerified: meCalls > 1 ? verified.atClick : verified.atLoad },
        },
      };
    }
    if (url.pathname === '/api/stripe/checkout')
      return { body: { url: 'http://localhost:3000/pay/checkout/cs_local_4', sessionId: 'cs_local_4' } };
    return undefined;
  });
}

function page() {
  renderPage(
    <>
      <Routes>
        <Route path="/organization-setup" element={<OrganizationSetupPage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
      <Toaster />
    </>,
    { path: '/organization-setup' },
  );
}

/** The page rendered with location.assign stubbed, once the organization's saved name has loaded. */
async function openWithSavedName() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const user = userEvent.setup();
  page();
  await waitFor(() =>
    expect((screen.getByRole('textbox', { name: /Organization name/ }) as HTMLInputElement).value).toBe(
      'North Fund',
    ),
  );
  return { assign, user };
}

describe('OrganizationSetupPage: the trial of an owner who has not verified yet (issue 15)', () => {
  it('starts no checkout: keeps the plan for after the link, says so, and goes to the dashboard', async () => {
    const calls = ownerOf({ atLoad: false, atClick: false });
    const { assign, user } = await openWithSavedName();
    await user.click(screen.getByRole('radio', { name: /Monthly/ }));
    await user.click(screen.getByRole('button', { name: 'Start 7-Day Free Trial' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByText('Verify your email to start your trial')).toBeTruthy();
    expect(screen.getByText(/We sent a link to ivy@fund\.example/)).toBeTruthy();
    expect(readPendingCheckout()).toEqual({ kind: 'plan', plan: 'pro', billingCycle: 'monthly' });
    expect(calls.some((c) => c.path === '/api/stripe/checkout')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to checkout when the address was verified in the meantime (the server is asked at the click)', async () => {
    const calls = ownerOf({ atLoad: false, atClick: true });
    const { assign, user } = await openWithSavedName();
    await user.click(screen.getByRole('button', { name: 'Start 7-Day Free Trial' }));
    await expect.poll(() => assign.mock.calls[0]?.[0]).toBe('http://localhost:3000/pay/checkout/cs_local_4');
    expect(calls.find((c) => c.path === '/api/stripe/checkout')!.body).toEqual({
      plan: 'pro',
      billingCycle: 'annual',
    });
    expect(readPendingCheckout()).toBeNull();
  });
});
