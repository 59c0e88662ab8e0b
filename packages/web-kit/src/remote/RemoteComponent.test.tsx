import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RemoteComponent, REMOTE_ERROR_TITLE } from './RemoteComponent.js';
import { PageHeading } from '../ui/PageHeading.js';

afterEach(() => cleanup());

describe('<RemoteComponent/>', () => {
  it('shows the error panel with a retry button when the remote cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RemoteComponent id="mfe_records/DashboardPage" />);
    expect(await screen.findByRole('heading', { name: REMOTE_ERROR_TITLE })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('renders the fallback instead of the panel when one is given', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RemoteComponent id="mfe_billing/PurchaseButton" fallback={<button>Buy Now - $50</button>} />);
    expect(await screen.findByRole('button', { name: 'Buy Now - $50' })).toBeTruthy();
    expect(screen.queryByText(REMOTE_ERROR_TITLE)).toBeNull();
  });
});

describe('remote ids', () => {
  it('are the union generated from the exposes maps: a misspelt module fails typecheck', () => {
    // @ts-expect-error 'mfe_billing/AccesPanel' is not exposed by mfe_billing
    const misspelt = <RemoteComponent id="mfe_billing/AccesPanel" />;
    expect(misspelt.props.id).toBe('mfe_billing/AccesPanel');
  });
});

describe('<PageHeading/>', () => {
  it('is a real level-1 heading', () => {
    render(<PageHeading>Team Members</PageHeading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Team Members' })).toBeTruthy();
  });
});
