import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from './LoginPage.js';
import { answerApi, renderPage } from '../test/render.js';

afterEach(cleanup);

// The answer every service gives when its tables are missing (service-kit's error handler, issue 15 item 7).
const NOT_INITIALIZED = {
  status: 503,
  body: {
    message: 'Database schema not initialized. Please run the setup script: ./setup.sh',
    dbInitRequired: true,
  },
};

describe('LoginPage database notice', () => {
  it('shows "Database not initialized" with the setup steps when the sign-in answers dbInitRequired', async () => {
    answerApi((url) => {
      if (url.pathname === '/api/auth/me') return { status: 401, body: { message: 'Not authenticated' } };
      if (url.pathname === '/api/config')
        return { body: { supportEmail: 'help@example.com', googleSignInEnabled: false } };
      if (url.pathname === '/api/auth/login') return NOT_INITIALIZED;
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login', signedOut: true });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/Password/), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Database not initialized')).toBeTruthy();
    expect(screen.getByText(/Run \.\/setup\.sh/)).toBeTruthy();
  });
});
