/**
 * The declared exceptions of the AST rules: each one says why it is not the rule's case. A finding matches an
 * entry when its file is the entry's and the text of its line contains `match`.
 */
export interface TAllowed {
  file: string;
  rule: string;
  match: string;
  why: string;
}

export const ALLOWED: TAllowed[] = [
  // Google sign-in: the browser is redirected to these two addresses (OpenID Connect authorization code flow),
  // they answer with redirects and a state cookie, not JSON: no contract route, no typed client.
  {
    file: 'svc-identity/src/routes/google.ts',
    rule: 'fastify-route',
    match: "'/api/auth/google'",
    why: 'OIDC redirect',
  },
  {
    file: 'svc-identity/src/routes/google.ts',
    rule: 'fastify-route',
    match: 'CALLBACK_PATH',
    why: 'OIDC callback',
  },
  // The embedded payment provider's pages (HTML forms the browser posts, as Stripe's hosted pages would be):
  // they move to packages/payments-embedded (issue 21 item 5).
  {
    file: 'svc-billing/src/routes/pay.ts',
    rule: 'fastify-route',
    match: "'/pay/",
    why: 'embedded provider pages',
  },
  // The receipt page and its print script: HTML for a signed link in the receipt email, not an API call.
  {
    file: 'svc-billing/src/routes/invoices.ts',
    rule: 'fastify-route',
    match: "'/pay/receipts/",
    why: 'HTML page',
  },
  // The shell loads the gateway's remotes.json (Module Federation manifest) before any remote or web-kit exists.
  {
    file: 'shell/src/federation/remotes.ts',
    rule: 'fetch-outside-transport',
    match: 'fetch(url',
    why: 'manifest',
  },
];
