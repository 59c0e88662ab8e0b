import { useState } from 'react';
import { Link } from 'react-router-dom';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useAuth, Button } from '@dealflow/web-kit';
import { Plans, TEMPLATE_PRICE_USD, TRIAL_DAYS } from '@dealflow/contracts/plans';
import { LandingPurchaseButton as PurchaseButton } from './LandingPurchaseButton';
import { faqs, features, integrations, testimonials } from './content';

const useStyles = makeStyles({
  page: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    lineHeight: '1.5',
  },
  container: { maxWidth: '72rem', margin: '0 auto', padding: '0 20px' },
  header: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  headerInner: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: '64px' },
  logo: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase500,
    color: 'inherit',
    textDecorationLine: 'none',
  },
  logoMark: {
    width: '28px',
    height: '28px',
    borderRadius: '6px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: tokens.fontSizeBase300,
  },
  navLink: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
  },
  hero: { padding: '72px 0 56px', textAlign: 'center' },
  eyebrow: {
    display: 'inline-block',
    padding: '4px 12px',
    borderRadius: '999px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    marginBottom: '16px',
  },
  h1: { fontSize: 'clamp(2rem, 5vw, 3.25rem)', lineHeight: '1.1', margin: '0 auto 16px', maxWidth: '48rem' },
  lead: {
    fontSize: tokens.fontSizeBase500,
    color: tokens.colorNeutralForeground2,
    maxWidth: '40rem',
    margin: '0 auto 28px',
  },
  ctaRow: { display: 'flex', gap: '12px', justifyContent: 'center', flexWrap: 'wrap' },
  section: { padding: '56px 0' },
  alt: { backgroundColor: tokens.colorNeutralBackground2 },
  h2: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    margin: '0 0 8px',
    textAlign: 'center',
  },
  sub: {
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
    margin: '0 auto 32px',
    maxWidth: '40rem',
  },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))', gap: '16px' },
  card: {
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  cardTitle: { margin: '0 0 6px', fontSize: tokens.fontSizeBase400 },
  cardText: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  video: {
    position: 'relative',
    maxWidth: '48rem',
    margin: '0 auto',
    aspectRatio: '16 / 9',
    borderRadius: tokens.borderRadiusXLarge,
    overflow: 'hidden',
    background: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, #1b1a4a 100%)`,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#fff',
  },
  play: {
    width: '72px',
    height: '72px',
    borderRadius: '50%',
    border: '2px solid rgba(255,255,255,0.8)',
    backgroundColor: 'rgba(255,255,255,0.15)',
    color: '#fff',
    fontSize: '28px',
    cursor: 'pointer',
  },
  videoCaption: {
    position: 'absolute',
    bottom: '16px',
    left: '20px',
    right: '20px',
    textAlign: 'left',
    fontSize: tokens.fontSizeBase300,
  },
  strip: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '12px',
    justifyContent: 'center',
    listStyleType: 'none',
    padding: 0,
    margin: 0,
  },
  chip: {
    padding: '8px 16px',
    borderRadius: '999px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  tabs: { display: 'flex', justifyContent: 'center', gap: '8px', marginBottom: '24px' },
  pricing: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
    gap: '16px',
    maxWidth: '64rem',
    margin: '0 auto',
  },
  popular: { border: `2px solid ${tokens.colorBrandStroke1}` },
  tag: {
    display: 'inline-block',
    marginLeft: '8px',
    padding: '2px 8px',
    borderRadius: '999px',
    fontSize: tokens.fontSizeBase100,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    verticalAlign: 'middle',
  },
  price: { fontSize: '2.25rem', fontWeight: tokens.fontWeightBold, margin: '8px 0 0' },
  priceNote: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: '0 0 16px' },
  list: { paddingLeft: '20px', margin: '0 0 20px', color: tokens.colorNeutralForeground2 },
  missing: { color: tokens.colorNeutralForeground4, textDecorationLine: 'line-through' },
  quote: { margin: 0, fontSize: tokens.fontSizeBase400 },
  cite: {
    display: 'block',
    marginTop: '12px',
    color: tokens.colorNeutralForeground3,
    fontStyle: 'normal',
    fontSize: tokens.fontSizeBase200,
  },
  faq: { maxWidth: '48rem', margin: '0 auto', display: 'flex', flexDirection: 'column', gap: '8px' },
  details: {
    padding: '12px 16px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  summary: { cursor: 'pointer', fontWeight: tokens.fontWeightSemibold },
  footer: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, padding: '24px 0' },
  footerInner: {
    display: 'flex',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: '12px',
    color: tokens.colorNeutralForeground3,
  },
  footerLinks: { display: 'flex', gap: '16px', listStyleType: 'none', margin: 0, padding: 0 },
});

export default function LandingPage() {
  const styles = useStyles();
  const { isAuthenticated } = useAuth();
  const [cycle, setCycle] = useState<'monthly' | 'annual'>('annual');
  const buyLabel = `Buy Now - $${TEMPLATE_PRICE_USD}`;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={mergeClasses(styles.container, styles.headerInner)}>
          <Link to="/" className={styles.logo} aria-label="Dealflow home">
            <span className={styles.logoMark} aria-hidden>
              D
            </span>
            Dealflow
          </Link>
          <nav aria-label="Account">
            {isAuthenticated ? (
              <Link to="/dashboard" className={styles.navLink}>
                Dashboard
              </Link>
            ) : (
              <Link to="/login" className={styles.navLink}>
                Login
              </Link>
            )}
          </nav>
        </div>
      </header>

      <main>
        <section className={mergeClasses(styles.container, styles.hero)} aria-labelledby="hero-title">
          <span className={styles.eyebrow}>For investors and their teams</span>
          <h1 id="hero-title" className={styles.h1}>
            Every pitch deck in your inbox, turned into a deal
          </h1>
          <p className={styles.lead}>
            Dealflow reads the emails founders send you, extracts the company data from their pitch decks with
            AI and creates the deal in your CRM. Your whole team, one organization, {TRIAL_DAYS}-day free
            trial.
          </p>
          <div className={styles.ctaRow}>
            {isAuthenticated ? (
              <Link to="/dashboard">
                <Button appearance="primary" size="large" tabIndex={-1}>
                  Go to Dashboard
                </Button>
              </Link>
            ) : (
              <PurchaseButton label={buyLabel} />
            )}
            <a href="#pricing">
              <Button size="large" tabIndex={-1}>
                See pricing
              </Button>
            </a>
          </div>
        </section>

        <section className={mergeClasses(styles.section, styles.alt)} aria-labelledby="features-title">
          <div className={styles.container}>
            <h2 id="features-title" className={styles.h2}>
              Everything a deal team needs
            </h2>
            <p className={styles.sub}>
              From the founder&apos;s email to a qualified deal, with sign-in, billing and teams built in.
            </p>
            <ul className={styles.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {features.map((f) => (
                <li key={f.title} className={styles.card}>
                  <h3 className={styles.cardTitle}>{f.title}</h3>
                  <p className={styles.cardText}>{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className={styles.section} aria-labelledby="demo-title">
          <div className={styles.container}>
            <h2 id="demo-title" className={styles.h2}>
              See it in action
            </h2>
            <p className={styles.sub}>Two minutes from a forwarded email to a deal in the CRM.</p>
            <DemoVideo className={styles.video} playClass={styles.play} captionClass={styles.videoCaption} />
          </div>
        </section>

        <section className={mergeClasses(styles.section, styles.alt)} aria-labelledby="integrations-title">
          <div className={styles.container}>
            <h2 id="integrations-title" className={styles.h2}>
              Works with the tools you use
            </h2>
            <p className={styles.sub}>Connect your mailbox, your CRM and your accounting.</p>
            <ul className={styles.strip}>
              {integrations.map((name) => (
                <li key={name} className={styles.chip}>
                  {name}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="pricing" className={styles.section} aria-labelledby="pricing-title">
          <div className={styles.container}>
            <h2 id="pricing-title" className={styles.h2}>
              Simple per-user pricing
            </h2>
            <p className={styles.sub}>
              {TRIAL_DAYS}-day free trial. Credit card required, no charge until the trial ends, cancel
              anytime.
            </p>
            <div className={styles.tabs} role="group" aria-label="Billing cycle">
              <Button
                appearance={cycle === 'monthly' ? 'primary' : 'secondary'}
                aria-pressed={cycle === 'monthly'}
                onClick={() => setCycle('monthly')}
              >
                Monthly
              </Button>
              <Button
                appearance={cycle === 'annual' ? 'primary' : 'secondary'}
                aria-pressed={cycle === 'annual'}
                onClick={() => setCycle('annual')}
              >
                Annual (save up to 20%)
              </Button>
            </div>
            <div className={styles.pricing}>
              {(['basic', 'pro'] as const).map((key) => {
                const plan = Plans[key];
                const monthly = plan.pricePerSeat.monthly;
                const annual = plan.pricePerSeat.annual;
                const shown = cycle === 'monthly' ? monthly : annual / 12;
                const saving = Math.round((1 - annual / (monthly * 12)) * 100);
                return (
                  <article
                    key={key}
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
                    <p className={styles.priceNote}>
                      {cycle === 'annual'
                        ? `$${annual} per user billed yearly, save ${saving}%`
                        : `$${monthly} per user billed monthly`}
                    </p>
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
                    <Link to={isAuthenticated ? '/billing' : '/login'}>
                      <Button appearance={plan.popular ? 'primary' : 'secondary'} tabIndex={-1}>
                        Start {TRIAL_DAYS}-Day Free Trial
                      </Button>
                    </Link>
                  </article>
                );
              })}
              <article className={styles.card} aria-labelledby="plan-license">
                <h3 id="plan-license" className={styles.cardTitle}>
                  Standard License
                </h3>
                <p className={styles.price}>
                  ${TEMPLATE_PRICE_USD}
                  <span style={{ fontSize: '1rem', fontWeight: 400 }}> one-time</span>
                </p>
                <p className={styles.priceNote}>
                  The starter template behind Dealflow. Extended license coming soon.
                </p>
                <ul className={styles.list}>
                  <li>Full source code</li>
                  <li>Single-project use</li>
                  <li>6 months of updates</li>
                  <li>Documentation and setup guide</li>
                </ul>
                <PurchaseButton label="Purchase Now" appearance="secondary" loadWhenNear />
              </article>
            </div>
          </div>
        </section>

        <section className={mergeClasses(styles.section, styles.alt)} aria-labelledby="testimonials-title">
          <div className={styles.container}>
            <h2 id="testimonials-title" className={styles.h2}>
              What investors say
            </h2>
            <div className={styles.grid} style={{ marginTop: '24px' }}>
              {testimonials.map((t) => (
                <figure key={t.name} className={styles.card} style={{ margin: 0 }}>
                  <blockquote className={styles.quote}>&ldquo;{t.quote}&rdquo;</blockquote>
                  <figcaption className={styles.cite}>
                    {t.name}, {t.role}
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>

        <section className={styles.section} aria-labelledby="faq-title">
          <div className={styles.container}>
            <h2 id="faq-title" className={styles.h2}>
              Frequently asked questions
            </h2>
            <div className={styles.faq} style={{ marginTop: '24px' }}>
              {faqs.map((f) => (
                <details key={f.q} className={styles.details}>
                  <summary className={styles.summary}>{f.q}</summary>
                  <p className={styles.cardText} style={{ marginTop: '8px' }}>
                    {f.a}
                  </p>
                </details>
              ))}
            </div>
            <div className={styles.ctaRow} style={{ marginTop: '40px' }}>
              {isAuthenticated ? null : <PurchaseButton label={buyLabel} loadWhenNear />}
            </div>
          </div>
        </section>
      </main>

      <footer className={styles.footer}>
        <div className={mergeClasses(styles.container, styles.footerInner)}>
          <span>© 2025 Dealflow, Inc.</span>
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/login">Login</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
        </div>
      </footer>
    </div>
  );
}

/** The embedded demo video: a local poster (no external network); playing it says where the video lives. */
function DemoVideo({
  className,
  playClass,
  captionClass,
}: {
  className: string;
  playClass: string;
  captionClass: string;
}) {
  const [clicked, setClicked] = useState(false);
  return (
    <figure className={className} style={{ margin: '0 auto' }}>
      <button
        type="button"
        className={playClass}
        aria-label="Play the product demo"
        onClick={() => setClicked(true)}
      >
        ▶
      </button>
      <figcaption className={captionClass}>
        {clicked
          ? 'The demo video is served from the product site; it is not bundled with this installation.'
          : 'Product demo: inbox to CRM in two minutes'}
      </figcaption>
    </figure>
  );
}
