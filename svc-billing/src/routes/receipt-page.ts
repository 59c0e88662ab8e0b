import { formatMoney } from '@dealflow/contracts/money';
import { markup } from '@dealflow/service-kit';
import type { TProviderInvoice } from '../providers/payment-provider.js';

const date = (value: Date | null) =>
  value
    ? value.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : '';

/** A paid invoice's receipt: one HTML page, printable (print CSS hides the button and the page chrome). */
export function renderReceiptPage(invoice: TProviderInvoice) {
  const title = `Receipt ${invoice.number ?? invoice.id}`;
  const rows = invoice.lines.map(
    (line, i) =>
      markup`${i > 0 ? '\n' : ''}<tr><td>${line.description}${
        line.periodStart && line.periodEnd
          ? markup`<div class="period">${date(line.periodStart)} – ${date(line.periodEnd)}</div>`
          : ''
      }</td><td class="num">${line.quantity ?? ''}</td><td class="num">${formatMoney(line.amount, invoice.currency)}</td></tr>`,
  );
  return markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;background:#f5f5f7;margin:0;padding:2rem;color:#1b1b1f}
main{max-width:40rem;margin:0 auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0001}
h1{font-size:1.5rem;margin:0 0 .25rem}.muted{color:#555}.paid{color:#1e4620;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1.5rem 0}dt{color:#555}dd{margin:0}
table{width:100%;border-collapse:collapse;margin-top:1rem}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e5e5ea;vertical-align:top}
.num{text-align:right;white-space:nowrap}.period{color:#555;font-size:.85rem}tfoot td{font-weight:600;border-bottom:0}
button{margin-top:1.5rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#5b5bd6;color:#fff;font-size:1rem;cursor:pointer}
@media print{body{background:#fff;padding:0}main{box-shadow:none;border-radius:0;max-width:none;padding:0}.no-print{display:none}a{color:inherit;text-decoration:none}}
</style></head><body><main>
<h1>Receipt</h1>
<p class="muted">DealFlow · ${invoice.number ?? invoice.id}</p>
<dl>
<dt>Invoice number</dt><dd>${invoice.number ?? invoice.id}</dd>
<dt>Date paid</dt><dd>${date(invoice.paidAt ?? invoice.created)}</dd>
<dt>Status</dt><dd class="paid">Paid</dd>
${invoice.customerName || invoice.customerEmail ? markup`<dt>Billed to</dt><dd>${[invoice.customerName, invoice.customerEmail].filter(Boolean).join(' · ')}</dd>` : ''}
${invoice.periodStart && invoice.periodEnd ? markup`<dt>Period</dt><dd>${date(invoice.periodStart)} – ${date(invoice.periodEnd)}</dd>` : ''}
</dl>
<table><thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td>Total</td><td></td><td class="num">${formatMoney(invoice.total, invoice.currency)}</td></tr>
<tr><td>Amount paid</td><td></td><td class="num">${formatMoney(invoice.amountPaid, invoice.currency)}</td></tr></tfoot>
</table>
<form class="no-print" method="get" action="#" onsubmit="return false"><button type="button" id="print">Print</button></form>
</main><script src="/pay/receipts/print.js"></script></body></html>`.value;
}

/** Served from billing's own origin (the pages' CSP allows 'self' scripts, not inline ones). */
export const RECEIPT_PRINT_SCRIPT = `document.getElementById('print')?.addEventListener('click', () => window.print());`;
