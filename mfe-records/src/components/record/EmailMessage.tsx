// The founder's email: its text, its HTML made inert (sanitized, in a sandboxed frame without network), and
// its attachments as downloads.
import { useMemo, useState } from 'react';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import type { TRecordMessage } from '@dealflow/contracts';
import { emailFrameDocument } from '../../lib/email-frame.js';

const useStyles = makeStyles({
  text: { whiteSpace: 'pre-wrap', fontFamily: tokens.fontFamilyBase, margin: 0 },
  frame: {
    width: '100%',
    minHeight: '360px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: '#fff',
  },
});

export function EmailMessage({ message }: { message: TRecordMessage }) {
  const styles = useStyles();
  const [view, setView] = useState<'text' | 'html'>('text');
  const srcDoc = useMemo(() => (message.html ? emailFrameDocument(message.html) : null), [message.html]);
  return (
    <section aria-labelledby="record-email-title">
      <h2 id="record-email-title">Email from {message.from}</h2>
      <p>
        {message.fromEmail} · {message.subject ?? '(no subject)'}
      </p>
      {srcDoc ? (
        <TabList selectedValue={view} onTabSelect={(_, d) => setView(d.value as 'text' | 'html')}>
          <Tab value="text">Plain text</Tab>
          <Tab value="html">HTML</Tab>
        </TabList>
      ) : null}
      {view === 'html' && srcDoc ? (
        <iframe title="The email as HTML" className={styles.frame} sandbox="" srcDoc={srcDoc} />
      ) : (
        <pre className={styles.text}>{message.text || '(no text)'}</pre>
      )}
      {message.attachments.length > 0 ? (
        <>
          <h3>Attachments</h3>
          <ul>
            {message.attachments.map((a) => (
              <li key={a.id}>
                <a href={a.downloadPath} download>
                  {a.filename}
                </a>{' '}
                ({Math.max(1, Math.round(a.size / 1024))} KB)
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
