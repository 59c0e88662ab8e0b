/** Hosted deck links founders paste instead of attaching (DocSend, Google Drive/Docs/Slides, Dropbox, OneDrive, Pitch, .pdf). */
const DECK_LINK = [
  /^https?:\/\/(www\.)?docsend\.com\/view\//i,
  /^https?:\/\/[a-z0-9-]+\.docsend\.com\/view\//i,
  /^https?:\/\/(drive|docs)\.google\.com\//i,
  /^https?:\/\/(www\.)?dropbox\.com\/(s|scl|sh)\//i,
  /^https?:\/\/(www\.)?pitch\.com\/(v|public|embed)\//i,
  /^https?:\/\/app\.pitch\.com\//i,
  /^https:\/\/1drv\.ms\//i,
  /^https:\/\/onedrive\.live\.com\//i,
  /^https:\/\/[a-z0-9-]+\.sharepoint\.com\/.*\/(:b:|:p:)?/i,
  /^https:\/\/[^\s/]+\/[^\s?#]*\.pdf([?#]|$)/i,
];

export function findDeckLinks(text: string): string[] {
  const urls = text.match(/https?:\/\/[^\s<>"')\]]+/gi) ?? [];
  const links = urls
    .map((u) => u.replace(/[.,;:!?]+$/, ''))
    .filter((u) => DECK_LINK.some((re) => re.test(u)));
  return [...new Set(links)];
}

/**
 * What can be done with a deck link: `download` from a direct-download URL (Google Drive, Dropbox, OneDrive,
 * a direct .pdf), or `manual` (DocSend and Pitch are viewers: open and download by hand).
 */
export type TDeckLinkAction = { kind: 'download'; url: string } | { kind: 'manual' };

const base64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

export function deckLinkAction(link: string): TDeckLinkAction {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { kind: 'manual' };
  }
  if (url.protocol !== 'https:') return { kind: 'manual' };
  const host = url.hostname.toLowerCase();
  if (host === 'drive.google.com') {
    // /file/d/<id>/view, /open?id=<id>, /uc?id=<id>
    const id = /\/file\/d\/([A-Za-z0-9_-]{10,})/.exec(url.pathname)?.[1] ?? url.searchParams.get('id');
    return id && /^[A-Za-z0-9_-]+$/.test(id)
      ? { kind: 'download', url: `https://drive.google.com/uc?export=download&id=${id}` }
      : { kind: 'manual' };
  }
  if (host === 'docs.google.com') {
    // Slides export as PDF: /presentation/d/<id>/export/pdf
    const id = /\/presentation\/d\/([A-Za-z0-9_-]{10,})/.exec(url.pathname)?.[1];
    return id
      ? { kind: 'download', url: `https://docs.google.com/presentation/d/${id}/export/pdf` }
      : { kind: 'manual' };
  }
  if (host === 'www.dropbox.com' || host === 'dropbox.com') {
    url.searchParams.set('dl', '1');
    return { kind: 'download', url: url.href };
  }
  if (host === '1drv.ms' || host === 'onedrive.live.com' || host.endsWith('.sharepoint.com')) {
    // OneDrive's shares API: u! + base64url of the sharing URL, then /root/content answers with the file.
    return {
      kind: 'download',
      url: `https://api.onedrive.com/v1.0/shares/u!${base64url(link)}/root/content`,
    };
  }
  if (host.endsWith('docsend.com') || host.endsWith('pitch.com')) return { kind: 'manual' };
  if (/\.pdf$/i.test(url.pathname)) return { kind: 'download', url: url.href };
  return { kind: 'manual' };
}
