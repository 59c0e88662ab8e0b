// The modules this remote exposes. The shell and the other remotes load them as 'mfe_billing/<name>'; the typed
// union of those ids (web-kit's TRemoteId) is generated from this map: `npm run remote-ids -w @dealflow/web-build`.
export const name = 'mfe_billing';

export const exposes = {
  './BillingPage': './src/pages/BillingPage.tsx',
  './CheckoutResultPage': './src/pages/CheckoutResultPage.tsx',
  './PurchaseButton': './src/pages/PurchaseButton.tsx',
  './AccessPanel': './src/pages/AccessPanel.tsx',
  './LicencePages': './src/pages/LicencePages.tsx',
};
