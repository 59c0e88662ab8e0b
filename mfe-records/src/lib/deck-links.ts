/**
 * Deck viewers the service cannot download from (DocSend, Pitch: they stream pages to a browser, behind email
 * gates). svc-ingest keeps such links on the record without fetching them (its `deck/deck-links.ts` decides
 * what it downloads); the record screen labels them so a person opens and downloads the deck by hand.
 */
const VIEWER_HOSTS = ['docsend.com', 'pitch.com'];

export function isViewerOnlyLink(link: string): boolean {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return false;
  }
  return VIEWER_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}
