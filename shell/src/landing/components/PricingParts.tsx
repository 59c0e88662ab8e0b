// The landing page's pricing section: the billing-cycle toggle, the Basic and Pro cards and the licence card.
import { Link } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import { Button } from '@dealflow/web-kit';
import { TEMPLATE_PRICE_USD, TRIAL_DAYS } from '@dealflow/contracts/plans';
import { LandingPurchaseButton as PurchaseButton } from '../LandingPurchaseButton';
import { CheckoutButton } from '../../components/CheckoutButton';
import { useLandingStyles } from '../hooks/use-landing-styles';
import { usePlanPrices, type TBillingCycle, type TPlanPrice } from '../hooks/use-plan-prices';

/**
 * Where a signed-out visitor's "Start 7-Day Free Trial" goes: registration (mfe-auth's /login in its
 * create-account mode), then the plan and trial on /organization-setup. The seed's /register route shows the
 * landing page itself (seed 000, section 2), so it cannot be the form.
 */
export const REGISTRATION_PATH = '/login?mode=register';

export function PricingSection({ isAuthenticated }: { isAuthenticated: boolean }) {
  const styles = useLandingStyles();
  const { cycle, setCycle, prices } = usePlanPrices();
  return (
    <section id="pricing" className={styles.section} aria-labelledby="pricing-title">
      <div className={styles.container}>
        <h2 id="pricing-title" className={styles.h2}>
          Simple per-user pricing
        </h2>
        <p className={styles.sub}>
          {TRIAL_DAYS}-day free trial. Credit card required, no charge until the trial ends, cancel anytime.
        </p>
        <CycleToggle cycle={cycle} onChange={setCycle} />
        <div className={styles.pricing}>
          {prices.map((price) => (
            <PlanCard key={price.key} price={price} cycle={cycle} isAuthenticated={isAuthenticated} />
          ))}
          <LicenseCard />
        </div>
      </div>
    </section>
  );
}

function CycleToggle({
  cycle,
  onChange,
}: {
  cycle: TBillingCycle;
  onChange: (cycle: TBillingCycle) => void;
}) {
  const styles = useLandingStyles();
  return (
    <div className={styles.tabs} role="group" aria-label="Billing cycle">
      <Button
        appearance={cycle === 'monthly' ? 'primary' : 'secondary'}
        aria-pressed={cycle === 'monthly'}
        onClick={() => onChange('monthly')}
      >
        Monthly
      </Button>
      <Button
        appearance={cycle === 'annual' ? 'primary' : 'secondary'}
        aria-pressed={cycle === 'annual'}
        onClick={() => onChange('annual')}
      >
        Annual (save up to 20%)
      </Button>
    </div>
  );
}

function PlanCard({
  price,
  cycle,
  isAuthenticated,
}: {
  price: TPlanPrice;
  cycle: TBillingCycle;
  isAuthenticated: boolean;
}) {
  const styles = useLandingStyles();
  const { key, plan, shown, note } = price;
  return (
    <article
      className={mergeClasses(styles.card, plan.popular && styles.popular)}
      aria-labelledby={`plan-${key}`}
    >
      <h3 id={`plan-${key}`} className={styles.cardTitle}>
        {plan.label}
        {plan.popular ? <span className={styles.tag}>Popular</span> : null}
      </h3>
      <p className={styles.price}>
        ${shown}
        <span style={{ fontSize: '1rem', fontWeight: 400 }}> /user/month</span>
      </p>
      <p className={styles.priceNote}>{note}</p>
      <ul className={styles.list}>
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
        {plan.missing.map((f) => (
          <li key={f} className={styles.missing}>
            {f}
          </li>
        ))}
      </ul>
      <Link to={isAuthenticated ? '/billing' : REGISTRATION_PATH}>
        <Button appearance={plan.popular ? 'primary' : 'secondary'} tabIndex={-1}>
          Start {TRIAL_DAYS}-Day Free Trial
        </Button>
      </Link>
      {isAuthenticated ? null : (
        <>
          {/* A visitor may skip registration: the email given at checkout gets the account and organization. */}
          <CheckoutButton
            label={`Start ${plan.label} as a guest`}
            appearance="subtle"
            size="medium"
            choice={{ plan: key, billingCycle: cycle }}
          />
          <p className={styles.priceNote}>
            No account needed: give your email at checkout and we create your account and organization.
          </p>
        </>
      )}
    </article>
  );
}

function LicenseCard() {
  const styles = useLandingStyles();
  return (
    <article className={styles.card} aria-labelledby="plan-license">
      <h3 id="plan-license" className={styles.cardTitle}>
        Standard License
      </h3>
      <p className={styles.price}>
        ${TEMPLATE_PRICE_USD}
        <span style={{ fontSize: '1rem', fontWeight: 400 }}> one-time</span>
      </p>
      <p className={styles.priceNote}>The starter template behind Dealflow. Extended license coming soon.</p>
      <ul className={styles.list}>
        <li>Full source code</li>
        <li>Single-project use</li>
        <li>6 months of updates</li>
        <li>Documentation and setup guide</li>
      </ul>
      <PurchaseButton label="Purchase Now" appearance="secondary" loadWhenNear />
    </article>
  );
}
