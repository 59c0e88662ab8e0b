import { guardedFetch, OutboundRefused, type TTestAllow } from '@dealflow/service-kit';
import { deckLinkAction } from '../domain/deck/deck-links.js';

/** How long one deck link may take to download, redirects included. */
export const DECK_LINK_TIMEOUT_MS = 20_000;

const isPdf = (head: Buffer) => head.subarray(0, 4).toString('latin1') === '%PDF';
const isZip = (head: Buffer) => head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export interface TDownloadedDeck {
  link: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Downloads the first deck link that can be downloaded, server-side through the outbound guard (https,
 * public addresses pinned, redirects re-checked, size and time capped) and sniffed: a PDF or a zip (PPTX).
 * Returns null when no link can be downloaded; `failures` say why for the log (never shown as they are).
 */
export async function downloadDeckFromLinks(
  links: string[],
  options: { maxBytes: number; timeoutMs?: number; testAllow?: TTestAllow },
): Promise<{ deck: TDownloadedDeck | null; failures: { link: string; detail: string }[] }> {
  const failures: { link: string; detail: string }[] = [];
  for (const link of links) {
    const action = deckLinkAction(link);
    if (action.kind !== 'download') continue;
    try {
      const got = await guardedFetch(action.url, {
        maxBytes: options.maxBytes,
        timeoutMs: options.timeoutMs ?? DECK_LINK_TIMEOUT_MS,
        sniff: (head) => isPdf(head) || isZip(head),
        testAllow: options.testAllow,
      });
      const pdf = isPdf(got.body);
      const fromUrl = safeDecode(new URL(got.url).pathname.split('/').pop() ?? '');
      const named = [got.filename, fromUrl].find((n) => n && /\.(pdf|pptx)$/i.test(n));
      return {
        deck: {
          link,
          filename: named ?? (pdf ? 'deck.pdf' : 'deck.pptx'),
          contentType: pdf
            ? 'application/pdf'
            : 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
          content: got.body,
        },
        failures,
      };
    } catch (error) {
      failures.push({
        link,
        detail: error instanceof OutboundRefused ? error.detail : (error as Error).message,
      });
    }
  }
  return { deck: null, failures };
}
