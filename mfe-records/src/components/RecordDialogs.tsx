import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@dealflow/web-kit';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components';
import { format } from 'date-fns';
import { api } from '@dealflow/contracts/client';
import { analyzeRecord, errorText, type TDeal, type TEmailRecord } from '../lib/records-api.js';
import { UNKNOWN_COMPANY, UNKNOWN_INDUSTRY } from '../lib/records-format.js';
import { DetailSection, orNotProvided } from './DetailList.js';

function RecordDialog({
  title,
  onClose,
  children,
  actions,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface aria-label={title}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            {actions}
            <Button appearance="secondary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const websiteLink = (website: string | null | undefined) => {
  if (!website?.trim()) return orNotProvided(website);
  const href = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {website}
    </Link>
  );
};

/** Company, funding, key metrics and contact of a record (seed 001: Extracted Data dialog). */
export function ExtractedDataDialog({ record, onClose }: { record: TEmailRecord; onClose: () => void }) {
  const data = record.extractedData;
  const metrics = Object.entries(data?.metrics ?? {});
  return (
    <RecordDialog title="Extracted Data" onClose={onClose}>
      {!data ? (
        <MessageBar intent="info">
          <MessageBarBody>
            No data has been extracted from this record yet
            {record.statusReason ? `: ${record.statusReason}` : '.'}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <DetailSection
        title="Company Information"
        rows={[
          ['Name', data?.companyName?.trim() || UNKNOWN_COMPANY],
          ['Industry', data?.industry?.trim() || UNKNOWN_INDUSTRY],
          ['Description', orNotProvided(data?.description)],
          ['Website', websiteLink(data?.website)],
          ['Location', orNotProvided(data?.location)],
          ['Founded', orNotProvided(data?.foundedYear)],
        ]}
      />
      <DetailSection
        title="Funding Information"
        rows={[
          ['Round', orNotProvided(data?.fundingRound)],
          ['Amount', orNotProvided(data?.fundingAmount)],
        ]}
      />
      <DetailSection
        title="Key Metrics"
        rows={metrics.map(([key, value]) => [key, value])}
        empty="No metrics found in the deck"
      />
      <DetailSection
        title="Contact Information"
        rows={[
          ['Name', orNotProvided(data?.contactInfo.name)],
          ['Email', orNotProvided(data?.contactInfo.email)],
          ['Phone', orNotProvided(data?.contactInfo.phone)],
          ['Position', orNotProvided(data?.contactInfo.position)],
        ]}
      />
      {record.deckLinks.length > 0 || record.attachments.length > 0 ? (
        <DetailSection
          title="Deck"
          rows={[
            ...record.attachments.map((a): [string, ReactNode] => [
              `Attachment ${a.id}`,
              `${a.filename} (${Math.ceil(a.size / 1024)} KB)`,
            ]),
            ...record.deckLinks.map((link, i): [string, ReactNode] => [
              `Link ${i + 1}`,
              <Link key={link} href={link} target="_blank" rel="noopener noreferrer">
                {link}
              </Link>,
            ]),
          ]}
        />
      ) : null}
    </RecordDialog>
  );
}

/** The CRM deal of a record (built-in CRM, or a link into Affinity). */
export function DealDialog({ deal, onClose }: { deal: TDeal; onClose: () => void }) {
  const external = deal.provider === 'affinity';
  return (
    <RecordDialog
      title="CRM Deal"
      onClose={onClose}
      actions={
        external ? (
          <Button as="a" appearance="primary" href={deal.url} target="_blank" rel="noopener noreferrer">
            Open in Affinity
          </Button>
        ) : null
      }
    >
      <DetailSection
        title="Deal"
        rows={[
          ['Company', deal.companyName],
          ['Domain', deal.domain],
          ['Stage', deal.stage],
          ['CRM', external ? 'Affinity' : 'Built-in CRM'],
          ['Created', format(new Date(deal.createdAt), 'MMM d, yyyy h:mm a')],
          ['Deal ID', deal.id],
        ]}
      />
      {deal.notes ? (
        <section aria-label="Notes">
          <h3 style={{ margin: '0 0 8px' }}>Notes</h3>
          <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}>{deal.notes}</pre>
        </section>
      ) : null}
    </RecordDialog>
  );
}

/** AI analysis (Pro plan, completed records): asked of the server when the dialog opens. */
export function AnalysisDialog({ record, onClose }: { record: TEmailRecord; onClose: () => void }) {
  const analysis = useQuery({
    queryKey: api.crm.analysis.key({ params: { id: record.id } }),
    queryFn: () => analyzeRecord(record.id),
    staleTime: Infinity,
    retry: false,
  });
  const company = record.extractedData?.companyName?.trim() || UNKNOWN_COMPANY;
  return (
    <RecordDialog title={`AI Analysis: ${company}`} onClose={onClose}>
      {analysis.isPending ? <Spinner label="Analysing the deck..." /> : null}
      {analysis.error ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {errorText(analysis.error, 'The analysis could not be made. Please try again later.')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {analysis.data ? (
        <>
          <DetailSection
            title="Strengths"
            rows={analysis.data.strengths.map((s, i) => [`${i + 1}`, s])}
            empty="None noted"
          />
          <DetailSection
            title="Risks"
            rows={analysis.data.risks.map((s, i) => [`${i + 1}`, s])}
            empty="None noted"
          />
          <DetailSection
            title="Open Questions"
            rows={analysis.data.openQuestions.map((s, i) => [`${i + 1}`, s])}
            empty="None noted"
          />
          <DetailSection
            title="Market Notes"
            rows={analysis.data.marketNotes.map((s, i) => [`${i + 1}`, s])}
            empty="None noted"
          />
        </>
      ) : null}
    </RecordDialog>
  );
}
