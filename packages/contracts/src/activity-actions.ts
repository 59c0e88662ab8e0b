// No zod here: the front ends import this file (`@dealflow/contracts/activity`) for the labels and categories.

/**
 * The activity log (issue 15 item 3): every security, team and billing event of an organization, written by
 * svc-identity (its own use-cases, and billing's and ingest's events consumed through Kafka) and read by the
 * owner's Activity page. To record a new kind of event, add its action here with its category and label (the
 * page's filter and the CSV use them), then call svc-identity's `recordActivity` / `logActivity` with it.
 */
export const ACTIVITY_ACTIONS = {
  // security
  sign_in: { category: 'security', label: 'Signed in' },
  sign_in_failed: { category: 'security', label: 'Failed sign-in' },
  sign_out: { category: 'security', label: 'Signed out' },
  session_revoked: { category: 'security', label: 'Session ended' },
  email_changed: { category: 'security', label: 'Email changed' },
  password_changed: { category: 'security', label: 'Password changed' },
  password_reset_requested: { category: 'security', label: 'Password reset requested' },
  password_reset: { category: 'security', label: 'Password reset' },
  // Two-factor sign-in (issue 15 item 2) records these from its use-cases.
  two_factor_enabled: { category: 'security', label: 'Two-factor sign-in enabled' },
  two_factor_disabled: { category: 'security', label: 'Two-factor sign-in disabled' },
  two_factor_recovery_codes_regenerated: { category: 'security', label: 'Recovery codes regenerated' },
  two_factor_required_changed: { category: 'security', label: 'Two-factor requirement changed' },
  // API keys (issue 20): created and revoked from their routes; a key's first use and its first use from
  // each new address from introspection (svc-identity record-api-key-use.ts), never a row per request.
  api_key_created: { category: 'security', label: 'API key created' },
  api_key_revoked: { category: 'security', label: 'API key revoked' },
  api_key_first_used: { category: 'security', label: 'API key first used' },
  api_key_new_address: { category: 'security', label: 'API key used from a new address' },
  api_key_used: { category: 'security', label: 'API key used' },
  account_deleted: { category: 'security', label: 'Account deleted' },
  // team
  invitation_sent: { category: 'team', label: 'Invitation sent' },
  invitation_revoked: { category: 'team', label: 'Invitation revoked' },
  invitation_role_changed: { category: 'team', label: 'Invitation role changed' },
  invitation_accepted: { category: 'team', label: 'Invitation accepted' },
  member_role_changed: { category: 'team', label: 'Role changed' },
  member_removed: { category: 'team', label: 'Member removed' },
  organization_created: { category: 'team', label: 'Organization created' },
  organization_updated: { category: 'team', label: 'Organization updated' },
  organization_deleted: { category: 'team', label: 'Organization deleted' },
  // billing (from billing's events)
  plan_changed: { category: 'billing', label: 'Plan changed' },
  seats_changed: { category: 'billing', label: 'Seats changed' },
  subscription_status_changed: { category: 'billing', label: 'Subscription status changed' },
  purchase_completed: { category: 'billing', label: 'Purchase completed' },
  // The payment clock (invoices) records these when its events exist.
  payment_succeeded: { category: 'billing', label: 'Payment succeeded' },
  payment_failed: { category: 'billing', label: 'Payment failed' },
  // integrations (from ingest's events)
  mailbox_connected: { category: 'integrations', label: 'Mailbox connected' },
  mailbox_disconnected: { category: 'integrations', label: 'Mailbox disconnected' },
  webhook_secret_rotated: { category: 'integrations', label: 'Webhook secret rotated' },
  webhook_secret_revealed: { category: 'integrations', label: 'Webhook secret revealed' },
  mailgun_key_changed: { category: 'integrations', label: 'Mailgun signing key changed' },
  record_deleted: { category: 'integrations', label: 'Record deleted' },
  sender_blocked: { category: 'integrations', label: 'Sender blocked' },
} as const satisfies Record<string, { category: TActivityCategory; label: string }>;

export const ACTIVITY_CATEGORIES = ['security', 'team', 'billing', 'integrations'] as const;
export type TActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];
export const ACTIVITY_CATEGORY_LABELS: Record<TActivityCategory, string> = {
  security: 'Security',
  team: 'Team',
  billing: 'Billing',
  integrations: 'Integrations',
};

export type TActivityAction = keyof typeof ACTIVITY_ACTIONS;
/** The actions of a category (the filter "what"). */
export const actionsOfCategory = (category: TActivityCategory): TActivityAction[] =>
  (Object.keys(ACTIVITY_ACTIONS) as TActivityAction[]).filter(
    (a) => ACTIVITY_ACTIONS[a].category === category,
  );

/** A label for any stored action, including one this build does not know yet. */
export const activityActionLabel = (action: string): string =>
  (ACTIVITY_ACTIONS as Record<string, { label: string }>)[action]?.label ?? action.replaceAll('_', ' ');
