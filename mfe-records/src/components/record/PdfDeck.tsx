// A PDF deck through pdfjs-dist (loaded only here, with its worker served by this remote): one slide at a
// time with its text layer (selectable text; the evidence snippet highlighted), and the slides' thumbnails.
import { useEffect, useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import * as pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { matchesSnippet } from './deck-highlight.js';

pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

const useStyles = makeStyles({
  page: { position: 'relative', display: 'inline-block', boxShadow: tokens.shadow4 },
  textLayer: {
    position: 'absolute',
    inset: 0,
    overflow: 'hidden',
    lineHeight: 1,
    '& span, & br': {
      color: 'transparent',
      position: 'absolute',
      whiteSpace: 'pre',
      cursor: 'text',
      transformOrigin: '0% 0%',
    },
    '& ::selection': { backgroundColor: 'rgba(0, 90, 200, 0.3)' },
    '& .deck-highlight': { backgroundColor: 'rgba(255, 200, 0, 0.45)' },
  },
  thumbs: { display: 'flex', gap: '8px', overflowX: 'auto', padding: '8px 0' },
  thumb: {
    border: `2px solid transparent`,
    padding: 0,
    background: 'none',
    cursor: 'pointer',
    lineHeight: 0,
  },
  current: { border: `2px solid ${tokens.colorBrandStroke1}` },
});

/** One worker for every deck of the page, started before the first deck's bytes arrive. */
let worker: pdfjs.PDFWorker | null = null;
export function warmUp() {
  worker ??= new pdfjs.PDFWorker();
  return worker;
}

export function usePdf(url: string) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const task = pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false, worker: warmUp() });
    task.promise.then(setDoc, (e: unknown) =>
      setError(e instanceof Error ? e.message : 'The deck could not be read'),
    );
    return () => void task.destroy();
  }, [url]);
  return { doc, error };
}

export function PdfPage({
  doc,
  page,
  width,
  snippet,
  onDrawn,
}: {
  doc: PDFDocumentProxy;
  page: number;
  width: number;
  snippet: string | null;
  onDrawn?: () => void;
}) {
  const styles = useStyles();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const drawnRef = useRef(onDrawn);
  drawnRef.current = onDrawn;
  useEffect(() => {
    let cancelled = false;
    let cleanup = () => {};
    void doc.getPage(page).then(async (p) => {
      if (cancelled || !canvasRef.current || !textRef.current) return;
      const base = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: width / base.width });
      const canvas = canvasRef.current;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${viewport.width}px`;
      canvas.style.height = `${viewport.height}px`;
      const render = p.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      cleanup = () => render.cancel();
      const container = textRef.current;
      container.replaceChildren();
      container.style.setProperty('--scale-factor', String(viewport.scale));
      container.style.setProperty('--total-scale-factor', String(viewport.scale));
      const layer = new pdfjs.TextLayer({ textContentSource: p.streamTextContent(), container, viewport });
      await layer.render().catch(() => undefined);
      // pdf.js measures text on a 0x0 canvas it appends to <body>: not content (axe's landmark rule).
      for (const hidden of document.querySelectorAll('canvas.hiddenCanvasElement'))
        hidden.setAttribute('aria-hidden', 'true');
      if (cancelled) return;
      for (const span of layer.textDivs) {
        if (matchesSnippet(span.textContent ?? '', snippet)) span.classList.add('deck-highlight');
      }
      await render.promise.catch(() => undefined);
      if (!cancelled) drawnRef.current?.();
    });
    return () => {
      cancelled = true;
      cleanup();
    };
  }, [doc, page, width, snippet]);
  return (
    <div className={styles.page} aria-label={`Slide ${page}`} data-testid="deck-slide" role="group">
      <canvas ref={canvasRef} aria-hidden="true" />
      <div ref={textRef} className={styles.textLayer} />
    </div>
  );
}

export function PdfThumbnails({
  doc,
  current,
  onSelect,
}: {
  doc: PDFDocumentProxy;
  current: number;
  onSelect: (page: number) => void;
}) {
  const styles = useStyles();
  return (
    <nav className={styles.thumbs} aria-label="Slides">
      {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          className={`${styles.thumb} ${n === current ? styles.current : ''}`}
          aria-label={`Slide ${n}`}
          aria-current={n === current ? 'page' : undefined}
          onClick={() => onSelect(n)}
        >
          <PdfThumbnail doc={doc} page={n} />
        </button>
      ))}
    </nav>
  );
}

function PdfThumbnail({ doc, page }: { doc: PDFDocumentProxy; page: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: { cancel: () => void } | null = null;
    void doc.getPage(page).then((p) => {
      if (!ref.current) return;
      const base = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: 120 / base.width });
      ref.current.width = Math.floor(viewport.width);
      ref.current.height = Math.floor(viewport.height);
      const render = p.render({ canvas: ref.current, viewport });
      task = render;
      render.promise.catch(() => undefined);
    });
    return () => task?.cancel();
  }, [doc, page]);
  return <canvas ref={ref} aria-hidden="true" />;
}

/** The PDF viewer: thumbnails, page jump, the slide with its text layer. */
export default function PdfDeck({
  url,
  page,
  snippet,
  onPage,
}: {
  url: string;
  page: number;
  snippet: string | null;
  onPage: (page: number, count: number) => void;
}) {
  const { doc, error } = usePdf(url);
  // The slide first, then the thumbnails: 20 small renders would otherwise delay the one people look at.
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (doc) onPage(Math.min(page, doc.numPages), doc.numPages);
    // Only when the document arrives: the page count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc]);
  if (error) return <p role="alert">The deck could not be shown: {error}</p>;
  if (!doc) return <p>Loading the deck…</p>;
  return (
    <div>
      {drawn ? (
        <PdfThumbnails doc={doc} current={page} onSelect={(n) => onPage(n, doc.numPages)} />
      ) : (
        <nav aria-label="Slides" />
      )}
      <PdfPage
        doc={doc}
        page={Math.min(page, doc.numPages)}
        width={720}
        snippet={snippet}
        onDrawn={() => setDrawn(true)}
      />
    </div>
  );
}
