import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Card, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  card: {
    maxWidth: '760px',
    margin: '24px auto',
    padding: '24px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
  heading: { margin: '12px 0 0', fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, lineHeight: tokens.lineHeightBase400 },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    background: tokens.colorNeutralBackground3,
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
    whiteSpace: 'pre-wrap',
  },
  nav: { display: 'flex', gap: '16px' },
});

function Page({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} aria-label={title}>
      <h1 className={styles.title}>{title}</h1>
      {children}
      <nav className={styles.nav} aria-label="Template pages">
        <Link to="/dashboard">Back to the dashboard</Link>
        <Link to="/licence/guide">Getting started guide</Link>
        <Link to="/licence/terms">Licence terms</Link>
      </nav>
    </Card>
  );
}

export const LICENCE_TERMS_TITLE = 'Standard License terms';
export const GUIDE_TITLE = 'Getting started with the template';

/** The Standard License as the landing page and the Terms of Service sell it (seed 000). */
export function LicenceTermsPage() {
  const styles = useStyles();
  const p = (text: ReactNode) => <p className={styles.text}>{text}</p>;
  const h = (text: string) => <h2 className={styles.heading}>{text}</h2>;
  return (
    <Page title={LICENCE_TERMS_TITLE}>
      {p(
        'The Standard License is bought once, for $50, paid upfront. All sales are final: there are no refunds.',
      )}
      {h('What you get')}
      {p(
        'The full source code of the template, as an archive of a released version, with its documentation (the README of each part and this getting-started guide).',
      )}
      {h('One project')}
      {p(
        'You may use, change and deploy the source for a single project of your own or of one client, commercial or not. A second project needs a second licence.',
      )}
      {h('What you may not do')}
      {p(
        'Resell, sublicense or redistribute the source, changed or not, as a template, starter kit or boilerplate; publish it in a public repository; or use it in a product that competes with the template itself.',
      )}
      {h('Updates for six months')}
      {p(
        'Every version released within six months of your purchase can be downloaded from your dashboard, besides the version current when you bought. Later versions need a new licence.',
      )}
      {h('Your licence key')}
      {p(
        'Each purchase gets a signed licence key naming the purchase, the buyer, the product, the purchase date and the end of its updates. Keep it with the project: it shows the copy is licensed.',
      )}
      {h('Intellectual property, liability and termination')}
      {p(
        'The template remains ours; your changes are yours. It is provided as is, without warranty, and our liability is limited to the price paid. A breach of these terms ends the licence. The Terms of Service (governed by the laws of Delaware) apply.',
      )}
      {p(
        <>
          Questions: the support address on the <Link to="/terms">Terms of Service</Link> page.
        </>,
      )}
    </Page>
  );
}

/** The getting-started guide, written from the repository's README: install, run, test, deploy. */
export function GettingStartedPage() {
  const styles = useStyles();
  const p = (text: ReactNode) => <p className={styles.text}>{text}</p>;
  const h = (text: string) => <h2 className={styles.heading}>{text}</h2>;
  const code = (text: string) => <pre className={styles.code}>{text}</pre>;
  return (
    <Page title={GUIDE_TITLE}>
      {h('1. Prerequisites')}
      {p(
        'Node.js 20.19 or newer with npm, and git. Nothing else: PostgreSQL, the Kafka-protocol broker and the payment provider run embedded when you do not configure your own.',
      )}
      {h('2. Install')}
      {p(
        'Download the newest version from your dashboard (Downloads), check its sha256 against the one shown there, then unpack and install:',
      )}
      {code(
        'sha256sum dealflow-template-<version>.tar.gz\ntar xzf dealflow-template-<version>.tar.gz\ncd dealflow-template-<version>\nnpm install',
      )}
      {h('3. Run')}
      {code('npm start')}
      {p(
        'It builds every part, starts an embedded PostgreSQL (data kept in .data/ between runs), the broker, the four services, the front ends and the gateway, and prints one URL: http://localhost:3000. Every variable is in .env.example (copy it to .env): each one switches a part to an external service (DATABASE_URL, KAFKA_BROKERS, REDIS_URL, STRIPE_SECRET_KEY, SMTP_URL...).',
      )}
      {h('4. Test')}
      {code(
        'npm test                              # build, unit and integration tests, then Playwright\nnpm test -w @dealflow/svc-billing     # one workspace\ncd e2e && npx playwright test tests/auth.spec.ts   # one end-to-end spec',
      )}
      {p(
        'Integration tests use a real PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and Redis at 127.0.0.1:6379; third-party APIs are exercised against local stand-ins.',
      )}
      {h('5. Deploy')}
      {p(
        'Each service and the gateway build into an image (k8s/images/Dockerfile.service); charts/ holds a Helm chart per part and an umbrella chart, k8s/ a kustomize base. docs/DEPLOY.md lists the Secrets each part needs (database URLs, the shared internal token, the identity key pair, Stripe keys) and the order: migrations, services, gateway.',
      )}
      {h('6. Build on it')}
      {p(
        'README.md explains the architecture (one shape for every service, contracts in packages/contracts) with a worked example that adds a route in three steps; docs/CONVENTIONS.md has the rules the code follows.',
      )}
    </Page>
  );
}

/**
 * The template's pages (issue 20): the shell routes /licence/terms and /licence/guide here (exact paths), and
 * the page follows the location; both are reached from the access panel and the post-purchase screen.
 */
export default function LicencePages() {
  const { pathname } = useLocation();
  return pathname.replace(/\/+$/, '').endsWith('/terms') ? <LicenceTermsPage /> : <GettingStartedPage />;
}
