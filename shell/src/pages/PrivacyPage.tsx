import { COMPANY_ADDRESS, LegalPage } from '../components/LegalPage';
import { useSupportEmail } from '../layout/use-support-email';

export default function PrivacyPage() {
  const supportEmail = useSupportEmail();
  return (
    <LegalPage title="Privacy Policy">
      <h2>1. Information We Collect</h2>
      <ul>
        <li>Your name and email address, when you create an account or make a purchase.</li>
        <li>
          Billing information, which is collected and processed by our payment provider; we never see or store
          your full card number.
        </li>
        <li>Account data: your organization, role, team members and settings.</li>
        <li>Logs: requests made to our servers, with their time and outcome.</li>
        <li>Device data: browser type, operating system and IP address.</li>
        <li>Cookies that keep you signed in and protect your session.</li>
      </ul>
      <h2>2. How We Use Your Information</h2>
      <p>
        To provide and secure the Services, to process payments, to send the emails you ask for (invitations,
        password resets, welcome messages), to answer support requests and to improve the product.
      </p>
      <h2>3. Disclosure of Your Information</h2>
      <p>
        We do not sell your personal data. We share it only with the service providers that run the Services
        for us (hosting, payments, email delivery), when the law requires it, or with your consent.
      </p>
      <h2>4. Data Security</h2>
      <p>
        Passwords are stored hashed, sessions are protected against cross-site request forgery, and traffic is
        encrypted in transit. No method of transmission or storage is completely secure, but we work to
        protect your data.
      </p>
      <h2>5. Third-Party Services</h2>
      <p>
        Our payment provider, email provider and the integrations you connect (such as a CRM) process data
        under their own privacy policies. We encourage you to read them.
      </p>
      <h2>6. Your Privacy Rights</h2>
      <p>
        You may access, correct, export or delete your personal data at any time from your settings or by
        contacting us. Deleting your account removes your personal data from our systems, except where we must
        keep records by law.
      </p>
      <h2>7. Children&apos;s Privacy</h2>
      <p>
        The Services are not directed to children under 16, and we do not knowingly collect personal data from
        them.
      </p>
      <h2>8. Changes to This Policy</h2>
      <p>
        We may update this policy. We will change the date above and, for significant changes, notify you by
        email.
      </p>
      <h2>9. Contact</h2>
      <p>
        Privacy questions: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>, or by mail to{' '}
        {COMPANY_ADDRESS}.
      </p>
    </LegalPage>
  );
}
