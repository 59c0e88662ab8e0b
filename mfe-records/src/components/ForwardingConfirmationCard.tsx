import { Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { TMailboxStatus } from '../lib/records-api.js';

type TConfirmation = NonNullable<TMailboxStatus['forwardingConfirmation']>;

/**
 * Gmail's forwarding confirmation to the inbound address (issue 22): it never becomes a record, so the owner
 * confirms here, with the code Gmail asks for or Gmail's own link.
 */
export function ForwardingConfirmationCard({ confirmation }: { confirmation: TConfirmation }) {
  const from = confirmation.forwarder ?? 'A Gmail account';
  return (
    <MessageBar
      intent="warning"
      layout="multiline"
      style={{ marginBottom: 16 }}
      data-testid="forwarding-confirmation"
    >
      <MessageBarBody>
        <MessageBarTitle>Confirm Gmail forwarding</MessageBarTitle>
        {from} asks to forward its mail to this address ({new Date(confirmation.receivedAt).toLocaleString()}
        ). Enter the confirmation code <strong data-testid="forwarding-code">{confirmation.code}</strong> in
        Gmail’s forwarding settings, or{' '}
        <Link href={confirmation.link} target="_blank" rel="noopener noreferrer">
          Confirm forwarding in Gmail
        </Link>
        .
      </MessageBarBody>
    </MessageBar>
  );
}
