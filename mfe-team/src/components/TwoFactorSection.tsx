import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Field, Input, Spinner, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { Button, toast, useAuth, useReauthentication } from '@dealflow/web-kit';
import { SettingsSection } from '@dealflow/web-kit/settings';
import { api } from '@dealflow/contracts/client';
import type { TTwoFactorSetup } from '@dealflow/contracts';
import { useFormStyles } from './Section.js';
import { errorText, formatDate } from '../lib/format.js';

const useStyles = makeStyles({
  setup: { display: 'flex', gap: '24px', flexWrap: 'wrap', alignItems: 'flex-start' },
  qr: {
    width: '180px',
    height: '180px',
    backgroundColor: '#fff',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  secret: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    letterSpacing: '0.08em',
    wordBreak: 'break-all',
    margin: 0,
  },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, max-content)',
    gap: '6px 32px',
    padding: '12px 16px',
    margin: 0,
    listStyle: 'none',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  error: { color: tokens.colorPaletteRedForeground1, margin: 0 },
});

const STATUS_KEY = api.identity.twoFactorStatus.key();

/** The recovery codes, shown once: copy, download as a text file, and an explicit "saved them". */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const styles = useStyles();
  const form = useFormStyles();
  const text = `DealFlow recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({
        title: 'Copied',
        description: 'The recovery codes are on your clipboard.',
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the codes and copy them by hand.',
        variant: 'error',
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'dealflow-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={form.form} aria-label="Recovery codes" role="group">
      <p className={form.muted}>
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They will
        not be shown again.
      </p>
      <ul className={styles.codes} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={form.actions}>
        <Button onClick={() => void copy()}>Copy codes</Button>
        <Button onClick={download}>Download codes</Button>
        <Button appearance="primary" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}

/**
 * Enrolment: a new secret as a QR code and as text, confirmed with a code from the app, then the recovery
 * codes once. Used in Settings and on the screen an organization's requirement sends members to.
 */
export function TwoFactorEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const styles = useStyles();
  const form = useFormStyles();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Enrolment needs a password check within 10 minutes: the shared prompt asks for it, then starts again.
  const { withReauthentication, prompt } = useReauthentication();
  const setup = useQuery({
    ...api.identity.startTwoFactorSetup.queryOptions(),
    queryFn: () => withReauthentication(() => api.identity.startTwoFactorSetup()),
    // A new secret for each enrolment screen: never served from the cache or refetched behind the user.
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const confirm = useMutation({
    mutationFn: (value: string) => api.identity.confirmTwoFactor({ code: value }),
    onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes),
    onError: (failure) => setError(errorText(failure, 'The code could not be checked. Please try again.')),
  });

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (setup.isPending)
    return (
      <>
        <Spinner size="small" label="Preparing your authenticator key..." />
        {prompt}
      </>
    );
  if (setup.error || !setup.data)
    return (
      <p className={styles.error} role="alert">
        {errorText(setup.error, 'Two-factor set-up could not start.')}{' '}
        <Button size="small" onClick={() => void setup.refetch()}>
          Try again
        </Button>
      </p>
    );
  const data: TTwoFactorSetup = setup.data;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setError('Enter the 6-digit code from your authenticator app.');
    setError(null);
    confirm.mutate(value);
  };
  return (
    <div className={styles.setup}>
      <img className={styles.qr} src={data.qrCodeDataUrl} alt="QR code to scan with your authenticator app" />
      <form className={form.form} onSubmit={submit} noValidate>
        <p className={form.muted}>
          1. Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password, ...), or enter this key by hand:
        </p>
        <p className={styles.secret} data-testid="two-factor-secret" aria-label="Authenticator key">
          {data.secret.replace(/(.{4})/g, '$1 ').trim()}
        </p>
        <Field
          label="2. Enter the 6-digit code the app shows"
          required
          validationMessage={error ?? undefined}
        >
          <Input
            value={code}
            onChange={(_, v) => setCode(v.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
          />
        </Field>
        <div className={form.actions}>
          <Button type="submit" appearance="primary" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn on two-factor'}
          </Button>
          {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        </div>
      </form>
    </div>
  );
}

/** Password (or, without one, a code) then an action: turn off, or new recovery codes. */
function ConfirmWithPassword({
  hasPassword,
  submitLabel,
  onConfirm,
  onCancel,
}: {
  hasPassword: boolean;
  submitLabel: string;
  onConfirm: (input: { password?: string; code?: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useFormStyles();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(hasPassword ? 'Enter your password.' : 'Enter a code from your app.');
    setBusy(true);
    setError(null);
    try {
      await onConfirm(hasPassword ? { password: value } : { code: value.trim() });
    } catch (failure) {
      setError(errorText(failure, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={form.form} onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={hasPassword ? 'Your password' : 'A code from your authenticator app'}
        required
        validationMessage={error ?? undefined}
      >
        <Input
          value={value}
          onChange={(_, v) => setValue(v.value)}
          type={hasPassword ? 'password' : 'text'}
          autoComplete={hasPassword ? 'current-password' : 'one-time-code'}
        />
      </Field>
      <div className={form.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? 'Please wait...' : submitLabel}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

type TMode = 'idle' | 'enrol' | 'disable' | 'regenerate';

/** Settings > Security: two-factor sign-in on or off, recovery codes. */
export function TwoFactorSection() {
  const form = useFormStyles();
  const queryClient = useQueryClient();
  const status = useQuery(api.identity.twoFactorStatus.queryOptions());
  const [mode, setMode] = useState<TMode>('idle');
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: STATUS_KEY });
  const done = () => {
    setMode('idle');
    setNewCodes(null);
    void reload();
  };

  let body;
  if (status.isPending) body = <Spinner size="small" label="Loading two-factor settings..." />;
  else if (status.error || !status.data)
    body = (
      <p className={form.muted} role="alert">
        Could not load two-factor settings: {errorText(status.error, 'please try again later.')}
      </p>
    );
  else if (newCodes) body = <RecoveryCodes codes={newCodes} onDone={done} />;
  else if (mode === 'enrol') body = <TwoFactorEnrolment onDone={done} onCancel={() => setMode('idle')} />;
  else if (!status.data.enabled)
    body = (
      <>
        <p className={form.muted}>
          Two-factor sign-in is off.
          {status.data.requiredByOrganization ? ' Your organization requires it.' : ''}
        </p>
        <div className={form.actions}>
          <Button appearance="primary" onClick={() => setMode('enrol')}>
            Set up two-factor
          </Button>
        </div>
      </>
    );
  else {
    const { hasPassword } = status.data;
    body = (
      <>
        <p className={form.muted}>
          Two-factor sign-in is on since {formatDate(status.data.enabledAt)}.{' '}
          {status.data.recoveryCodesRemaining} of 10 recovery codes left.
        </p>
        {mode === 'disable' ? (
          <ConfirmWithPassword
            hasPassword={hasPassword}
            submitLabel="Turn off two-factor"
            onCancel={() => setMode('idle')}
            onConfirm={async (input) => {
              await api.identity.disableTwoFactor(input);
              toast({
                title: 'Two-factor sign-in turned off',
                description: 'Sign-in now asks for your password only.',
                variant: 'success',
              });
              done();
            }}
          />
        ) : mode === 'regenerate' ? (
          <ConfirmWithPassword
            hasPassword={hasPassword}
            submitLabel="Create new codes"
            onCancel={() => setMode('idle')}
            onConfirm={async (input) => {
              const answer = await api.identity.regenerateRecoveryCodes(input);
              setNewCodes(answer.recoveryCodes);
            }}
          />
        ) : (
          <div className={form.actions}>
            <Button onClick={() => setMode('regenerate')}>New recovery codes</Button>
            <Button onClick={() => setMode('disable')} disabled={status.data.requiredByOrganization}>
              Turn off two-factor
            </Button>
          </div>
        )}
        {status.data.requiredByOrganization ? (
          <p className={form.muted}>Your organization requires two-factor sign-in, so it stays on.</p>
        ) : null}
      </>
    );
  }
  return (
    <SettingsSection
      title="Two-factor sign-in"
      description="After your password, sign-in asks for a code from an authenticator app on your phone."
    >
      {body}
    </SettingsSection>
  );
}

/** Settings > Organization (owner): require two-factor sign-in of every member. */
export function OrganizationTwoFactorSetting() {
  const form = useFormStyles();
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const setting = useQuery(api.identity.organizationTwoFactor.queryOptions());
  const update = useMutation({
    mutationFn: (required: boolean) => api.identity.updateOrganizationTwoFactor({ required }),
    onSuccess: (next) => {
      queryClient.setQueryData(api.identity.organizationTwoFactor.key(), next);
      toast({
        title: next.required ? 'Two-factor sign-in required' : 'Two-factor sign-in optional',
        description: next.required
          ? 'Members without it will be asked to set it up before they go on.'
          : 'Members may turn two-factor sign-in off.',
        variant: 'success',
      });
      void refresh();
    },
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: errorText(error, 'The setting could not be saved.'),
        variant: 'error',
      }),
  });
  return (
    <SettingsSection
      title="Two-factor sign-in"
      description="Require every member to sign in with a second factor."
    >
      {setting.isPending ? <Spinner size="small" label="Loading the organization's sign-in rule..." /> : null}
      {setting.error ? (
        <p className={form.muted} role="alert">
          Could not load the setting: {errorText(setting.error, 'please try again later.')}
        </p>
      ) : null}
      {setting.data ? (
        <>
          <Switch
            label="Require two-factor sign-in for everyone in the organization"
            checked={setting.data.required}
            disabled={update.isPending}
            onChange={(_, data) => update.mutate(data.checked)}
          />
          <p className={form.muted}>
            {setting.data.membersWithoutTwoFactor === 0
              ? 'Every member has two-factor sign-in.'
              : `${setting.data.membersWithoutTwoFactor} member(s) have not set up two-factor sign-in yet.`}
          </p>
        </>
      ) : null}
    </SettingsSection>
  );
}
