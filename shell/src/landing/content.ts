// The landing page's copy (seed 000 section 1).

export const features = [
  {
    title: 'Reads your deal inbox',
    text: 'Founders email their decks to your organization address; every email is picked up, from the web or IMAP.',
  },
  {
    title: 'AI extraction from pitch decks',
    text: 'Company, industry, funding round and amount, key metrics and contacts, pulled from the PDF.',
  },
  {
    title: 'Deals in your CRM',
    text: 'A deal is created in the built-in CRM or Affinity, with duplicate companies recognised.',
  },
  {
    title: 'Sign-in you can trust',
    text: 'Email and password or Google sign-in, password reset, sessions, hashed passwords and CSRF protection.',
  },
  {
    title: 'Billing built in',
    text: 'Basic and Pro plans, monthly or annual, per-seat pricing, trials, upgrades, downgrades, cancellations and a billing portal.',
  },
  {
    title: 'Teams and roles',
    text: 'Invite teammates by email, Owner and Member roles, and seats that follow your team size.',
  },
  {
    title: 'Postgres underneath',
    text: 'Each part of the product owns its own PostgreSQL database; events keep them in step.',
  },
  {
    title: 'Email templates',
    text: 'Invitations, password resets and welcome emails, with a local fallback in development.',
  },
  {
    title: 'AI-assistant friendly',
    text: 'A codebase laid out so that an AI coding assistant can find and change the right file.',
  },
];

export const integrations = [
  'Gmail',
  'Outlook',
  'IMAP',
  'Affinity',
  'Xero',
  'Stripe',
  'OpenAI-compatible AI',
  'PostgreSQL',
];

export const testimonials = [
  {
    quote:
      'We used to lose decks in a shared inbox. Now every one of them is a record with the numbers pulled out by the time we open it.',
    name: 'Maya Lindqvist',
    role: 'Partner, Northbeam Ventures',
  },
  {
    quote:
      'Setting up the team took five minutes, and the deals land in our CRM without anyone copying and pasting.',
    name: 'Daniel Okafor',
    role: 'Principal, Harbor Seed Fund',
  },
];

export const faqs = [
  {
    q: 'How does the free trial work?',
    a: 'Every plan starts with a 7-day free trial. A credit card is required, nothing is charged until the trial ends, and you can cancel anytime.',
  },
  {
    q: 'How is the price calculated?',
    a: 'Per user: Basic is $30 per user per month or $300 per year, Pro is $50 per user per month or $480 per year. Adding or removing team members updates your seats automatically.',
  },
  {
    q: 'What is the difference between Basic and Pro?',
    a: 'Basic processes up to 100 records per user per month with AI extraction, two integrations (mailbox, accounting, CRM) and email support. Pro processes 200, with unlimited integrations, AI deck analysis, analytics and API access.',
  },
  {
    q: 'What do I get with the $50 Standard License?',
    a: 'The full source code of the starter template behind Dealflow for one project, 6 months of updates and the documentation. After purchase, your dashboard shows a step-by-step guide.',
  },
  {
    q: 'Can I get a refund?',
    a: 'The Standard License is delivered immediately, so all sales are final. Subscriptions can be cancelled at any time from the billing page.',
  },
  {
    q: 'Which CRMs are supported?',
    a: 'Deals are created in the built-in CRM by default, or in Affinity when you connect it.',
  },
];
