import { useNavigate } from 'react-router-dom';
import { Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ApiError } from '@dealflow/web-kit';

/**
 * A connect the server refused for the plan (403: Basic's two integrations are connected): its message, and
 * the way to the plans. Other failures are the toast's.
 */
export function IntegrationLimitNotice({ error }: { error: unknown }) {
  const navigate = useNavigate();
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Integration limit reached</MessageBarTitle>
        {error.message}{' '}
        <Link
          href="/billing"
          onClick={(event) => {
            event.preventDefault();
            navigate('/billing');
          }}
        >
          See the plans
        </Link>
      </MessageBarBody>
    </MessageBar>
  );
}
