import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field, Input, Spinner, Switch, Tab, TabList } from '@fluentui/react-components';
import { PageHeading, toast, useAuth, Button } from '@dealflow/web-kit';
import { api } from '@dealflow/contracts/client';
import { ApiKeysSection } from '../components/ApiKeysSection.js';
import { WebhooksSection } from '../components/WebhooksSection.js';
import { DeleteWithPassword } from '../components/DeleteWithPassword.js';
import { EmailSection } from '../components/EmailSection.js';
import { SessionsSection } from '../components/SessionsSection.js';
import { Section, useFormStyles } from '../components/Section.js';
import {
  ZOrganizationForm,
  ZPasswordForm,
  ZProfileForm,
  type TOrganizationForm,
  type TPasswordForm,
  type TProfileForm,
} from '../lib/forms.js';
import { errorText } from '../lib/format.js';
import { OrganizationTwoFactorSetting, TwoFactorSection } from '../components/TwoFactorSection.js';

type TTab = 'profile' | 'security' | 'organization';

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
    <Section title="Notifications" description="Choose which emails you receive.">
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
    </Section>
  );
}

function ProfileTab() {
  const styles = useFormStyles();
  const { user, refresh, logout } = useAuth();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TProfileForm>({
    ...formOptions,
    resolver: zodResolver(ZProfileForm),
    defaultValues: { name: user?.name ?? '' },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const name = useWatch({ control, name: 'name' });
  useEffect(() => {
    if (user) reset({ name: user.name });
  }, [user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.identity.updateProfile(values);
      toast({ title: 'Profile updated', description: 'Your profile has been saved.', variant: 'success' });
      await refresh();
    } catch (error) {
      toast({
        title: 'Update failed',
        description: errorText(error, 'There was an error updating your profile.'),
        variant: 'error',
      });
    }
  });

  return (
    <>
      <Section title="Profile" description="Your name as your team sees it.">
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Field label="Name" required validationMessage={errors.name?.message}>
            <Input {...register('name')} value={name} autoComplete="name" />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </Section>
      <EmailSection />
      <NotificationsSection />
      <Section
        tone="danger"
        title="Delete Account"
        description="Permanently delete your account and sign out."
      >
        <DeleteWithPassword
          buttonLabel="Delete Account"
          title="Delete your account?"
          warning="Your account, your sessions and your access to the organization will be deleted."
          onDelete={async (password) => {
            try {
              await api.identity.deleteUser({ password });
              toast({
                title: 'Account deleted',
                description: 'Your account has been deleted.',
                variant: 'success',
              });
              await logout();
              return true;
            } catch (error) {
              toast({
                title: 'Deletion failed',
                description: errorText(error, 'There was an error deleting your account.'),
                variant: 'error',
              });
              return false;
            }
          }}
        />
      </Section>
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.identity.changePassword(values);
      toast({
        title: 'Password updated',
        description: 'Your other sessions have been signed out.',
        variant: 'success',
      });
      reset();
    } catch (error) {
      toast({
        title: 'Update failed',
        description: errorText(error, 'There was an error updating your password.'),
        variant: 'error',
      });
    }
  });

  return (
    <Section
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
    </Section>
  );
}

function OrganizationTab() {
  const styles = useFormStyles();
  const { organization, refresh, logout } = useAuth();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TOrganizationForm>({
    ...formOptions,
    resolver: zodResolver(ZOrganizationForm),
    defaultValues: { name: organization?.name ?? '' },
  });
  // Fluent's Input keeps its own value state: pass the form's value, or a reset() would not show in the field.
  const name = useWatch({ control, name: 'name' });
  useEffect(() => {
    if (organization) reset({ name: organization.name });
  }, [organization, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.identity.updateOrganization(values);
      toast({
        title: 'Organization updated',
        description: 'The organization name has been saved.',
        variant: 'success',
      });
      await refresh();
    } catch (error) {
      toast({
        title: 'Update failed',
        description: errorText(error, 'There was an error updating the organization.'),
        variant: 'error',
      });
    }
  });

  return (
    <>
      <Section title="Organization" description="The name your team sees.">
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <Field label="Organization name" required validationMessage={errors.name?.message}>
            <Input {...register('name')} value={name} autoComplete="organization" />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={isSubmitting || !isDirty}>
              {isSubmitting ? 'Saving...' : 'Save Organization'}
            </Button>
          </div>
        </form>
      </Section>
      <ApiKeysSection />
      <WebhooksSection />
      <Section
        tone="danger"
        title="Delete Organization"
        description="Delete the organization, its members' access, its records and its subscription."
      >
        <DeleteWithPassword
          buttonLabel="Delete Organization"
          title="Delete this organization?"
          warning="Every member loses access, the subscription is cancelled and the organization's data is deleted."
          onDelete={async (password) => {
            try {
              await api.identity.deleteOrganization({ password });
              toast({
                title: 'Organization deleted',
                description: 'The organization has been deleted.',
                variant: 'success',
              });
              await logout();
              return true;
            } catch (error) {
              toast({
                title: 'Deletion failed',
                description: errorText(error, 'There was an error deleting the organization.'),
                variant: 'error',
              });
              return false;
            }
          }}
        />
      </Section>
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
