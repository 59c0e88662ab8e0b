import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card, MessageBar, MessageBarBody, Spinner, Tab, TabList } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { PageHeading, useAuth, Button } from '@dealflow/web-kit';
import { errorText } from '../lib/records-api.js';
import { useIntegrationStyles } from '../components/IntegrationLayout.js';
import { SetupTab } from '../components/MailboxSetupTab.js';
import { SettingsTab } from '../components/MailboxSettingsTab.js';
import { useMailbox } from '../hooks/use-mailbox.js';
import { InboundProviders } from '../components/InboundProviders.js';
import { BlockedSendersCard } from '../components/BlockedSendersCard.js';
import { ForwardingConfirmationCard } from '../components/ForwardingConfirmationCard.js';
import { InboundAddressCard } from '../components/InboundAddressCard.js';

/** Integration 1 (/integration-1, /gmail-connection): the organization's mailbox, made real (issue 5). */
export default function MailboxIntegrationPage() {
  const styles = useIntegrationStyles();
  const navigate = useNavigate();
  const { isOwner } = useAuth();
  const [tab, setTab] = useState<'setup' | 'settings'>('setup');
  const mailbox = useMailbox();
  const connected = mailbox.data?.connected ?? false;
  useEffect(() => {
    if (!connected && tab === 'settings') setTab('setup');
  }, [connected, tab]);

  return (
    <div>
      <div className={styles.top}>
        <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => navigate('/dashboard')}>
          Back to Dashboard
        </Button>
      </div>
      <PageHeading description="Receive founders’ emails through an inbound mail provider posting to Dealflow, or connect a mailbox to scan.">
        Integration 1
      </PageHeading>
      {mailbox.isPending ? (
        <div className={styles.center}>
          <Spinner label="Loading the connection..." />
        </div>
      ) : mailbox.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(mailbox.error, 'The connection could not be loaded.')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {mailbox.data.forwardingConfirmation ? (
            <ForwardingConfirmationCard confirmation={mailbox.data.forwardingConfirmation} />
          ) : null}
          <InboundAddressCard status={mailbox.data} isOwner={isOwner} />
          <InboundProviders status={mailbox.data} isOwner={isOwner} />
          <Card>
            <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as 'setup' | 'settings')}>
              <Tab value="setup">Setup</Tab>
              <Tab value="settings" disabled={!connected}>
                Settings
              </Tab>
            </TabList>
            {tab === 'setup' ? (
              <SetupTab key={`${mailbox.data.connected}`} status={mailbox.data} isOwner={isOwner} />
            ) : (
              <SettingsTab status={mailbox.data} isOwner={isOwner} />
            )}
          </Card>
          <BlockedSendersCard isOwner={isOwner} />
        </>
      )}
    </div>
  );
}
