import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TeamMembersPage, { NO_ADDITIONAL_MEMBERS } from './TeamMembersPage.js';
import { answerApi, buttonNamed, renderPage } from '../test/render.js';

afterEach(cleanup);

const organization = {
  id: 3,
  name: 'Acme',
  ownerId: 1,
  plan: 'pro',
  billingCycle: 'annual',
  subscriptionStatus: 'trialing',
  subscriptionQuantity: 2,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  trialEndsAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const person = (id: number, name: string, role: 'owner' | 'member') => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  profilePicture: null,
  organizationId: 3,
  digitalProductAccess: false,
  emailVerified: true,
  createdAt: '2026-11-02T10:00:00.000Z',
});
const owner = person(1, 'Olivia', 'owner');
const member = person(2, 'Max', 'member');
const asMember = (id: number, name: string, role: 'owner' | 'member') => {
  const p = person(id, name, role);
  return { id: p.id, name: p.name, email: p.email, role: p.role, createdAt: p.createdAt };
};

function signedInAs(
  user: typeof owner,
  members: unknown[],
  extra?: (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined,
) {
  return answerApi((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/auth/me') return { body: { user, organization, sessionId: 's' } };
    if (url.pathname === '/api/organization/members') return { body: members };
    if (url.pathname === '/api/organization/invitations') {
      return {
        body: [
          {
            id: 9,
            name: 'Ivy',
            email: 'ivy@example.com',
            role: 'member',
            createdAt: '2026-11-20T10:00:00.000Z',
            expiresAt: '2026-11-27T10:00:00.000Z',
          },
        ],
      };
    }
    return undefined;
  });
}

describe('TeamMembersPage', () => {
  it("shows a member 'Your organization has no additional members.' and no owner controls", async () => {
    const calls = signedInAs(member, [asMember(2, 'Max', 'member')]);
    renderPage(<TeamMembersPage />, { path: '/team-members' });
    expect(await screen.findByText(NO_ADDITIONAL_MEMBERS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite Member' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pending Invitations' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/organization/invitations')).toBe(false);
  });

  it('shows a member the list without the Actions column', async () => {
    signedInAs(member, [asMember(1, 'Olivia', 'owner'), asMember(2, 'Max', 'member')]);
    renderPage(<TeamMembersPage />, { path: '/team-members' });
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Joined']);
    expect(within(table).getAllByText('Nov 2, 2026')).toHaveLength(2);
  });

  it("tells an owner 'No pending invitations.' when there are none", async () => {
    signedInAs(owner, [asMember(1, 'Olivia', 'owner')], (url) =>
      url.pathname === '/api/organization/invitations' ? { body: [] } : undefined,
    );
    renderPage(<TeamMembersPage />, { path: '/team-members' });
    expect(await screen.findByText('No pending invitations.')).toBeTruthy();
  });

  it('gives owners actions, the invitations table and the invite dialog with the billing notice', async () => {
    signedInAs(owner, [asMember(1, 'Olivia', 'owner'), asMember(2, 'Max', 'member')]);
    const user = userEvent.setup();
    renderPage(<TeamMembersPage />, { path: '/team-members' });
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Actions');
    const invitations = await screen.findByRole('table', { name: 'Pending Invitations' });
    expect(within(invitations).getByText('Nov 27, 2026')).toBeTruthy();

    await user.click(buttonNamed('Invite Member'));
    await screen.findByText('Send Invitation');
    expect(screen.getAllByText(/billed on a non-free plan/).length).toBeGreaterThan(0);
    await user.click(buttonNamed('Send Invitation'));
    expect(await screen.findByText('Name must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('refetches the members after a failed role change', async () => {
    const calls = signedInAs(
      owner,
      [asMember(1, 'Olivia', 'owner'), asMember(2, 'Max', 'member')],
      (url, init) =>
        url.pathname === '/api/organization/members/2/role' && init.method === 'PATCH'
          ? { status: 403, body: { message: 'An organization must keep at least one owner' } }
          : undefined,
    );
    const user = userEvent.setup();
    renderPage(<TeamMembersPage />, { path: '/team-members' });
    const table = await screen.findByRole('table', { name: 'Members' });
    await user.click(within(table).getByText('Change Role'));
    await screen.findByText('Role for Max');
    await user.selectOptions(screen.getByLabelText('Role for Max'), 'owner');
    const before = calls.filter((c) => c.path === '/api/organization/members').length;
    await user.click(buttonNamed('Save Role'));
    await expect
      .poll(() => calls.filter((c) => c.path === '/api/organization/members').length)
      .toBe(before + 1);
    expect(calls.find((c) => c.path === '/api/organization/members/2/role')?.body).toEqual({ role: 'owner' });
  });
});
