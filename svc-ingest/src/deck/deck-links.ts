/** Hosted deck links founders paste instead of attaching (DocSend, Google Drive/Docs/Slides, Dropbox, Pitch). */
const DECK_LINK = [
  /^https?:\/\/(www\.)?docsend\.com\/view\//i,
  /^https?:\/\/[a-z0-9-]+\.docsend\.com\/view\//i,
  /^https?:\/\/(drive|docs)\.google\.com\//i,
  /^https?:\/\/(www\.)?dropbox\.com\/(s|scl|sh)\//i,
  /^https?:\/\/(www\.)?pitch\.com\/(v|public|embed)\//i,
  /^https?:\/\/app\.pitch\.com\//i,
];

export function findDeckLinks(text: string): string[] {
  const urls = text.match(/https?:\/\/[^\s<>"')\]]+/gi) ?? [];
  const links = urls
    .map((u) => u.replace(/[.,;:!?]+$/, ''))
    .filter((u) => DECK_LINK.some((re) => re.test(u)));
  return [...new Set(links)];
}
