// Standalone view of the remote with the providers the shell normally gives. The shell never loads it.
import { Route } from 'react-router-dom';
import { mountStandalone } from '@dealflow/web-kit/standalone';
import BillingPage from './pages/BillingPage.js';
import CheckoutResultPage from './pages/CheckoutResultPage.js';
import AccessPanel from './pages/AccessPanel.js';

mountStandalone(
  <>
    <Route path="/checkout/*" element={<CheckoutResultPage />} />
    <Route path="/dashboard" element={<AccessPanel />} />
    <Route path="*" element={<BillingPage />} />
  </>,
);
