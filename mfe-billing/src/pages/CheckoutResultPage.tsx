import { Spinner } from '@fluentui/react-components';
import { RemoteComponent } from '@dealflow/web-kit';

/**
 * /checkout/success, /checkout/complete, /dashboard/checkout: one screen whose work is the payment return
 * (mfe_auth's PaymentReturnPage reads session_id and signs the buyer in through billing's auto-login).
 */
export default function CheckoutResultPage() {
  return (
    <RemoteComponent id="mfe_auth/PaymentReturnPage" loading={<Spinner label="Processing Your Payment" />} />
  );
}
