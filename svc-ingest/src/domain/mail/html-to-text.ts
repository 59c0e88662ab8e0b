import { compile } from 'html-to-text';

/**
 * Characters of an HTML body converted (1 MB). Mail bodies past that are newsletters or attacks; the deck
 * links a founder pastes come early. Truncated here rather than by the library, which warns on stderr.
 */
export const HTML_TEXT_MAX_INPUT = 1_000_000;
/** Nesting read before the rest of a branch is dropped: the parser is linear, the formatter recurses. */
export const HTML_TEXT_MAX_DEPTH = 200;

// html-to-text (htmlparser2 underneath) tokenizes in one pass: issue 12's `<a href="x" ` flood took 35 s
// through the old two-regex converter, milliseconds through this one.
const convert = compile({
  wordwrap: false,
  limits: { maxDepth: HTML_TEXT_MAX_DEPTH, maxInputLength: HTML_TEXT_MAX_INPUT },
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: [' ', ' '] } },
    { selector: 'img', format: 'skip' },
  ],
});

/** Plain text of an email's HTML body, link targets kept beside their text (deck links are found there). */
export const htmlToText = (html: string): string => convert(html.slice(0, HTML_TEXT_MAX_INPUT));
