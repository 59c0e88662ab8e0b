// A PPTX deck as its slides: each slide's text in reading order (what svc-ingest's deck reader extracts), the
// evidence's lines highlighted.
import { makeStyles, tokens } from '@fluentui/react-components';
import { matchesSnippet } from './deck-highlight.js';

const useStyles = makeStyles({
  slide: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '16px',
    minHeight: '240px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: tokens.colorNeutralForeground1 },
});

export function PptxSlide({
  lines,
  page,
  snippet,
}: {
  lines: string[];
  page: number;
  snippet: string | null;
}) {
  const styles = useStyles();
  return (
    <section className={styles.slide} aria-label={`Slide ${page}`} data-testid="deck-slide">
      {lines.length === 0 ? <p>This slide has no text.</p> : null}
      {lines.map((line, i) =>
        matchesSnippet(line, snippet) ? (
          <p key={i}>
            <mark className={styles.mark}>{line}</mark>
          </p>
        ) : (
          <p key={i}>{line}</p>
        ),
      )}
    </section>
  );
}
