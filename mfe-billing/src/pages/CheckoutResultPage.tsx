import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Card, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { Button, RemoteComponent, useAuth } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { ClaimTexts, browser } from '../lib/texts.js';

const useStyles = makeStyles({
  card: {
    maxWidth: '480px',
    margin: '48px auto',
    padding: '24px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
});

type TClaimState = { phase: 'ready' } | { phase: 'working' } | { phase: 'done' | 'failed'; message: string };

/**
 * The link emailed to an account's owner after a guest bought with their address (issue 14): the purchase is
 * linked only when the owner confirms here (POST /api/billing/claim-purchase with the link's token).
 */
function ClaimPurchase({ token }: { token: string }) {
  const styles = useStyles();
  const { isAuthenticated } = useAuth();
  const [state, setState] = useState<TClaimState>({ phase: 'ready' });
  const confirm = async () => {
    setState({ phase: 'working' });
    try {
      const answer = await api.billing.claimPurchase({ token });
      setState({ phase: 'done', message: answer.message });
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : ClaimTexts.failed });
    }
  };
  return (
    <Card className={styles.card}>
      <h1 className={styles.title}>{ClaimTexts.title}</h1>
      <p className={styles.muted}>{ClaimTexts.text}</p>
      {state.phase === 'done' || state.phase === 'failed' ? (
        <MessageBar intent={state.phase === 'done' ? 'success' : 'error'}>
          <MessageBarBody>{state.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      {state.phase === 'done' ? (
        <div>
          <Button
            appearance="primary"
            onClick={() => browser.assign(isAuthenticated ? '/dashboard' : '/login')}
          >
            {isAuthenticated ? ClaimTexts.toDashboard : ClaimTexts.toLogin}
          </Button>
          <p className={styles.muted}>
            <Link to="/licence/guide">Getting started guide</Link> ·{' '}
            <Link to="/licence/terms">Licence terms</Link>
          </p>
        </div>
      ) : (
        <div>
          <Button appearance="primary" disabled={state.phase === 'working'} onClick={() => void confirm()}>
            {state.phase === 'working' ? ClaimTexts.working : ClaimTexts.confirm}
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * /checkout/success, /checkout/complete, /dashboard/checkout: one screen whose work is the payment return
 * (mfe_auth's PaymentReturnPage reads session_id and signs the buyer in through billing's auto-login), or,
 * with ?claim=, the confirmation of a guest purchase made with an existing account's address.
 */
export default function CheckoutResultPage() {
  const claim = new URLSearchParams(useLocation().search).get('claim');
  if (claim) return <ClaimPurchase token={claim} />;
  return (
    <RemoteComponent id="mfe_auth/PaymentReturnPage" loading={<Spinner label="Processing Your Payment" />} />
  );
}
