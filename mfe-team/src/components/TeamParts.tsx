// Small parts of /team-members: the role badge and a query's loading / error state.
import { Button } from '@dealflow/web-kit';
import { Badge, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import type { TRole } from '@dealflow/contracts';
import { roleLabel } from '../lib/format.js';
import { useFormStyles } from './Section.js';

export function RoleBadge({ role }: { role: TRole }) {
  return (
    <Badge
      appearance={role === 'owner' ? 'filled' : 'tint'}
      color={role === 'owner' ? 'brand' : 'informative'}
    >
      {roleLabel(role)}
    </Badge>
  );
}

export function QueryState({
  isPending,
  error,
  onRetry,
  label,
}: {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  label: string;
}) {
  const styles = useFormStyles();
  if (isPending) {
    return (
      <div className={styles.center}>
        <Spinner label={`Loading ${label}...`} />
      </div>
    );
  }
  if (error) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          Could not load {label}: {error.message}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={onRetry}>Retry</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  return null;
}
