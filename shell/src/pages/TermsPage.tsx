import { COMPANY_ADDRESS, LegalPage } from '../components/LegalPage';
import { useSupportEmail } from '../layout/use-support-email';

export default function TermsPage() {
  const supportEmail = useSupportEmail();
  return (
    <LegalPage title="Terms of Service">
      <h2>1. Introduction</h2>
      <p>
        These Terms of Service govern your purchase and use of Dealflow, the deal-flow inbox for investors,
        and of the Dealflow starter template and its documentation (together, the &quot;Services&quot;). By
        creating an account or making a purchase you agree to these terms.
      </p>
      <h2>2. Services</h2>
      <p>
        Dealflow receives the emails founders send you, extracts company data from the pitch decks they
        contain, lists the results as records and can create deals in a CRM. The one-time Standard License
        gives access to the full source code of the starter template and its documentation.
      </p>
      <h2>3. License</h2>
      <p>
        The Standard License is a single-project license: you may use the template to build one project, for
        yourself or one client.
      </p>
      <p>You may not:</p>
      <ul>
        <li>resell, sublicense or redistribute the template or its source code, modified or not;</li>
        <li>use the template in more than one project without buying another license;</li>
        <li>publish the template as a template, theme, boilerplate or starter kit of your own;</li>
        <li>remove copyright or license notices from the source code.</li>
      </ul>
      <h2>4. Payment</h2>
      <p>
        Payment is made upfront through our payment provider. All sales are final: because the source code is
        delivered immediately, we do not offer refunds. Subscriptions to the hosted product are billed per
        user and can be cancelled at any time; cancellation takes effect at the end of the paid period.
      </p>
      <h2>5. Intellectual Property</h2>
      <p>
        We keep all rights, title and interest in the template and the Services. The license grants you a
        right of use, not ownership. The data you process with Dealflow remains yours.
      </p>
      <h2>6. Limitation of Liability</h2>
      <p>
        The Services are provided &quot;as is&quot;. To the fullest extent permitted by law we are not liable
        for indirect, incidental or consequential damages, and our total liability is limited to the amount
        you paid us in the twelve months before the claim.
      </p>
      <h2>7. Updates</h2>
      <p>
        A Standard License includes six months of updates from the date of purchase. Updates after that period
        are not included.
      </p>
      <h2>8. Termination</h2>
      <p>
        We may suspend or terminate your access if you breach these terms. On termination your license to use
        the template ends and you must stop using it in new projects.
      </p>
      <h2>9. Governing Law</h2>
      <p>
        These terms are governed by the laws of the State of Delaware, United States, without regard to its
        conflict-of-law rules.
      </p>
      <h2>10. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>, or by mail to{' '}
        {COMPANY_ADDRESS}.
      </p>
    </LegalPage>
  );
}
