import { DECK_SECTION_LABELS } from '@dealflow/contracts/plans';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@dealflow/web-kit';
import {
  Badge,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { format } from 'date-fns';
import { Link as RouterLink } from 'react-router-dom';
import { api } from '@dealflow/contracts/client';
import {
  errorText,
  type TAnalysis,
  type TDeal,
  type TEmailRecord,
  type TExtractedField,
} from '../lib/records-api.js';
import { UNKNOWN_COMPANY, UNKNOWN_INDUSTRY } from '../lib/records-format.js';
import { correctionErrorText, useCorrectField } from '../hooks/use-correct-field.js';
import { DetailSection, orNotProvided } from './DetailList.js';
import { isViewerOnlyLink } from '../lib/deck-links.js';
import { ExtractedField } from './ExtractedField.js';
import { recordPagePath } from '../lib/record-page-api.js';

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

/**
 * Company, funding, key metrics and contact of a record (seed 001: Extracted Data dialog). Each value says the
 * slide it came from, flags a low confidence, and can be corrected by any member (the CRM deal follows).
 */
export function ExtractedDataDialog({
  record: initial,
  onClose,
}: {
  record: TEmailRecord;
  onClose: () => void;
}) {
  const [record, setRecord] = useState(initial);
  const correct = useCorrectField(record.id, setRecord);
  const data = record.extractedData;
  const metrics = Object.entries(data?.metrics ?? {});
  const field = (name: TExtractedField, label: string, display: ReactNode): [string, ReactNode] => {
    const value = !data
      ? undefined
      : name.startsWith('contact')
        ? data.contactInfo[name.slice('contact'.length).toLowerCase() as keyof typeof data.contactInfo]
        : (data[name as Exclude<TExtractedField, `contact${string}`>] as string | number | null);
    return [
      label,
      <ExtractedField
        key={name}
        field={name}
        label={label}
        display={display}
        value={value}
        evidence={record.provenance?.[name]}
        correction={record.corrections?.[name]}
        canEdit={data !== null}
        saving={correct.isPending && correct.variables?.field === name}
        error={
          correct.isError && correct.variables?.field === name ? correctionErrorText(correct.error) : null
        }
        onSave={(correction, done) => correct.mutate(correction, { onSuccess: done })}
      />,
    ];
  };
  return (
    <RecordDialog title="Extracted Data" onClose={onClose}>
      <p>
        <RouterLink to={recordPagePath(record.id)}>Open the record page</RouterLink> (the deck, each
        field&apos;s slide, the email and the company&apos;s earlier decks)
      </p>
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
          field('companyName', 'Name', data?.companyName?.trim() || UNKNOWN_COMPANY),
          field('industry', 'Industry', data?.industry?.trim() || UNKNOWN_INDUSTRY),
          field('description', 'Description', orNotProvided(data?.description)),
          field('website', 'Website', websiteLink(data?.website)),
          field('location', 'Location', orNotProvided(data?.location)),
          field('foundedYear', 'Founded', orNotProvided(data?.foundedYear)),
        ]}
      />
      <DetailSection
        title="Funding Information"
        rows={[
          field('fundingRound', 'Round', orNotProvided(data?.fundingRound)),
          field('fundingAmount', 'Amount', orNotProvided(data?.fundingAmount)),
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
          field('contactName', 'Name', orNotProvided(data?.contactInfo.name)),
          field('contactEmail', 'Email', orNotProvided(data?.contactInfo.email)),
          field('contactPhone', 'Phone', orNotProvided(data?.contactInfo.phone)),
          field('contactPosition', 'Position', orNotProvided(data?.contactInfo.position)),
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
              <span key={link}>
                <Link href={link} target="_blank" rel="noopener noreferrer">
                  {link}
                </Link>
                {isViewerOnlyLink(link) ? (
                  <>
                    {' '}
                    <Badge appearance="tint" color="warning">
                      Open and download by hand
                    </Badge>
                  </>
                ) : null}
              </span>,
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
    ...api.crm.analysis.queryOptions({ params: { id: record.id } }),
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
      {analysis.data?.offline ? <OfflineAnalysis offline={analysis.data.offline} /> : null}
      {analysis.data && !analysis.data.offline ? (
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

/** The analysis svc-crm makes without an AI endpoint: labelled as such, from the deck's outline and fields. */
function OfflineAnalysis({ offline }: { offline: NonNullable<TAnalysis['offline']> }) {
  return (
    <>
      <MessageBar intent="info" style={{ marginBottom: 12 }}>
        <MessageBarBody>
          <MessageBarTitle>Offline analysis</MessageBarTitle>
          Made without an AI model, from the sections and figures found in the deck. Configure an AI endpoint
          for a written analysis.
        </MessageBarBody>
      </MessageBar>
      <DetailSection
        title="Sections Present"
        rows={offline.sectionsPresent.map((s) => [
          DECK_SECTION_LABELS[s.section] ?? s.section,
          s.page ? `slide ${s.page}` : 'present',
        ])}
        empty="No usual section was recognised"
      />
      <DetailSection
        title="Key Metrics"
        rows={offline.keyMetrics.map((m) => [m.label, m.page ? `${m.value} (slide ${m.page})` : m.value])}
        empty="No metrics found"
      />
      <DetailSection
        title="Missing"
        rows={offline.missingInformation.map((s, i) => [`${i + 1}`, s])}
        empty="Nothing missing"
      />
      <DetailSection
        title="Red Flags"
        rows={offline.redFlags.map((s, i) => [`${i + 1}`, s])}
        empty="None noted"
      />
    </>
  );
}
