import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { getServerMessage } from '../lib/errors.js';

export const UnsubscribeMessages = {
  noToken: 'This unsubscribe link is incomplete. You can change your emails in Settings.',
  failed: 'Your emails could not be changed. Please try again, or change them in Settings.',
} as const;

/**
 * /unsubscribe?token: the link at the end of every notification email. Nothing changes until the person
 * presses the button (link scanners open pages too); no sign-in is needed, the token names the setting.
 */
export default function UnsubscribePage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [state, setState] = useState<
    | { step: 'ask' }
    | { step: 'sending' }
    | { step: 'done'; message: string }
    | { step: 'error'; message: string }
  >({ step: 'ask' });

  if (!token) {
    return (
      <AuthCard title="Invalid unsubscribe link" description={UnsubscribeMessages.noToken}>
        <div className={styles.row}>
          <Button appearance="primary" onClick={() => navigate('/settings')}>
            Go to Settings
          </Button>
        </div>
      </AuthCard>
    );
  }

  const confirm = async () => {
    setState({ step: 'sending' });
    try {
      const result = await api.identity.unsubscribe({ query: { token } });
      setState({ step: 'done', message: result.message });
    } catch (error) {
      setState({ step: 'error', message: getServerMessage(error) ?? UnsubscribeMessages.failed });
    }
  };

  if (state.step === 'done') {
    return (
      <AuthCard title="You are unsubscribed">
        <MessageBar intent="success" role="status">
          <MessageBarBody>{state.message}</MessageBarBody>
        </MessageBar>
        <div className={styles.row}>
          <Button onClick={() => navigate('/settings')}>Go to Settings</Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Unsubscribe" description="Stop receiving this kind of email from Dealflow?">
      {state.step === 'error' ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{state.message}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void confirm()} disabled={state.step === 'sending'}>
          {state.step === 'sending' ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
        <Button onClick={() => navigate('/settings')}>Go to Settings</Button>
      </div>
    </AuthCard>
  );
}
