/**
 * Noon, `days` calendar days from today (local time). `now + 3 days + 1 hour` crossed into a fourth calendar
 * day after 23:00, so the trial banner's "ends in 3 days" failed in the last hour of every day.
 */
const middayInDays = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(12, 0, 0, 0);
  return date.toISOString();
};
export const organization = {
  id: 3,
  name: 'Acme',
  ownerId: 1,
  plan: 'pro',
  billingCycle: 'annual',
  subscriptionStatus: 'trialing',
  subscriptionQuantity: 1,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  trialEndsAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

export const person = (
  overrides: Partial<{ id: number; role: 'owner' | 'member'; digitalProductAccess: boolean }> = {},
) => ({
  id: 1,
  name: 'Olivia',
  email: 'olivia@example.com',
  role: 'owner' as const,
  profilePicture: null,
  organizationId: 3,
  digitalProductAccess: false,
  emailVerified: true,
  createdAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

export const subscription = (overrides: Record<string, unknown> = {}) => ({
  plan: 'pro',
  planLabel: 'Professional',
  billingCycle: 'annual',
  status: 'trialing',
  seats: 2,
  pricePerSeat: 480,
  amount: 960,
  currency: 'usd',
  trialEndsAt: middayInDays(3),
  currentPeriodEnd: '2026-11-28T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  hasPaymentMethod: true,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
  ...overrides,
});

export const freeSubscription = () =>
  subscription({
    plan: 'free',
    planLabel: 'Free',
    billingCycle: null,
    status: 'active',
    seats: 1,
    pricePerSeat: null,
    amount: null,
    trialEndsAt: null,
    currentPeriodEnd: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
  });
