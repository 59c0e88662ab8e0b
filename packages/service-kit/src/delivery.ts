import { createHash } from 'node:crypto';
import type { IHeaders } from 'kafkajs';

/**
 * End-to-end integrity of an event's bytes. kafkajs does not check the record batch CRC ("not performing CRC
 * validations", its v0 decoder), and the local broker (go-mokapi 0.52) can put damaged bytes on the wire:
 * its stored records share one read cursor, so two fetches encoding the same record at once (two consumer
 * groups on one topic, or two members of a group) interleave, and a consumer gets an empty value, part of
 * it, or the headers as the value (dev-stack README, "The local broker"). Every kit producer therefore sends
 * the SHA-256 of the value it wrote, and a consumer checks it before handling the event.
 */
export const VALUE_DIGEST_HEADER = 'value-sha256';
export const EVENT_ID_HEADER = 'event-id';

export const valueDigest = (value: string | Buffer): string =>
  createHash('sha256').update(value).digest('hex');

/** The headers a kit producer sends with an event value: its id, the value's digest, and any extra ones. */
export function eventHeaders(
  value: string,
  eventId: string | undefined,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...extra,
    ...(eventId ? { [EVENT_ID_HEADER]: eventId } : {}),
    [VALUE_DIGEST_HEADER]: valueDigest(value),
  };
}

/** A header's value as text (kafkajs gives a Buffer, a string, or an array of them, or nothing). */
export function headerText(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined ? undefined : one.toString();
}

/**
 * - `intact`: the value's digest equals the producer's.
 * - `damaged`: it differs, or there is no digest and the value is not JSON (a producer without the header,
 *   or headers damaged with the value): fetching it again is the remedy, a bounded number of times.
 * - `unverified`: no digest and the value parses (a producer from before the header): handled as before.
 */
export type TDeliveryCheck = 'intact' | 'damaged' | 'unverified';

export function checkDelivery(value: Buffer | null, headers: IHeaders | undefined): TDeliveryCheck {
  const bytes = value ?? Buffer.alloc(0);
  const digest = headerText(headers, VALUE_DIGEST_HEADER);
  if (digest !== undefined) return digest === valueDigest(bytes) ? 'intact' : 'damaged';
  try {
    JSON.parse(bytes.toString('utf8'));
    return 'unverified';
  } catch {
    return 'damaged';
  }
}

/** Thrown from a consumer's message handler so that kafkajs fetches the message again (it retries). */
export class DamagedDeliveryError extends Error {
  override name = 'DamagedDeliveryError';
}
