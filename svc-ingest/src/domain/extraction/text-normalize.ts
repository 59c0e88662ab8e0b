/**
 * Text as PDFs draw it is not always text as people read it: a name drawn twice for a shadow ("AcmeAcme Acme",
 * "Acme Acme") or a logo set with letter spacing ("A C M E"). These rules undo both before any candidate is scored.
 */

/** "A C M E" -> "ACME", "Ya P l a n" -> "YaPlan": runs of single letters (three or more) are joined. */
export function joinLetterSpacing(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}]{1,2} ){2,}[\p{L}\p{N}]{1,2}(?![\p{L}\p{N}])/gu,
    (run) => {
      const parts = run.split(' ');
      // Only when most parts are single characters: "a new era" keeps its spaces.
      return parts.filter((p) => p.length === 1).length >= parts.length - 1 ? parts.join('') : run;
    },
  );
}

/** "AcmeAcme Acme" -> "Acme", "Acme Acme" -> "Acme", "Acme Robotics Acme Robotics" -> "Acme Robotics". */
export function undoubleText(text: string): string {
  const trimmed = text.trim();
  // The whole line is one phrase repeated (with or without a space between).
  const whole = /^(.{2,}?)(?:\s*\1)+$/u.exec(trimmed);
  if (whole) return whole[1]!.trim();
  // A word written twice in a row, glued ("AcmeAcme") or spaced ("Acme Acme").
  return trimmed
    .replace(/\b(\p{Lu}[\p{L}\p{N}]{2,})\1\b/gu, '$1')
    .replace(/\b([\p{L}\p{N}]{3,})(?:\s+\1\b)+/gu, '$1');
}

/** Markdown marks in decks written as Markdown ("# Title", "**Bold**") are not part of the text. */
export const stripMarkdown = (text: string) =>
  text
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(/\*\*([^*]*)\*\*/g, '$1')
    .replace(/^\*\*|\*\*$/g, '')
    .replace(/■/g, ' ');

export const normalizeLine = (text: string) => undoubleText(joinLetterSpacing(stripMarkdown(text)));
