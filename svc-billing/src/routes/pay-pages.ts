import { Plans, TRIAL_DAYS } from '@dealflow/contracts';
import { formatMoney } from '@dealflow/contracts/money';
import { escapeHtml } from '@dealflow/service-kit';
import type { TProviderCheckoutSession, TProviderSubscription } from '../providers/payment-provider.js';
import type { TPriceRef } from '../plans.js';

const money = (session: TProviderCheckoutSession) =>
  formatMoney(session.amountTotal ?? 0, session.currency ?? 'usd');

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f5f5f7;margin:0;padding:2rem;color:#1b1b1f}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0001}
h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
input,select{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #ccc;border-radius:6px;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.75rem;border:0;border-radius:6px;background:#5b5bd6;color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#e5e5ea;color:#1b1b1f}.row{display:flex;gap:.75rem}.row>div{flex:1}
.error{background:#fde8e8;color:#9b1c1c;padding:.75rem;border-radius:6px}.note{color:#555;font-size:.85rem}
.notice{background:#e6f4ea;color:#1e4620;padding:.75rem;border-radius:6px}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}
</style></head><body><main>${body}</main></body></html>`;

export function renderCheckoutPage(input: {
  session: TProviderCheckoutSession;
  price: TPriceRef | null;
  quantity: number;
  cancelUrl: string;
  error?: string;
  /** What the visitor typed, kept when the page comes back with an error. */
  email?: string;
}) {
  const { session, price } = input;
  // A guest's checkout shows the address given before it, read-only (Stripe with customer_email, issue 20);
  // one without an address asks for it, as Stripe's does.
  const isGuest = session.metadata.guest === '1' && !session.customerId;
  const emailField =
    session.customerEmail && !isGuest
      ? `<p class="note">Receipt to ${escapeHtml(session.customerEmail)}</p>`
      : session.customerId
        ? ''
        : `<label for="email">Email</label>
${
  session.customerEmail
    ? `<input id="email" name="email" type="email" autocomplete="email" readonly aria-readonly="true" value="${escapeHtml(session.customerEmail)}">`
    : `<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(input.email ?? '')}">`
}
<p class="note">${
            session.mode === 'subscription'
              ? 'Your account and your organization are created with this address (or, if it already has an account, we email it a link to add the subscription).'
              : 'Your account is created with this address (or, if it already has one, we email it a link to add the purchase).'
          }</p>`;
  const what =
    session.mode === 'subscription' && price
      ? `${Plans[price.plan].label} plan, ${price.billingCycle}, ${input.quantity} seat${input.quantity === 1 ? '' : 's'}`
      : 'Standard License (one-time)';
  const due =
    session.mode === 'subscription'
      ? `${money(session)} per ${price?.billingCycle === 'annual' ? 'year' : 'month'} after a ${TRIAL_DAYS}-day free trial. A credit card is required; no charge until the trial ends; cancel anytime.`
      : `${money(session)} today.`;
  return layout(
    'Checkout',
    `<h1>Checkout</h1>
<p><strong>${escapeHtml(what)}</strong></p><p class="note">${escapeHtml(due)}</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/pay/checkout/${encodeURIComponent(session.id)}">
${emailField}
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" placeholder="12/34" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name">
<button type="submit">${session.mode === 'subscription' ? 'Start trial' : 'Pay'}</button>
</form>
<p class="note">Local payment provider (no Stripe key configured). Stripe's test cards work: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p>
<p><a href="${escapeHtml(input.cancelUrl)}">Cancel and return</a></p>`,
  );
}

export function renderPortalPage(input: {
  token: string;
  subscription: TProviderSubscription | null;
  price: TPriceRef | null;
  returnUrl: string;
  notice?: string;
  /** The test clock's time when the development control is shown (never in production). */
  clockNow?: Date | null;
}) {
  const { subscription: s, price } = input;
  const action = (path: string) => `/pay/portal/${encodeURIComponent(input.token)}/${path}`;
  const details = s
    ? `<dl><dt>Plan</dt><dd>${escapeHtml(price ? Plans[price.plan].label : 'Unknown')}</dd>
<dt>Billing cycle</dt><dd>${escapeHtml(price?.billingCycle ?? '-')}</dd>
<dt>Seats</dt><dd>${s.quantity}</dd><dt>Status</dt><dd>${escapeHtml(s.status)}</dd>
${s.trialEnd ? `<dt>Trial ends</dt><dd>${s.trialEnd.toISOString().slice(0, 10)}</dd>` : ''}
${s.currentPeriodEnd ? `<dt>Renews</dt><dd>${s.currentPeriodEnd.toISOString().slice(0, 10)}</dd>` : ''}
${s.cancelAtPeriodEnd ? '<dt>Cancels</dt><dd>at the end of the period</dd>' : ''}</dl>`
    : '<p>No subscription yet.</p>';
  const live = s && s.status !== 'canceled';
  const options = (['basic', 'pro'] as const)
    .flatMap((plan) =>
      (['monthly', 'annual'] as const).map((cycle) => {
        const selected = price?.plan === plan && price.billingCycle === cycle ? ' selected' : '';
        return `<option value="${plan}:${cycle}"${selected}>${Plans[plan].label} - ${cycle} ($${Plans[plan].pricePerSeat[cycle]} per user)</option>`;
      }),
    )
    .join('');
  return layout(
    'Billing portal',
    `<h1>Billing portal</h1>
${input.notice ? `<p class="notice" role="status">${escapeHtml(input.notice)}</p>` : ''}
${details}
${
  live
    ? `<form method="post" action="${action('change')}"><label for="choice">Change plan</label>
<select id="choice" name="choice">${options}</select><button type="submit">Update plan</button></form>
${
  s.cancelAtPeriodEnd
    ? `<form method="post" action="${action('reactivate')}"><button type="submit">Reactivate subscription</button></form>`
    : `<form method="post" action="${action('cancel')}"><button type="submit" class="secondary">Cancel at period end</button></form>`
}
<form method="post" action="${action('card')}" aria-labelledby="card-title"><h2 id="card-title" style="font-size:1.1rem;margin-top:1.5rem">Payment method</h2>
${s.status === 'past_due' ? '<p class="note">The last payment failed. A new card is charged at the next payment attempt.</p>' : ''}
<label for="cardNumber">New card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<button type="submit" class="secondary">Update card</button></form>`
    : ''
}
${
  input.clockNow
    ? `<form method="post" action="${action('advance')}" aria-labelledby="clock-title"><h2 id="clock-title" style="font-size:1.1rem;margin-top:1.5rem">Test clock</h2>
<p class="note">Development only: moves this customer's time forward; trials convert, renewals and failed charges happen as they would. Clock: ${input.clockNow.toISOString().slice(0, 16).replace('T', ' ')} UTC.</p>
<label for="days">Advance by</label><select id="days" name="days"><option value="1">1 day</option><option value="4">4 days</option><option value="8" selected>8 days</option><option value="31">1 month</option><option value="366">1 year</option></select>
<button type="submit" class="secondary">Advance test clock</button></form>`
    : ''
}
<p><a href="${escapeHtml(input.returnUrl)}">Return to billing</a></p>`,
  );
}
