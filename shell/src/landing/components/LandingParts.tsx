// The landing page's sections other than pricing (components/PricingParts.tsx): header, hero, features,
// demo, integrations, testimonials, FAQ and footer. Texts are the seed's (000, section 1).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { mergeClasses } from '@fluentui/react-components';
import { Button } from '@dealflow/web-kit';
import { TRIAL_DAYS } from '@dealflow/contracts/plans';
import { LandingPurchaseButton as PurchaseButton } from '../LandingPurchaseButton';
import { faqs, features, integrations, testimonials } from '../content';
import { useLandingStyles } from '../hooks/use-landing-styles';
import { ThemeToggle } from '../../theme/ThemeToggle';

/** Header: a Dashboard link when signed in, otherwise a Login link (seed 000, section 2). */
export function LandingHeader({ isAuthenticated }: { isAuthenticated: boolean }) {
  const styles = useLandingStyles();
  return (
    <header className={styles.header}>
      <div className={mergeClasses(styles.container, styles.headerInner)}>
        <Link to="/" className={styles.logo}>
          <span className={styles.logoMark} aria-hidden>
            D
          </span>
          Dealflow
        </Link>
        <nav aria-label="Account" className={styles.headerNav}>
          <ThemeToggle />
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
  );
}

/** Hero: Go to Dashboard when signed in, otherwise Buy Now - $50. */
export function HeroSection({ isAuthenticated, buyLabel }: { isAuthenticated: boolean; buyLabel: string }) {
  const styles = useLandingStyles();
  return (
    <section className={mergeClasses(styles.container, styles.hero)} aria-labelledby="hero-title">
      <span className={styles.eyebrow}>For investors and their teams</span>
      <h1 id="hero-title" className={styles.h1}>
        Every pitch deck in your inbox, turned into a deal
      </h1>
      <p className={styles.lead}>
        Dealflow reads the emails founders send you, extracts the company data from their pitch decks with AI
        and creates the deal in your CRM. Your whole team, one organization, {TRIAL_DAYS}-day free trial.
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
  );
}

export function FeaturesSection() {
  const styles = useLandingStyles();
  return (
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
  );
}

export function DemoSection() {
  const styles = useLandingStyles();
  return (
    <section className={styles.section} aria-labelledby="demo-title">
      <div className={styles.container}>
        <h2 id="demo-title" className={styles.h2}>
          See it in action
        </h2>
        <p className={styles.sub}>Two minutes from a forwarded email to a deal in the CRM.</p>
        <DemoVideo />
      </div>
    </section>
  );
}

/** The demo recording (e2e/tests/demo.spec.ts records it from the real product) and its captions. */
const DEMO_VIDEO = '/demo/dealflow-demo.webm';
const DEMO_CAPTIONS = '/demo/dealflow-demo.vtt';

/**
 * The embedded demo: a poster with a Play button until the visitor asks, then the recording (so not a byte of
 * it is part of the page's first load), playing muted with its captions.
 */
function DemoVideo() {
  const styles = useLandingStyles();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <figure className={styles.video} style={{ margin: '0 auto' }}>
        <video
          className={styles.demoVideo}
          src={DEMO_VIDEO}
          aria-label="Product demo: an emailed deck becomes a record and a CRM deal"
          controls
          autoPlay
          muted
          playsInline
          preload="auto"
        >
          <track kind="captions" src={DEMO_CAPTIONS} srcLang="en" label="English" default />
        </video>
      </figure>
    );
  }
  return (
    <figure className={styles.video} style={{ margin: '0 auto' }}>
      {/* The name is text, not an aria-label that the visible ▶ would not match (label-content-name-mismatch). */}
      <button type="button" className={styles.play} onClick={() => setPlaying(true)}>
        <span aria-hidden>▶</span>
        <span className={styles.visuallyHidden}>Play the product demo</span>
      </button>
      <figcaption className={styles.videoCaption}>Product demo: inbox to CRM in two minutes</figcaption>
    </figure>
  );
}

export function IntegrationsSection() {
  const styles = useLandingStyles();
  return (
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
  );
}

export function TestimonialsSection() {
  const styles = useLandingStyles();
  return (
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
  );
}

/** FAQ, then Buy Now - $50 again for a signed-out visitor. */
export function FaqSection({ isAuthenticated, buyLabel }: { isAuthenticated: boolean; buyLabel: string }) {
  const styles = useLandingStyles();
  return (
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
  );
}

export function LandingFooter() {
  const styles = useLandingStyles();
  return (
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
  );
}
