import { PageHeading, useAuth, Button } from '@dealflow/web-kit';
import { SettingsSection } from '@dealflow/web-kit/settings';

import { TwoFactorEnrolment } from '../components/TwoFactorSection.js';

/**
 * What a member sees, whatever page they open, while their organization requires two-factor sign-in and
 * they have not set it up (the shell's layout shows this instead of the page; identity refuses the other
 * calls meanwhile). Done: the session is read again and the app opens.
 */
export default function TwoFactorEnrolmentPage() {
  const { refresh, logout, organization } = useAuth();
  return (
    <div>
      <PageHeading description="One more step before you go on.">Set up two-factor sign-in</PageHeading>
      <SettingsSection
        title="Your organization requires two-factor sign-in"
        description={`${organization?.name ?? 'Your organization'} asks every member to sign in with a code from an authenticator app as well as their password.`}
      >
        <TwoFactorEnrolment onDone={() => void refresh()} />
      </SettingsSection>
      <Button appearance="subtle" onClick={() => void logout()}>
        Sign out
      </Button>
    </div>
  );
}
