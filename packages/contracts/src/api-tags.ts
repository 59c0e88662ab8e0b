/**
 * The API's tags, each with the description the OpenAPI document declares for it (its global `tags`).
 * A route's `tag` is one of these keys: a route with a new tag does not compile until the tag is described.
 */
export const ApiTags = {
  auth: 'Signing in and out, registration, password reset and the current session.',
  invitations: 'Invitations to join an organization: reading one and accepting it.',
  organization: 'The organization: its name, members, pending invitations and deletion (owner).',
  user: "The signed-in person's profile, password, notification settings and account deletion.",
  config: 'Public configuration the web client reads before anyone signs in.',
  account: "The signed-in person's sessions and email address (change and verification).",
  'api-keys': 'Organization API keys (Pro plan): listing, creating and revoking them (owner).',
  'two-factor': 'Two-factor sign-in with an authenticator app, for a person and as an organization rule.',
  billing: 'Plans, checkout, the billing portal, subscription changes, usage and invoices.',
  webhooks: 'Requests that payment and mail providers sign and send to the API; not for API clients.',
  records: 'Pitch-deck emails turned into company records: listing, reading, correcting and reprocessing.',
  integrations: 'The connected mailbox, inbound mail settings and the accounting connection.',
  analytics: "Charts of the organization's deal flow (Pro plan).",
  crm: 'CRM deals made from records, and the Affinity connection.',
  internal:
    'Service-to-service routes (INTERNAL_API_TOKEN); never routed by the gateway, not in the document.',
} as const;
export type TApiTag = keyof typeof ApiTags;
