import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Card,
  CardHeader,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { z } from 'zod';
import type { ZInvoiceSummary } from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';
import { Button } from '@dealflow/web-kit';
import { formatDate } from '../lib/dates.js';
import { formatMoney } from '@dealflow/contracts/money';

type TInvoice = z.infer<typeof ZInvoiceSummary>;

const useStyles = makeStyles({
  card: { padding: '20px' },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: '12px',
    margin: '0 0 12px',
  },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: 0 },
  value: { margin: '2px 0 0', fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3, margin: 0 },
  amount: { textAlign: 'right' },
});

const STATUS: Record<TInvoice['status'], { label: string; color: 'success' | 'danger' | 'informative' }> = {
  paid: { label: 'Paid', color: 'success' },
  open: { label: 'Unpaid', color: 'danger' },
  draft: { label: 'Draft', color: 'informative' },
  void: { label: 'Void', color: 'informative' },
  uncollectible: { label: 'Uncollectible', color: 'danger' },
};

/** Invoices (issue 14): the next charge, the trial's end and every invoice with its receipt. */
export default function InvoicesCard() {
  const styles = useStyles();
  const invoices = useQuery(api.billing.invoices.queryOptions());
  const data = invoices.data;
  const nextCharge = data?.nextCharge
    ? `${formatMoney(data.nextCharge.amountCents, data.nextCharge.currency)} on ${formatDate(data.nextCharge.date)}`
    : null;
  const trialEnd = formatDate(data?.trialEndsAt);
  // The newest unpaid invoice: the one the provider retries (Stripe's next_payment_attempt, attempt_count).
  const unpaid = data?.invoices.find((invoice) => invoice.status === 'open') ?? null;
  const nextAttempt = data?.status === 'past_due' ? formatDate(unpaid?.nextPaymentAttempt) : null;
  // Canceled by the retries themselves: every attempt was made (no next one left). An owner who cancels while
  // attempts are still due leaves a next attempt on the invoice, and is not told the payments ended it.
  const canceledAfterFailures =
    data?.status === 'canceled' &&
    unpaid !== null &&
    unpaid.attemptCount > 0 &&
    unpaid.nextPaymentAttempt === null;
  return (
    <Card className={styles.card} aria-labelledby="invoices-title">
      <CardHeader
        header={
          <h2 id="invoices-title" className={styles.title}>
            Invoices
          </h2>
        }
      />
      {invoices.isPending ? <Spinner size="small" label="Loading invoices..." /> : null}
      {invoices.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>
            Could not load your invoices.{' '}
            <Button appearance="transparent" size="small" onClick={() => void invoices.refetch()}>
              Try again
            </Button>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {data ? (
        <>
          {nextCharge || trialEnd ? (
            <div className={styles.facts}>
              {nextCharge ? (
                <div>
                  <p className={styles.label}>Next charge</p>
                  <p className={styles.value}>{nextCharge}</p>
                </div>
              ) : null}
              {trialEnd ? (
                <div>
                  <p className={styles.label}>Trial ends</p>
                  <p className={styles.value}>{trialEnd}</p>
                </div>
              ) : null}
            </div>
          ) : null}
          {data.status === 'past_due' && nextAttempt ? (
            <MessageBar intent="error">
              <MessageBarBody>
                <MessageBarTitle>Payment failed: next attempt on {nextAttempt}</MessageBarTitle>
                Update your card in Manage Billing before then to keep your plan.
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {data.status === 'past_due' && !nextAttempt ? (
            <MessageBar intent="error">
              <MessageBarBody>
                Your last payment failed. Update your card in Manage Billing to keep your plan.
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {canceledAfterFailures ? (
            <MessageBar intent="warning">
              <MessageBarBody>
                <MessageBarTitle>Subscription canceled after failed payments</MessageBarTitle>
                Every payment attempt failed, so the organization is on the Free plan. Choose a plan to
                subscribe again.
              </MessageBarBody>
            </MessageBar>
          ) : null}
          {data.invoices.length === 0 ? (
            <p className={styles.muted}>No invoices yet.</p>
          ) : (
            <Table aria-label="Invoices" size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Date</TableHeaderCell>
                  <TableHeaderCell>Number</TableHeaderCell>
                  <TableHeaderCell className={styles.amount}>Amount</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                  <TableHeaderCell>Receipt</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.invoices.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell>{formatDate(invoice.date)}</TableCell>
                    <TableCell>{invoice.number ?? '—'}</TableCell>
                    <TableCell className={styles.amount}>
                      {formatMoney(invoice.amountCents, invoice.currency)}
                    </TableCell>
                    <TableCell>
                      <Badge appearance="tint" color={STATUS[invoice.status].color}>
                        {STATUS[invoice.status].label}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      {invoice.receiptUrl ? (
                        <Link
                          href={invoice.receiptUrl}
                          target="_blank"
                          rel="noopener"
                          aria-label={`Receipt for invoice ${invoice.number ?? invoice.id}`}
                        >
                          Receipt
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      ) : null}
    </Card>
  );
}
