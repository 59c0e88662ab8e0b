import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, Card, makeStyles, tokens } from '@fluentui/react-components';
import { toast, useAuth, Button } from '@dealflow/web-kit';
import { AccessTexts, TEMPLATE_URL, browser } from '../lib/texts.js';

const useStyles = makeStyles({
  card: { padding: '20px', marginTop: '20px', display: 'flex', flexDirection: 'column', gap: '12px' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  step: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground2, margin: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
});

const openTemplate = () => {
  toast({ title: AccessTexts.openingTemplate, description: TEMPLATE_URL, variant: 'success' });
  browser.open(TEMPLATE_URL);
};

/** The dashboard's template guide (with digitalProductAccess) or the prompt to buy it. */
export default function AccessPanel() {
  const styles = useStyles();
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const paymentSucceeded = search.has('success') || search.has('checkout_success');

  // The seed resets the URL to '/', its dashboard; here '/' is the landing page, so the query is dropped and
  // the buyer stays on the dashboard (issue 14).
  useEffect(() => {
    if (!paymentSucceeded) return;
    toast({ title: AccessTexts.paymentTitle, description: AccessTexts.paymentText, variant: 'success' });
    navigate(location.pathname, { replace: true });
  }, [paymentSucceeded, navigate, location.pathname]);

  if (!user) return null;
  if (!user.digitalProductAccess) {
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
          An account on the code-hosting platform the template lives on (Replit).
        </p>
      </section>
      <section>
        <h3 className={styles.step}>2. Sign up or log in</h3>
        <p className={styles.muted}>Create your account or log in with Google, GitHub or email.</p>
      </section>
      <section>
        <h3 className={styles.step}>3. Remix the template</h3>
        <p className={styles.muted}>
          Open <span className={styles.code}>{TEMPLATE_URL}</span> and choose Remix to get your own copy.
        </p>
        <Button appearance="secondary" onClick={openTemplate}>
          {AccessTexts.visitTemplate}
        </Button>
      </section>
      <section>
        <h3 className={styles.step}>4. {AccessTexts.happyBuilding}</h3>
        <p className={styles.muted}>Your copy is yours to build on; updates are included for 6 months.</p>
      </section>
      <div>
        <Button appearance="primary" onClick={openTemplate}>
          {AccessTexts.getTemplateNow}
        </Button>
      </div>
    </Card>
  );
}
