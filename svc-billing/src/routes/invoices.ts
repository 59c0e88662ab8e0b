import { billingInvoiceRoutes } from '@dealflow/contracts';
import type { TRouter } from '@dealflow/service-kit';
import type { TBillingDeps } from '../deps.js';
import { BillingError } from '../errors.js';
import { advanceTestClock } from '../use-cases/advance-test-clock.js';
import { listInvoices, verifyReceiptToken } from '../use-cases/list-invoices.js';
import { RECEIPT_PRINT_SCRIPT, renderReceiptPage } from './receipt-page.js';

/**
 * Invoices (issue 14, the payment clock), whichever provider: the Billing page's list, the printable
 * receipt of a paid invoice (a signed link under /pay, the pages billing serves itself) and the
 * development control that moves an organization's test clock (internal; refused in production).
 */
export function invoiceRoutes({ route, app }: TRouter, deps: TBillingDeps) {
  route(billingInvoiceRoutes.invoices, async ({ actor, request }) =>
    listInvoices(request.em, actor.orgId, deps),
  );

  route(billingInvoiceRoutes.advanceTestClock, async ({ body, request }) =>
    advanceTestClock(request.em, body.orgId, { days: body.days }, deps),
  );

  app.get('/pay/receipts/print.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(RECEIPT_PRINT_SCRIPT),
  );

  app.get<{ Params: { token: string } }>('/pay/receipts/:token', async (request, reply) => {
    const invoiceId = verifyReceiptToken(deps, request.params.token);
    const invoice = invoiceId ? await deps.provider.retrieveInvoice(invoiceId) : null;
    if (!invoice || invoice.status !== 'paid') throw new BillingError('RECEIPT_LINK_INVALID');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(renderReceiptPage(invoice));
  });
}
