// The record page (/records/:id): the deck in the browser (lazy), each extracted field next to its evidence
// (a click opens that slide and highlights the snippet), the founder's email made inert, the downloads and
// the company's earlier decks.
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { TFieldEvidence, TRecordMessage } from '@dealflow/contracts';
import { EmailMessage } from '../components/record/EmailMessage.js';
import { deckDownloadUrl, getRecord, getRecordMessage } from '../lib/record-page-api.js';
import { errorText, type TEmailRecord, type TExtractedField } from '../lib/records-api.js';
import { UNKNOWN_COMPANY } from '../lib/records-format.js';

const DeckViewer = lazy(() => import('../components/record/DeckViewer.js'));

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(240px, 1fr) minmax(0, 3fr)', gap: '24px' },
  fields: { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '6px' },
  field: {
    textAlign: 'left',
    width: '100%',
    padding: '6px 8px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
  },
  selected: { border: `2px solid ${tokens.colorBrandStroke1}` },
  evidence: { display: 'block', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

const FIELDS: Array<[TExtractedField, string]> = [
  ['companyName', 'Company'],
  ['industry', 'Industry'],
  ['description', 'Description'],
  ['website', 'Website'],
  ['location', 'Location'],
  ['foundedYear', 'Founded'],
  ['fundingRound', 'Round'],
  ['fundingAmount', 'Amount'],
  ['contactName', 'Contact'],
  ['contactEmail', 'Contact email'],
  ['contactPhone', 'Contact phone'],
  ['contactPosition', 'Contact position'],
];

function fieldValue(record: TEmailRecord, name: TExtractedField): string | number | null {
  const data = record.extractedData;
  if (!data) return null;
  if (name.startsWith('contact')) {
    const key = name.slice('contact'.length).toLowerCase() as keyof typeof data.contactInfo;
    return data.contactInfo[key] ?? null;
  }
  return (data[name as Exclude<TExtractedField, `contact${string}`>] as string | number | null) ?? null;
}

const describeEvidence = (e: TFieldEvidence | undefined) =>
  !e
    ? 'No evidence'
    : e.page
      ? `Slide ${e.page}${e.snippet ? `: “${e.snippet}”` : ''}`
      : `From the ${e.source}${e.snippet ? `: “${e.snippet}”` : ''}`;

function History({ history, current }: { history: TRecordMessage['history']; current: number }) {
  if (history.length <= 1) return <p>No earlier deck from this company.</p>;
  return (
    <ol>
      {history.map((h) => (
        <li key={h.id}>
          {h.id === current ? (
            <strong>This deck</strong>
          ) : (
            <RouterLink to={`/records/${h.id}`}>{h.subject ?? `Record ${h.id}`}</RouterLink>
          )}{' '}
          · {new Date(h.receivedAt).toLocaleDateString()}
          {h.changes.length > 0 ? (
            <ul>
              {h.changes.map((c) => (
                <li key={c.field}>
                  {c.field}: {c.before ?? '—'} → {c.after ?? '—'}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export default function RecordPage() {
  const styles = useStyles();
  // The shell routes /records/:id here; the shared router exports no useParams.
  const id = Number(/^\/records\/(\d+)\/?$/.exec(useLocation().pathname)?.[1]);
  const valid = Number.isInteger(id) && id > 0;
  const record = useQuery({
    queryKey: ['record-page', id, 'record'],
    queryFn: () => getRecord(id),
    enabled: valid,
  });
  const message = useQuery({
    queryKey: ['record-page', id, 'message'],
    queryFn: () => getRecordMessage(id),
    enabled: valid,
  });
  // The viewer's code (and pdf.js with its worker) loads while the record's data is on its way.
  useEffect(() => {
    // Not where pdf.js cannot run (no DOMMatrix: jsdom); the viewer then says so itself.
    if (typeof DOMMatrix === 'undefined') return;
    import('../components/record/PdfDeck.js').then(
      (m) => m.warmUp(),
      () => undefined,
    );
  }, []);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TExtractedField | null>(null);

  if (!valid)
    return (
      <MessageBar intent="error">
        <MessageBarBody>Record not found</MessageBarBody>
      </MessageBar>
    );
  if (record.isError || message.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {errorText(record.error ?? message.error, 'The record could not be loaded')}
        </MessageBarBody>
      </MessageBar>
    );
  if (!record.data || !message.data) return <p>Loading the record…</p>;

  const r = record.data;
  const m = message.data;
  const evidence = selected ? r.provenance[selected] : undefined;
  const snippet = evidence?.page === page ? (evidence.snippet ?? null) : null;
  const open = (name: TExtractedField) => {
    setSelected(name);
    const p = r.provenance[name]?.page;
    if (p) setPage(p);
  };

  return (
    <div>
      <p>
        <RouterLink to="/processed-emails">Back to Processed Records</RouterLink>
      </p>
      <h1>{r.extractedData?.companyName?.trim() || UNKNOWN_COMPANY}</h1>
      <div className={styles.layout}>
        <section aria-labelledby="record-fields-title">
          <h2 id="record-fields-title">Extracted data</h2>
          <ul className={styles.fields}>
            {FIELDS.map(([name, label]) => {
              const e = r.provenance[name];
              const value = fieldValue(r, name);
              return (
                <li key={name}>
                  <button
                    type="button"
                    className={`${styles.field} ${selected === name ? styles.selected : ''}`}
                    aria-pressed={selected === name}
                    onClick={() => open(name)}
                  >
                    <strong>{label}</strong>:{' '}
                    {value === null || value === '' ? 'Not provided' : String(value)}{' '}
                    {e && e.confidence < 0.5 ? <Badge color="warning">check this</Badge> : null}
                    <span className={styles.evidence}>{describeEvidence(e)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <h2>Company history</h2>
          <History history={m.history} current={r.id} />
        </section>
        <section aria-labelledby="record-deck-title">
          <h2 id="record-deck-title">Deck</h2>
          {m.deck ? (
            <>
              <p>
                <a href={deckDownloadUrl(r.id)} download>
                  Download {m.deck.filename}
                </a>
              </p>
              <Suspense fallback={<p>Loading the deck viewer…</p>}>
                <DeckViewer deck={m.deck} page={page} snippet={snippet} onPage={setPage} />
              </Suspense>
            </>
          ) : (
            <p>No deck file was received with this record.</p>
          )}
          <EmailMessage message={m} />
        </section>
      </div>
    </div>
  );
}
