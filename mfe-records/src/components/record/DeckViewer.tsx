// The record's deck (loaded lazily by the record page): a PDF through pdfjs-dist, a PPTX as its slides' text.
// The page shown and the evidence to highlight come from the page (a field's click sets them).
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { Input, Label, makeStyles } from '@fluentui/react-components';
import type { TRecordDeck } from '@dealflow/contracts';
import { Button } from '@dealflow/web-kit';
import { PptxSlide } from './PptxDeck.js';

const PdfDeck = lazy(() => import('./PdfDeck.js'));

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', marginBottom: '8px' },
  jump: { width: '80px' },
  thumbs: { display: 'flex', gap: '6px', flexWrap: 'wrap', margin: '8px 0' },
});

export interface TDeckViewerProps {
  deck: TRecordDeck;
  page: number;
  snippet: string | null;
  onPage: (page: number) => void;
}

export default function DeckViewer({ deck, page, snippet, onPage }: TDeckViewerProps) {
  const styles = useStyles();
  const [count, setCount] = useState<number | null>(deck.slides ? deck.slides.length : null);
  const [jump, setJump] = useState('');
  const go = (n: number) => {
    if (!Number.isInteger(n) || n < 1 || (count !== null && n > count)) return;
    onPage(n);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(Number(jump));
    setJump('');
  };
  return (
    <div>
      <form className={styles.bar} onSubmit={submit} aria-label="Deck navigation">
        <Button type="button" disabled={page <= 1} onClick={() => go(page - 1)}>
          Previous slide
        </Button>
        <span aria-live="polite">
          Slide {page}
          {count !== null ? ` of ${count}` : ''}
        </span>
        <Button type="button" disabled={count !== null && page >= count} onClick={() => go(page + 1)}>
          Next slide
        </Button>
        <Label htmlFor="deck-jump">Go to slide</Label>
        <Input
          id="deck-jump"
          className={styles.jump}
          type="number"
          min={1}
          max={count ?? undefined}
          value={jump}
          onChange={(_, d) => setJump(d.value)}
        />
        <Button type="submit">Go</Button>
      </form>
      {deck.kind === 'pptx' && deck.slides ? (
        <>
          <nav className={styles.thumbs} aria-label="Slides">
            {deck.slides.map((_, i) => (
              <Button
                key={i}
                size="small"
                appearance={i + 1 === page ? 'primary' : 'secondary'}
                aria-current={i + 1 === page ? 'page' : undefined}
                onClick={() => go(i + 1)}
              >
                Slide {i + 1}
              </Button>
            ))}
          </nav>
          <PptxSlide lines={deck.slides[page - 1] ?? []} page={page} snippet={snippet} />
        </>
      ) : (
        <Suspense fallback={<p>Loading the deck viewer…</p>}>
          <PdfDeck
            url={deck.viewerUrl}
            page={page}
            snippet={snippet}
            onPage={(n, total) => {
              setCount(total);
              onPage(n);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
