import { useState } from 'react';
import {
  Badge,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { Button, toast, useReauthentication } from '@dealflow/web-kit';
import { errorText, type TMailboxStatus } from '../lib/records-api.js';
import { useRevealWebhookSecret, useRotateWebhookSecret, useSaveMailgunKey } from '../hooks/use-mailbox.js';
import { useIntegrationStyles } from './IntegrationLayout.js';

type TProvider = 'sendgrid' | 'mailgun' | 'postmark' | 'ses' | 'raw';
const PROVIDERS: { value: TProvider; label: string }[] = [
  { value: 'sendgrid', label: 'SendGrid' },
  { value: 'mailgun', label: 'Mailgun' },
  { value: 'postmark', label: 'Postmark' },
  { value: 'ses', label: 'Amazon SES' },
  { value: 'raw', label: 'Your own relay' },
];
const MASK = '••••••••••••••••';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: what, variant: 'success' });
  } catch {
    toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'error' });
  }
}

/** The webhook URL with basic auth in it, as SendGrid, Mailgun and Postmark take it (the secret masked until revealed). */
const withBasicAuth = (url: string, secret: string) => url.replace('://', `://dealflow:${secret}@`);

function CopyLine({
  label,
  value,
  shown,
  testId,
}: {
  label: string;
  value: string;
  shown?: string;
  testId: string;
}) {
  const styles = useIntegrationStyles();
  return (
    <div className={styles.address}>
      <span data-testid={testId} style={{ flexGrow: 1 }}>
        {shown ?? value}
      </span>
      <Button
        appearance="subtle"
        size="small"
        icon={<Copy20Regular />}
        aria-label={`Copy ${label}`}
        onClick={() => void copy(value, label)}
      />
    </div>
  );
}

/**
 * How mail reaches the inbound address: through an inbound mail provider the organization sets up (SendGrid,
 * Mailgun, Postmark or its own relay posting raw MIME), each posting to the webhook URL authenticated with the
 * organization's secret. Nothing arrives by itself: the page says so.
 */
export function InboundProviders({ status, isOwner }: { status: TMailboxStatus; isOwner: boolean }) {
  const styles = useIntegrationStyles();
  const [provider, setProvider] = useState<TProvider>('sendgrid');
  // The secret itself, once the owner revealed it (the status only has it masked: issue 20).
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [mailgunKey, setMailgunKey] = useState('');
  const rotate = useRotateWebhookSecret();
  const saveKey = useSaveMailgunKey();
  const webhookUrl = `${window.location.origin}${status.webhookPath ?? ''}`;
  const masked = status.webhookSecretMasked ?? null;
  const shownSecret = secret ?? masked ?? MASK;
  const { withReauthentication, prompt } = useReauthentication();
  const reveal = useRevealWebhookSecret(withReauthentication);
  const doReveal = () =>
    reveal.mutate(undefined, {
      onSuccess: ({ webhookSecret }) => setSecret(webhookSecret),
      onError: (error) =>
        toast({
          title: 'Reveal failed',
          description: errorText(error, 'The secret was not revealed.'),
          variant: 'error',
        }),
    });
  const domain = status.inboundAddress.split('@')[1] ?? '';
  // SNS posts to its own path; `recipient` names the organization (a subscription confirmation has no other).
  // Mailgun posts the raw MIME (`body-mime`) only to a URL that ends in "mime".
  const mailgunUrl = `${webhookUrl}?format=mime`;
  const sesUrl = `${webhookUrl}/ses?recipient=${encodeURIComponent(status.inboundAddress)}`;

  const doRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setSecret(null);
        toast({
          title: 'Secret rotated',
          description:
            'Reveal the new secret and update the URL or secret at your provider: the old secret no longer works.',
          variant: 'success',
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: 'Rotate failed',
          description: errorText(error, 'The secret was not changed.'),
          variant: 'error',
        });
      },
    });

  const saveMailgun = () =>
    saveKey.mutate(mailgunKey.trim(), {
      onSuccess: () => {
        setMailgunKey('');
        toast({
          title: 'Signing key saved',
          description: 'Mailgun posts are now verified.',
          variant: 'success',
        });
      },
      onError: (error) =>
        toast({
          title: 'Save failed',
          description: errorText(error, 'The key was not saved.'),
          variant: 'error',
        }),
    });

  return (
    <Card style={{ marginBottom: 16 }} aria-label="Inbound mail provider">
      <h2 className={styles.sectionTitle}>Receive mail through a provider</h2>
      <MessageBar intent="warning">
        <MessageBarBody>
          Mail does not arrive at the inbound address by itself. Set up one of the providers below to receive
          mail for <strong>{domain}</strong> and post it to Dealflow, or connect a mailbox to scan.
        </MessageBarBody>
      </MessageBar>
      <Field label="Webhook URL">
        <CopyLine label="webhook URL" value={webhookUrl} testId="webhook-url" />
      </Field>
      {isOwner && masked ? (
        <Field label="Webhook secret" hint="Lets a provider post mail as your organization: keep it private.">
          <div className={styles.address}>
            <span data-testid="webhook-secret" style={{ flexGrow: 1 }}>
              {shownSecret}
            </span>
            <Button
              appearance="subtle"
              size="small"
              onClick={() => (secret ? setSecret(null) : doReveal())}
              disabled={reveal.isPending}
            >
              {secret ? 'Hide' : reveal.isPending ? 'Revealing...' : 'Reveal'}
            </Button>
            <Button
              appearance="subtle"
              size="small"
              icon={<Copy20Regular />}
              aria-label="Copy webhook secret"
              disabled={!secret}
              onClick={() => secret && void copy(secret, 'webhook secret')}
            />
            <Button
              appearance="subtle"
              size="small"
              onClick={() => setConfirming(true)}
              disabled={rotate.isPending}
            >
              Rotate
            </Button>
          </div>
        </Field>
      ) : (
        <MessageBar intent="info">
          <MessageBarBody>Only the organization owner can see and rotate the webhook secret.</MessageBarBody>
        </MessageBar>
      )}
      <TabList selectedValue={provider} onTabSelect={(_e, d) => setProvider(d.value as TProvider)}>
        {PROVIDERS.map((p) => (
          <Tab key={p.value} value={p.value}>
            {p.label}
          </Tab>
        ))}
      </TabList>
      {provider === 'sendgrid' ? (
        <ol aria-label="SendGrid setup">
          <li>Point your inbound domain’s MX record at mx.sendgrid.net.</li>
          <li>
            In SendGrid, Settings › Inbound Parse › Add Host &amp; URL: the domain {domain}, and as
            Destination URL the webhook URL with the secret as basic auth:
            <CopyLine
              label="SendGrid destination URL"
              value={withBasicAuth(webhookUrl, secret ?? 'SECRET')}
              shown={withBasicAuth(webhookUrl, masked ? shownSecret : 'SECRET')}
              testId="sendgrid-url"
            />
          </li>
          <li>Tick “POST the raw, full MIME message”.</li>
        </ol>
      ) : null}
      {provider === 'mailgun' ? (
        <div>
          <ol aria-label="Mailgun setup">
            <li>Add {domain} as a receiving domain in Mailgun and set its MX records as Mailgun shows.</li>
            <li>
              Create a route (Receiving › Create route): match recipient {status.inboundAddress}, action
              Forward to the webhook URL with the secret as basic auth, ending in /mime so Mailgun posts the
              raw MIME as body-mime:
              <CopyLine
                label="Mailgun forward URL"
                value={withBasicAuth(mailgunUrl, secret ?? 'SECRET')}
                shown={withBasicAuth(mailgunUrl, masked ? shownSecret : 'SECRET')}
                testId="mailgun-url"
              />
            </li>
            <li>
              Paste Mailgun’s HTTP webhook signing key (Sending › Webhooks) below: each post’s signature is
              checked with it.
            </li>
          </ol>
          <div className={styles.status}>
            <span>Signing key:</span>
            <Badge appearance="tint" color={status.mailgunConfigured ? 'success' : 'subtle'}>
              {status.mailgunConfigured ? 'Stored' : 'Not set'}
            </Badge>
          </div>
          {isOwner ? (
            <div className={styles.row}>
              <Field label="Mailgun signing key" className={styles.grow}>
                <Input
                  type="password"
                  value={mailgunKey}
                  onChange={(_e, d) => setMailgunKey(d.value)}
                  autoComplete="off"
                />
              </Field>
              <Button onClick={saveMailgun} disabled={mailgunKey.trim().length < 8 || saveKey.isPending}>
                {saveKey.isPending ? 'Saving...' : 'Save key'}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {provider === 'postmark' ? (
        <ol aria-label="Postmark setup">
          <li>
            In Postmark, open your server’s Inbound stream and forward {domain}’s mail to its inbound address
            (or set the MX record Postmark gives).
          </li>
          <li>
            Set the inbound webhook URL to the webhook URL with the secret as basic auth (https only):
            <CopyLine
              label="Postmark webhook URL"
              value={withBasicAuth(webhookUrl, secret ?? 'SECRET')}
              shown={withBasicAuth(webhookUrl, masked ? shownSecret : 'SECRET')}
              testId="postmark-url"
            />
          </li>
          <li>Turn on “Include raw email content in JSON payload”.</li>
        </ol>
      ) : null}
      {provider === 'ses' ? (
        <ol aria-label="Amazon SES setup">
          <li>
            In Amazon SES (a region that receives email), verify the domain {domain} and point its MX record
            at inbound-smtp.&lt;region&gt;.amazonaws.com.
          </li>
          <li>
            In Amazon SNS, create a topic and an HTTPS subscription to it with this endpoint (the secret as
            basic auth); Dealflow confirms the subscription itself once SNS’s signature checks:
            <CopyLine
              label="SNS subscription endpoint"
              value={withBasicAuth(sesUrl, secret ?? 'SECRET')}
              shown={withBasicAuth(sesUrl, masked ? shownSecret : 'SECRET')}
              testId="ses-url"
            />
          </li>
          <li>
            In SES, Email receiving › rule set › Create rule: recipient {status.inboundAddress}, action
            “Publish to Amazon SNS topic” with that topic, encoding UTF-8 or Base64.
          </li>
          <li>
            SES’s SNS action carries messages up to 150 KB and bounces larger ones, which most emails with a
            deck attached are: use another provider for attached decks, or ask founders for a deck link.
          </li>
        </ol>
      ) : null}
      {provider === 'raw' ? (
        <ol aria-label="Relay setup">
          <li>POST each message as message/rfc822 to the webhook URL.</li>
          <li>
            Authenticate with <code>Authorization: Bearer &lt;secret&gt;</code>, or sign the body:{' '}
            <code>
              X-Dealflow-Signature: sha256=&lt;hex HMAC-SHA256 of the body keyed with the secret&gt;
            </code>
            .
          </li>
          <li>
            Add <code>?recipient={status.inboundAddress}</code> when the To header is a list address.
          </li>
        </ol>
      ) : null}
      {prompt}
      <Dialog open={confirming} onOpenChange={(_e, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Rotate the webhook secret?</DialogTitle>
            <DialogContent>
              Posts made with the current secret are refused from now on. Update the URL or secret at every
              provider you use right after.
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button appearance="primary" onClick={doRotate} disabled={rotate.isPending}>
                {rotate.isPending ? 'Rotating...' : 'Rotate secret'}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
