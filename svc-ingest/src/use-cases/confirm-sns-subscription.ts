import type { TIngestDeps } from '../deps.js';
import { IngestError } from '../errors.js';
import { SnsMessageError, confirmSnsSubscription, type TSnsMessage } from '../providers/sns-message.js';

/**
 * SNS's own messages to a subscription (its signature already checked): a SubscriptionConfirmation is confirmed
 * by GETting its SubscribeURL, an UnsubscribeConfirmation acknowledged. True when the message was one of them
 * (nothing more to do); false for a Notification.
 */
export async function confirmSnsSubscriptionOf(
  message: TSnsMessage,
  deps: Pick<TIngestDeps, 'outbound'>,
): Promise<boolean> {
  if (message.Type === 'Notification') return false;
  if (message.Type === 'SubscriptionConfirmation') {
    try {
      await confirmSnsSubscription(message, deps.outbound);
    } catch (error) {
      if (error instanceof SnsMessageError) throw new IngestError('MALFORMED_MESSAGE', error.message);
      throw new IngestError('MALFORMED_MESSAGE', 'The SNS subscription could not be confirmed: try again');
    }
  }
  return true;
}
