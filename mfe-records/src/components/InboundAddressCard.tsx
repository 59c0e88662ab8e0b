import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
} from '@fluentui/react-components';
import { ArrowClockwise20Regular, Copy20Regular } from '@fluentui/react-icons';
import { api } from '@dealflow/contracts/client';
import { Button, toast } from '@dealflow/web-kit';
import { errorText, type TMailboxStatus } from '../lib/records-api.js';
import { useIntegrationStyles } from './IntegrationLayout.js';

const day = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Integration 1's inbound address (issue 22): the organization's own `<slug>-<token>@` address on the
 * installation's domain, how to forward to it from Gmail, Outlook or a provider, and the owner's rotation (the
 * old address keeps receiving for the grace period the page states).
 */
export function InboundAddressCard({ status, isOwner }: { status: TMailboxStatus; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const graceDays = status.addressGraceDays ?? 7;
  const rotate = useMutation({
    mutationFn: () => api.ingest.mailboxRotateAddress(),
    onSuccess: (next: TMailboxStatus) => {
      queryClient.setQueryData(api.ingest.mailbox.key(), next);
      setConfirming(false);
      toast({ title: 'New address ready', description: next.inboundAddress, variant: 'success' });
    },
  });

  const copyAddress = async (address: string) => {
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Copied', description: address, variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the address and copy it by hand.',
        variant: 'error',
      });
    }
  };

  return (
    <Card style={{ marginBottom: 16 }}>
      <h2 className={styles.sectionTitle}>Inbound forwarding address</h2>
      <p className={styles.muted}>
        Emails that reach this address become records of your organization. Forward founders’ emails to it, or
        set your mail to forward automatically.
      </p>
      <div className={styles.address}>
        <span data-testid="inbound-address">{status.inboundAddress}</span>
        <Button
          appearance="subtle"
          size="small"
          icon={<Copy20Regular />}
          aria-label="Copy address"
          onClick={() => void copyAddress(status.inboundAddress)}
        />
      </div>
      {status.previousInboundAddress && status.previousInboundUntil ? (
        <MessageBar intent="warning" data-testid="previous-address">
          <MessageBarBody>
            The previous address {status.previousInboundAddress} still receives until{' '}
            {day(status.previousInboundUntil)}; after that, mail to it is dropped. Update your forwarding
            rules before then.
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {isOwner ? (
        <div style={{ marginTop: 8 }}>
          <Button
            appearance="secondary"
            icon={<ArrowClockwise20Regular />}
            onClick={() => {
              rotate.reset();
              setConfirming(true);
            }}
          >
            Get a new address
          </Button>
        </div>
      ) : null}
      <Accordion collapsible multiple style={{ marginTop: 8 }}>
        <AccordionItem value="gmail">
          <AccordionHeader>Forward from Gmail</AccordionHeader>
          <AccordionPanel>
            <ol data-testid="help-gmail">
              <li>In Gmail, open Settings (the gear) › See all settings › Forwarding and POP/IMAP.</li>
              <li>Choose “Add a forwarding address” and paste the address above.</li>
              <li>
                Gmail sends a confirmation email to it: its code and link appear at the top of this page
                within a minute (and the owner gets them by email). Confirm in Gmail.
              </li>
              <li>
                Forward everything, or create a filter (for example “has attachment” or words like “deck”)
                with “Forward it to” this address.
              </li>
            </ol>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="outlook">
          <AccordionHeader>Forward from Outlook or Microsoft 365</AccordionHeader>
          <AccordionPanel>
            <ol data-testid="help-outlook">
              <li>In Outlook on the web, open Settings › Mail › Forwarding, or Rules for a rule.</li>
              <li>
                Turn on forwarding to the address above (keep a copy), or add a rule “Forward to” it for the
                mail you want as records.
              </li>
              <li>
                If nothing arrives, your administrator may block automatic forwarding to outside addresses
                (Microsoft 365’s outbound spam policy): ask them to allow it for your mailbox.
              </li>
            </ol>
          </AccordionPanel>
        </AccordionItem>
        <AccordionItem value="provider">
          <AccordionHeader>Forward from another provider or a shared inbox</AccordionHeader>
          <AccordionPanel>
            <p data-testid="help-provider" className={styles.muted}>
              Any mail service that forwards (a rule, an alias, a group with an external member) works: send
              the mail to the address above. To receive through your own mail provider’s account instead, use
              the provider webhooks below with your organization’s webhook secret.
            </p>
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
      <Dialog open={confirming} onOpenChange={(_e, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Get a new inbound address?</DialogTitle>
            <DialogContent>
              <p>
                Your organization gets a new address. The current one keeps receiving for {graceDays} days,
                then mail sent to it is dropped: update Gmail, Outlook and any provider to the new address
                before then.
              </p>
              {rotate.error ? (
                <MessageBar intent="error">
                  <MessageBarBody>
                    {errorText(rotate.error, 'The address could not be changed.')}
                  </MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button appearance="primary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                {rotate.isPending ? 'Changing…' : 'Get a new address'}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
