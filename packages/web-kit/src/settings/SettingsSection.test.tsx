import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '../api/request.js';
import { SettingsSection } from './index.js';

// jsdom has no ResizeObserver; Fluent's MessageBar observes its size (the remotes get this from testing/setup).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => cleanup());

const idle = { isPending: false, error: null, refetch: () => undefined };
const renderSection = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('<SettingsSection/>', () => {
  it('is a region named by its <h2>, with its description and children', () => {
    renderSection(
      <SettingsSection title="Profile" description="Your name as your team sees it.">
        <p>form</p>
      </SettingsSection>,
    );
    const region = screen.getByRole('region', { name: 'Profile' });
    expect(screen.getByRole('heading', { level: 2, name: 'Profile' })).toBeTruthy();
    expect(region.textContent).toContain('Your name as your team sees it.');
    expect(region.textContent).toContain('form');
  });

  it("shows its query's loading state, then its error with a Retry that refetches", () => {
    const { rerender } = renderSection(
      <SettingsSection title="API keys" queryLabel="API keys" query={{ ...idle, isPending: true }} />,
    );
    expect(screen.getByText('Loading API keys...')).toBeTruthy();
    const refetch = vi.fn();
    rerender(
      <MemoryRouter>
        <SettingsSection
          title="API keys"
          queryLabel="API keys"
          query={{ ...idle, error: new Error('Boom'), refetch }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load API keys: Boom');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty text above its children while the list is empty', () => {
    renderSection(
      <SettingsSection
        title="API keys"
        queryLabel="API keys"
        query={idle}
        empty={{ when: true, text: 'No API keys yet.' }}
      >
        <button>dialog trigger</button>
      </SettingsSection>,
    );
    expect(screen.getByText('No API keys yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'dialog trigger' })).toBeTruthy();
  });

  it('turns a matching 403 into the upgrade panel with a link to the plans, any other error stays an error', () => {
    const upgrade = { title: 'API access is a Pro feature', matches: (m: string) => /Pro plan/.test(m) };
    // As the shared web-kit's transport throws it: an ApiError of another copy of the class than this module's.
    const proRequired = Object.assign(new Error('API keys need the Pro plan.'), {
      name: 'ApiError',
      status: 403,
    });
    const { rerender } = renderSection(
      <SettingsSection
        title="API keys"
        queryLabel="API keys"
        query={{ ...idle, error: proRequired }}
        upgrade={upgrade}
      />,
    );
    expect(screen.getByText('API access is a Pro feature')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBe('/billing');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    rerender(
      <MemoryRouter>
        <SettingsSection
          title="API keys"
          queryLabel="API keys"
          query={{ ...idle, error: new ApiError('Only the organization owner can do this', 403) }}
          upgrade={upgrade}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByText('API access is a Pro feature')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
