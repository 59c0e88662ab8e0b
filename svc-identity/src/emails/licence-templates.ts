import { markup } from '@dealflow/service-kit';
import type { TEmailContent } from './templates.js';
import { formatMoney } from '@dealflow/contracts/money';

// The receipt of the $50 template licence (issue 20, item 8): billing signs the licence key and publishes it
// with billing.purchase.completed; identity holds the buyer's address and the mailer.

export const LICENCE_RECEIPT_SUBJECT = 'Your DealFlow template licence';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function renderLicenceReceiptEmail(input: {
  name: string;
  amountTotal: number;
  currency: string;
  purchaseId: string;
  licenceKey: string;
  updatesUntil: string;
  /** The dashboard's access panel: downloads, the licence terms and the getting-started guide. */
  dashboardUrl: string;
  termsUrl: string;
}): TEmailContent {
  const paragraphs = [
    `Hi ${input.name}, thank you for buying the DealFlow template: Standard License, ${formatMoney(input.amountTotal, input.currency)}, paid (purchase ${input.purchaseId}).`,
    `It covers one project and the full source code, with every update released until ${longDate(input.updatesUntil)}. Download it and read the getting-started guide from your dashboard.`,
    'Your licence key (keep it with the project; it names you, the purchase and its dates):',
  ];
  return {
    subject: LICENCE_RECEIPT_SUBJECT,
    html: markup`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <title>${LICENCE_RECEIPT_SUBJECT}</title>
        </head>
        <body
          style="font-family:Segoe UI,Helvetica,Arial,sans-serif;background:#f5f5f5;margin:0;padding:24px"
        >
          <table
            role="presentation"
            width="100%"
            style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px"
          >
            <tr>
              <td>
                <h1 style="font-size:20px">${LICENCE_RECEIPT_SUBJECT}</h1>
                ${paragraphs.map((p) => markup`<p>${p}</p> `)}
                <pre
                  style="white-space:pre-wrap;word-break:break-all;background:#f0f0f0;padding:12px;border-radius:4px;font-size:12px"
                >
${input.licenceKey}</pre>
                <p style="margin:24px 0">
                  <a
                    href="${input.dashboardUrl}"
                    style="background:#0f6cbd;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none"
                    >Download the template</a
                  >
                </p>
                <p style="color:#666;font-size:12px">
                  Licence terms: <a href="${input.termsUrl}">${input.termsUrl}</a>. Dashboard:
                  ${input.dashboardUrl}
                </p>
              </td>
            </tr>
          </table>
        </body>
      </html>`.toString(),
    text: `${paragraphs.join('\n\n')}\n\n${input.licenceKey}\n\nDownload the template: ${input.dashboardUrl}\nLicence terms: ${input.termsUrl}\n`,
  };
}
