import '../testing/setup.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { REAUTH_NO_PASSWORD_MESSAGE, REAUTH_REQUIRED_MESSAGE, useReauthentication } from './ReauthPrompt.js';
import { ApiError } from '../api/request.js';
import { json, stubFetch } from '../test/fetch.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A page whose action needs re-authentication (as two-factor enrolment or API-key creation does). */
function Enrol({ action }: { action: () => Promise<string> }) {
  const { withReauthentication, prompt } = useReauthentication();
  const enrol = useMutation({ mutationFn: () => withReauthentication(action) });
  return (
    <>
      <button onClick={() => enrol.mutate()}>Enrol</button>
      {prompt}
    </>
  );
}

describe('useReauthentication', () => {
  it('offers a Google-only account "Sign in again with Google", returning to this page', async () => {
    stubFetch(() => json({ message: REAUTH_NO_PASSWORD_MESSAGE }, 400, 'Bad Request'));
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/settings', search: '?tab=security', assign });
    const action = vi.fn(async () => {
      throw new ApiError(REAUTH_REQUIRED_MESSAGE, 403);
    });
    const user = userEvent.setup();
    render(
      <FluentProvider theme={webLightTheme}>
        <QueryClientProvider client={new QueryClient()}>
          <Enrol action={action} />
        </QueryClientProvider>
      </FluentProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Enrol' }));
    await user.type(await screen.findByLabelText(/Password/), 'anything');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in again with Google' }));
    expect(assign).toHaveBeenCalledWith(
      `/api/auth/google?returnTo=${encodeURIComponent('/settings?tab=security')}`,
    );
  });
});
