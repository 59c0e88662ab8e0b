// The landing page at / and /register (seed 000, sections 1-2). Its sections are in components/, its styles
// and the pricing state in hooks/.
import { useAuth } from '@dealflow/web-kit';
import { TEMPLATE_PRICE_USD } from '@dealflow/contracts/plans';
import {
  DemoSection,
  FaqSection,
  FeaturesSection,
  HeroSection,
  IntegrationsSection,
  LandingFooter,
  LandingHeader,
  TestimonialsSection,
} from './components/LandingParts';
import { PricingSection } from './components/PricingParts';
import { useLandingStyles } from './hooks/use-landing-styles';

export default function LandingPage() {
  const styles = useLandingStyles();
  const { isAuthenticated } = useAuth();
  const buyLabel = `Buy Now - $${TEMPLATE_PRICE_USD}`;

  return (
    <div className={styles.page}>
      <LandingHeader isAuthenticated={isAuthenticated} />
      <main>
        <HeroSection isAuthenticated={isAuthenticated} buyLabel={buyLabel} />
        <FeaturesSection />
        <DemoSection />
        <IntegrationsSection />
        <PricingSection isAuthenticated={isAuthenticated} />
        <TestimonialsSection />
        <FaqSection isAuthenticated={isAuthenticated} buyLabel={buyLabel} />
      </main>
      <LandingFooter />
    </div>
  );
}
