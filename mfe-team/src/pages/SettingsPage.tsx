import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, Input, Spinner, Switch, Tab, TabList } from '@fluentui/react-components';
import { PageHeading, toast, useAuth, Button } from '@dealflow/web-kit';
import { SettingsSection } from '@dealflow/web-kit/settings';
import { api } from '@dealflow/contracts/client';
import { ApiKeysSection } from '../components/ApiKeysSection.js';
import { WebhooksSection } from '../components/WebhooksSection.js';
import { DeleteWithPassword } from '../components/DeleteWithPassword.js';
import { EmailSection } from '../components/EmailSection.js';
import { SessionsSection } from '../components/SessionsSection.js';
import { useFormStyles } from '../components/Section.js';
import {
  ZOrganizationForm,
  ZPasswordForm,
  ZProfileForm,
  type TPasswordForm,
  type TProfileForm,
} from '../lib/forms.js';
import { errorText } from '../lib/format.js';
import { OrganizationTwoFactorSetting, TwoFactorSection } from '../components/TwoFactorSection.js';

type TTab = 'profile' | 'security' | 'organization';
/** The profile's and the organization's forms: a name. */
type TNameForm = TProfileForm;

const formOptions = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

type TNotificationSettings = {
  emailOnDeckProcessed: boolean;
  emailOnDealCreated: boolean;
  weeklyDigest: boolean;
  emailOnMention: boolean;
};
const notificationLabels: Record<keyof TNotificationSettings, string> = {
  emailOnDeckProcessed: 'Email me when a pitch deck has been processed',
  emailOnDealCreated: 'Email me when a deal is created in the CRM',
  weeklyDigest: 'Weekly digest of new records',
  emailOnMention: 'Email me when someone @mentions me on a deal',
};

function NotificationsSection() {
  const styles = useFormStyles();
  const queryClient = useQueryClient();
  const settings = useQuery({
    ...api.identity.getNotifications.queryOptions(),
  });
  const update = useMutation({
    mutationFn: (patch: Partial<TNotificationSettings>) => api.identity.updateNotifications(patch),
    onSuccess: (next) => {
      queryClient.setQueryData(api.identity.getNotifications.key(), next);
      toast({
        title: 'Notifications updated',
        description: 'Your notification settings have been saved.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: errorText(error, 'There was an error updating your notifications.'),
        variant: 'error',
      }),
  });
  return (
    <SettingsSection title="Notifications" description="Choose which emails you receive.">
      {settings.isPending ? <Spinner size="small" label="Loading notification settings..." /> : null}
      {settings.error ? (
        <p className={styles.muted}>Could not load notification settings: {settings.error.message}</p>
      ) : null}
      {settings.data
        ? (Object.keys(notificationLabels) as Array<keyof TNotificationSettings>).map((key) => (
            <Switch
              key={key}
              label={notificationLabels[key]}
              checked={settings.data[key]}
              disabled={update.isPending}
              onChange={(_, data) => update.mutate({ [key]: data.checked })}
            />
          ))
        : null}
    </SettingsSection>
  );
}

/** A section whose form renames one thing (you, the organization): Save is enabled once the name changed. */
function NameSection({
  title,
  description,
  label,
  autoComplete,
  schema,
  current,
  save,
  saved,
  failure,
  buttonLabel,
}: {
  title: string;
  description: string;
  label: string;
  autoComplete: string;
  schema: typeof ZProfileForm | typeof ZOrganizationForm;
  current: string | undefined;
  save: (values: TNameForm) => Promise<unknown>;
  saved: { title: string; description: string };
  failure: string;
  buttonLabel: string;
}) {
  const styles = useFormStyles();
  const { refresh } = useAuth();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TNameForm>({
    ...formOptions,
    resolver: zodResolver(schema),
    defaultValues: { name: current ?? '' },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const name = useWatch({ control, name: 'name' });
  useEffect(() => {
    if (current !== undefined) reset({ name: current });
  }, [current, reset]);
  const update = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      toast({ ...saved, variant: 'success' });
      await refresh();
    },
    onError: (error) =>
      toast({ title: 'Update failed', description: errorText(error, failure), variant: 'error' }),
  });
  const onSubmit = handleSubmit((values) => update.mutateAsync(values).catch(() => undefined));

  return (
    <SettingsSection title={title} description={description}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label={label} required validationMessage={errors.name?.message}>
          <Input {...register('name')} value={name} autoComplete={autoComplete} />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={isSubmitting || !isDirty}>
            {isSubmitting ? 'Saving...' : buttonLabel}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

/** The danger zone's delete: the password asked in a dialog, then signed out. */
function DeleteSection({
  what,
  description,
  warning,
  remove,
}: {
  what: 'Account' | 'Organization';
  description: string;
  warning: string;
  remove: (password: string) => Promise<unknown>;
}) {
  const { logout } = useAuth();
  const [subject, Subject] =
    what === 'Account' ? ['your account', 'Your account'] : ['the organization', 'The organization'];
  const deletion = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      toast({
        title: `${what} deleted`,
        description: `${Subject} has been deleted.`,
        variant: 'success',
      });
      await logout();
    },
    onError: (error) =>
      toast({
        title: 'Deletion failed',
        description: errorText(error, `There was an error deleting ${subject}.`),
        variant: 'error',
      }),
  });
  return (
    <SettingsSection tone="danger" title={`Delete ${what}`} description={description}>
      <DeleteWithPassword
        buttonLabel={`Delete ${what}`}
        title={what === 'Account' ? 'Delete your account?' : 'Delete this organization?'}
        warning={warning}
        onDelete={(password) =>
          deletion.mutateAsync(password).then(
            () => true,
            () => false,
          )
        }
      />
    </SettingsSection>
  );
}

function ProfileTab() {
  const { user } = useAuth();
  return (
    <>
      <NameSection
        title="Profile"
        description="Your name as your team sees it."
        label="Name"
        autoComplete="name"
        schema={ZProfileForm}
        current={user?.name}
        save={(values) => api.identity.updateProfile(values)}
        saved={{ title: 'Profile updated', description: 'Your profile has been saved.' }}
        failure="There was an error updating your profile."
        buttonLabel="Save Profile"
      />
      <EmailSection />
      <NotificationsSection />
      <DeleteSection
        what="Account"
        description="Permanently delete your account and sign out."
        warning="Your account, your sessions and your access to the organization will be deleted."
        remove={(password) => api.identity.deleteUser({ password })}
      />
    </>
  );
}

function SecurityTab() {
  return (
    <>
      <ChangePasswordSection />
      <SessionsSection />
    </>
  );
}

function ChangePasswordSection() {
  const styles = useFormStyles();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TPasswordForm>({
    ...formOptions,
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const [currentPassword, newPassword, confirmPassword] = useWatch({
    control,
    name: ['currentPassword', 'newPassword', 'confirmPassword'],
  });

  const change = useMutation({
    mutationFn: (values: TPasswordForm) => api.identity.changePassword(values),
    onSuccess: () => {
      toast({
        title: 'Password updated',
        description: 'Your other sessions have been signed out.',
        variant: 'success',
      });
      reset();
    },
    onError: (error) =>
      toast({
        title: 'Update failed',
        description: errorText(error, 'There was an error updating your password.'),
        variant: 'error',
      }),
  });
  const onSubmit = handleSubmit((values) => change.mutateAsync(values).catch(() => undefined));

  return (
    <SettingsSection
      title="Change Password"
      description="Use at least 8 characters. Other devices will be signed out."
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field label="Current password" required validationMessage={errors.currentPassword?.message}>
          <Input
            {...register('currentPassword')}
            value={currentPassword}
            type="password"
            autoComplete="current-password"
          />
        </Field>
        <Field label="New password" required validationMessage={errors.newPassword?.message}>
          <Input
            {...register('newPassword')}
            value={newPassword}
            type="password"
            autoComplete="new-password"
          />
        </Field>
        <Field label="Confirm new password" required validationMessage={errors.confirmPassword?.message}>
          <Input
            {...register('confirmPassword')}
            value={confirmPassword}
            type="password"
            autoComplete="new-password"
          />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={isSubmitting}>
            {isSubmitting ? 'Updating...' : 'Update Password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

function OrganizationTab() {
  const { organization } = useAuth();
  return (
    <>
      <NameSection
        title="Organization"
        description="The name your team sees."
        label="Organization name"
        autoComplete="organization"
        schema={ZOrganizationForm}
        current={organization?.name}
        save={(values) => api.identity.updateOrganization(values)}
        saved={{ title: 'Organization updated', description: 'The organization name has been saved.' }}
        failure="There was an error updating the organization."
        buttonLabel="Save Organization"
      />
      <ApiKeysSection />
      <WebhooksSection />
      <DeleteSection
        what="Organization"
        description="Delete the organization, its members' access, its records and its subscription."
        warning="Every member loses access, the subscription is cancelled and the organization's data is deleted."
        remove={(password) => api.identity.deleteOrganization({ password })}
      />
    </>
  );
}

/** /settings: Profile, Security and (owners) Organization. */
export default function SettingsPage() {
  const { user, isOwner, isLoading } = useAuth();
  const [tab, setTab] = useState<TTab>('profile');
  const styles = useFormStyles();
  const activeTab = tab === 'organization' && !isOwner ? 'profile' : tab;

  return (
    <div>
      <PageHeading description="Manage your account and organization.">Settings</PageHeading>
      {isLoading || !user ? (
        <div className={styles.center}>
          <Spinner label="Loading your settings..." />
        </div>
      ) : (
        <>
          <TabList
            selectedValue={activeTab}
            onTabSelect={(_, data) => setTab(data.value as TTab)}
            style={{ marginBottom: 16 }}
          >
            <Tab value="profile">Profile</Tab>
            <Tab value="security">Security</Tab>
            {isOwner ? <Tab value="organization">Organization</Tab> : null}
          </TabList>
          <div role="tabpanel" aria-label={activeTab}>
            {activeTab === 'profile' ? <ProfileTab /> : null}
            {activeTab === 'security' ? <SecurityTab /> : null}
            {activeTab === 'security' ? <TwoFactorSection /> : null}
            {activeTab === 'organization' ? <OrganizationTab /> : null}
            {activeTab === 'organization' ? <OrganizationTwoFactorSetting /> : null}
          </div>
        </>
      )}
    </div>
  );
}
