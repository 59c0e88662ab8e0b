import { createMfConfig } from '@dealflow/web-build';

export default createMfConfig({
  name: 'mfe_billing',
  dirname: import.meta.dirname,
  exposes: {
    './BillingPage': './src/pages/BillingPage.tsx',
    './CheckoutResultPage': './src/pages/CheckoutResultPage.tsx',
    './PurchaseButton': './src/pages/PurchaseButton.tsx',
    './AccessPanel': './src/pages/AccessPanel.tsx',
  },
});
