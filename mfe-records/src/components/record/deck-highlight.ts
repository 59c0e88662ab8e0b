// Finding an evidence snippet in a slide's text: whitespace and case do not matter.

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether a line of the slide holds the snippet, or the snippet holds the line (a snippet spans lines). */
export function matchesSnippet(line: string, snippet: string | null | undefined): boolean {
  if (!snippet) return false;
  const a = normalize(line);
  const b = normalize(snippet);
  if (a.length < 3 || b.length < 3) return false;
  return a.includes(b) || b.includes(a);
}
