import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { api, buildUrl } from '@dealflow/contracts/client';
import { toast, useAuth, Button } from '@dealflow/web-kit';
import { formatDate } from '../lib/dates.js';
import { AccessTexts, browser } from '../lib/texts.js';

const useStyles = makeStyles({
  card: { padding: '20px', marginTop: '20px', display: 'flex', flexDirection: 'column', gap: '12px' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  step: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    wordBreak: 'break-all',
    background: tokens.colorNeutralBackground3,
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    margin: 0,
  },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  list: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
});

/** The archive of one version: a plain link (a download, not a fetch), the session cookie goes along. */
export const templateDownloadUrl = (version: string) =>
  buildUrl(api.billing.downloadTemplate.path, { params: { version } });

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The dashboard's access panel (seed 001 section 2, issue 20): with digitalProductAccess the buyer's signed
 * licence key, the template versions the licence covers (each a download) and the getting-started guide and
 * licence terms pages; without it, the prompt to buy.
 */
export default function AccessPanel() {
  const styles = useStyles();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const paymentSucceeded = search.has('success') || search.has('checkout_success');
  const hasAccess = !!user?.digitalProductAccess;
  const licence = useQuery({ ...api.billing.licence.queryOptions(), enabled: hasAccess });

  // The seed resets the URL to '/', its dashboard; here '/' is the landing page, so the query is dropped and
  // the buyer stays on the dashboard (issue 14).
  useEffect(() => {
    if (!paymentSucceeded) return;
    toast({ title: AccessTexts.paymentTitle, description: AccessTexts.paymentText, variant: 'success' });
    navigate(location.pathname, { replace: true });
  }, [paymentSucceeded, navigate, location.pathname]);

  if (!user) return null;
  if (!hasAccess) {
    return (
      <Card className={styles.card} aria-label={AccessTexts.getAccessTitle}>
        <h2 className={styles.title}>{AccessTexts.getAccessTitle}</h2>
        <p className={styles.muted}>{AccessTexts.getAccessText}</p>
        <div>
          <Button appearance="primary" onClick={() => navigate('/billing')}>
            {AccessTexts.purchaseAccess}
          </Button>
        </div>
      </Card>
    );
  }
  const data = licence.data;
  const newest = data?.versions[0];
  const download = (version: string) => {
    toast({ title: AccessTexts.openingTemplate, description: `Version ${version}`, variant: 'success' });
    browser.assign(templateDownloadUrl(version));
  };
  const copyKey = async () => {
    if (!data) return;
    await navigator.clipboard?.writeText(data.licence.licenceKey);
    toast({ title: AccessTexts.copied, variant: 'success' });
  };
  return (
    <Card className={styles.card} aria-label="Getting started with the template">
      <div className={styles.row}>
        <h2 className={styles.title}>Getting started</h2>
        <Badge appearance="filled" color="success">
          {AccessTexts.granted}
        </Badge>
      </div>
      <section>
        <h3 className={styles.step}>1. Prerequisites</h3>
        <p className={styles.muted}>
          Node.js 20.19 or newer and npm, and git. The <Link to="/licence/guide">{AccessTexts.guide}</Link>{' '}
          walks you through installing, running, testing and deploying it.
        </p>
      </section>
      <section>
        <h3 className={styles.step}>2. {AccessTexts.licenceKey}</h3>
        {licence.isPending ? <Spinner size="tiny" /> : null}
        {licence.isError ? <p className={styles.muted}>{AccessTexts.loadError}</p> : null}
        {data ? (
          <>
            <p className={styles.muted}>
              Standard License for one project, bought {formatDate(data.licence.issuedAt)}; updates until{' '}
              {formatDate(data.licence.updatesUntil)}. <Link to="/licence/terms">{AccessTexts.terms}</Link>
            </p>
            <pre className={styles.code} aria-label={AccessTexts.licenceKey}>
              {data.licence.licenceKey}
            </pre>
            <div>
              <Button appearance="secondary" onClick={() => void copyKey()}>
                {AccessTexts.copyKey}
              </Button>
            </div>
          </>
        ) : null}
      </section>
      <section aria-label={AccessTexts.versionsTitle}>
        <h3 className={styles.step}>3. Download the template</h3>
        {data && data.versions.length === 0 ? <p className={styles.muted}>{AccessTexts.noVersions}</p> : null}
        {data && data.versions.length > 0 ? (
          <ul className={styles.list}>
            {data.versions.map((v) => (
              <li key={v.version}>
                <a href={templateDownloadUrl(v.version)} download>
                  Version {v.version}
                </a>{' '}
                <span className={styles.muted}>
                  released {formatDate(v.releasedAt)}, {megabytes(v.size)}
                  {v.currentAtPurchase ? ', current when you bought' : ''}; sha256{' '}
                  <span className={styles.code}>{v.sha256}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section>
        <h3 className={styles.step}>4. {AccessTexts.happyBuilding}</h3>
        <p className={styles.muted}>
          Unpack it, run <span className={styles.code}>npm install</span> and{' '}
          <span className={styles.code}>npm start</span>: the copy is yours to build your one project on.
        </p>
      </section>
      <div>
        <Button appearance="primary" disabled={!newest} onClick={() => newest && download(newest.version)}>
          {AccessTexts.getTemplateNow}
        </Button>
      </div>
    </Card>
  );
}
