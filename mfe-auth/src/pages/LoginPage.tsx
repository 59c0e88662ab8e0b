import { apiLinks } from '@dealflow/contracts/client';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field, Input, Link } from '@fluentui/react-components';
// Button from web-kit: the shell's copy, already loaded (see web-kit's index).
import { Button, usePublicConfig, useAuth } from '@dealflow/web-kit';
import { AuthCard, useFormStyles } from '../components/AuthCard.js';
import { InlineAlert } from '../components/InlineAlert.js';
import { getServerMessage, isDatabaseNotInitialized } from '../lib/errors.js';
import type { TLoginForm, TRegisterForm } from '../lib/forms.js';
import { createLazyResolver } from '../lib/lazy-resolver.js';
import { useLightForm } from '../lib/use-light-form.js';

// The contracts' zod schemas arrive on the first focus of a field, not with the page.
const loginValidation = createLazyResolver<TLoginForm>(() =>
  import('../lib/forms.js').then((m) => m.loginResolver),
);
const registerValidation = createLazyResolver<TRegisterForm>(() =>
  import('../lib/forms.js').then((m) => m.registerResolver),
);

// The second step of a sign-in with two-factor: fetched only when a password (or Google) asks for it.
const TwoFactorChallenge = lazy(() => import('../components/TwoFactorChallenge.js'));

export const DB_NOT_INITIALIZED = 'Database schema not initialized. Please run the setup script: ./setup.sh';

function DatabaseNotice() {
  return (
    <InlineAlert title="Database not initialized">
      {DB_NOT_INITIALIZED}
      <ol>
        <li>Make sure PostgreSQL is running and DATABASE_URL points at it.</li>
        <li>Run ./setup.sh (or npm start, which runs the migrations).</li>
        <li>Reload this page and sign in again.</li>
      </ol>
    </InlineAlert>
  );
}

function LoginForm({
  onCreateAccount,
  onTwoFactor,
}: {
  onCreateAccount: () => void;
  onTwoFactor: () => void;
}) {
  const styles = useFormStyles();
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [dbInitRequired, setDbInitRequired] = useState(false);
  // No react-query on signed-out pages: web-kit's one-hour cache of GET /api/config.
  const config = usePublicConfig();
  // Validated on submit, revalidated on change (seed 000 section 5).
  const { register, handleSubmit, errors, isSubmitting } = useLightForm<TLoginForm>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setDbInitRequired(false);
    try {
      // useAuth().login: session check, login, 100 ms, re-check (500 ms more on failure), full redirect to
      // /dashboard; it raises the 'Login failed' / 'Login successful' toasts itself.
      if (!('user' in (await login(values)))) onTwoFactor();
    } catch (error) {
      setDbInitRequired(isDatabaseNotInitialized(error));
      setFailure(getServerMessage(error) ?? 'An error occurred during login');
    }
  });

  return (
    <>
      {dbInitRequired ? <DatabaseNotice /> : null}
      {failure && !dbInitRequired ? <InlineAlert>{failure}</InlineAlert> : null}
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onFocus={() => void loginValidation.preload()}
        noValidate
      >
        <Field label="Email" required validationMessage={errors.email?.message}>
          <Input {...register('email')} type="email" autoComplete="email" placeholder="you@example.com" />
        </Field>
        <Field label="Password" required validationMessage={errors.password?.message}>
          <Input {...register('password')} type="password" autoComplete="current-password" />
        </Field>
        <div className={styles.between}>
          <Link as="a" href="/forgot-password">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" appearance="primary" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      {config?.googleSignInEnabled ? (
        <>
          <p className={styles.muted} style={{ textAlign: 'center' }}>
            or
          </p>
          <Button onClick={() => window.location.assign(apiLinks.googleSignIn)}>Sign in with Google</Button>
        </>
      ) : null}
      <p className={styles.muted}>
        No account yet?{' '}
        <Link as="button" type="button" onClick={onCreateAccount}>
          Create account
        </Link>
      </p>
    </>
  );
}

function RegisterForm({ onSignIn }: { onSignIn: () => void }) {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const { register: registerAccount } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, errors, isSubmitting } = useLightForm<TRegisterForm>({
    resolver: registerValidation.resolver,
    defaultValues: { email: '', password: '', name: '', organizationName: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // Two-step registration: the toast says 'Now select your subscription plan'; the plan is chosen next.
      await registerAccount({ ...values, redirectToStepTwo: true });
      navigate('/organization-setup');
    } catch (error) {
      setFailure(getServerMessage(error) ?? 'Please check your information and try again.');
    }
  });

  return (
    <>
      {failure ? <InlineAlert>{failure}</InlineAlert> : null}
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onFocus={() => void registerValidation.preload()}
        noValidate
      >
        <Field label="Name" required validationMessage={errors.name?.message}>
          <Input {...register('name')} autoComplete="name" />
        </Field>
        <Field label="Email" required validationMessage={errors.email?.message}>
          <Input {...register('email')} type="email" autoComplete="email" />
        </Field>
        <Field label="Password" required validationMessage={errors.password?.message}>
          <Input {...register('password')} type="password" autoComplete="new-password" />
        </Field>
        <Field label="Organization name" required validationMessage={errors.organizationName?.message}>
          <Input {...register('organizationName')} autoComplete="organization" />
        </Field>
        <Button type="submit" appearance="primary" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <p className={styles.muted}>
        Already have an account?{' '}
        <Link as="button" type="button" onClick={onSignIn}>
          Sign in
        </Link>
      </p>
    </>
  );
}

/** /login: sign in, or create an account (then choose the plan on /organization-setup). */
export default function LoginPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const isRegister = searchParams.get('mode') === 'register';
  // `step=two-factor`: after the password here, or after Google (its callback sends the browser here).
  const isTwoFactor = searchParams.has('step');
  const setMode = (mode: 'login' | 'register') =>
    setSearchParams(mode === 'register' ? { mode: 'register' } : {}, { replace: true });

  return (
    <AuthCard
      title={
        isRegister ? 'Create your account' : isTwoFactor ? 'Two-factor sign-in' : 'Sign in to your account'
      }
      description={
        isRegister
          ? 'Start with your account and organization; choose a plan next.'
          : isTwoFactor
            ? 'Enter the code from your authenticator app.'
            : 'Welcome back to Dealflow.'
      }
    >
      {isRegister ? (
        <RegisterForm onSignIn={() => setMode('login')} />
      ) : isTwoFactor ? (
        <Suspense fallback={null}>
          <TwoFactorChallenge onRestart={() => setMode('login')} />
        </Suspense>
      ) : (
        <LoginForm
          onCreateAccount={() => setMode('register')}
          onTwoFactor={() => setSearchParams({ step: 'two-factor' }, { replace: true })}
        />
      )}
      <div className={styles.row}>
        <Button appearance="subtle" onClick={() => navigate('/')}>
          Back to Home
        </Button>
      </div>
    </AuthCard>
  );
}
