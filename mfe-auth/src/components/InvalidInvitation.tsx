import { Button } from '@dealflow/web-kit';
import { Spinner } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { AuthCard, useFormStyles } from './AuthCard.js';

/** The invalid, expired and error states of both invitation screens. */
export function InvalidInvitation({ message }: { message: string }) {
  const styles = useFormStyles();
  const navigate = useNavigate();
  return (
    <AuthCard title="Invalid Invitation" description={message}>
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
        <Button onClick={() => navigate('/')}>Go to Home</Button>
      </div>
    </AuthCard>
  );
}

export function LoadingCard({ label }: { label: string }) {
  const styles = useFormStyles();
  return (
    <AuthCard title={label}>
      <div className={styles.center}>
        <Spinner label="Please wait..." />
      </div>
    </AuthCard>
  );
}
