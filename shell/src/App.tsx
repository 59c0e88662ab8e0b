import { BrowserRouter } from 'react-router-dom';
import { FluentProvider, type PartialTheme } from '@fluentui/react-components';
import { AuthProvider, Toaster } from '@dealflow/web-kit';
import { AppRoutes } from './routing/AppRoutes';

// webLightTheme's variables are set on :root by theme/web-light-theme.css (index.ts), so the provider gets no
// theme object: the same contexts and classes without ~6 KB gzip of theme in every first load. Every remote
// and portal is inside :root, so they all see the variables.
const THEME_FROM_CSS: PartialTheme = {};

// No QueryClientProvider here: react-query is provided by the routes that list data (routing/AppRoutes.tsx), so
// the signed-out pages (landing, /login) do not download it. The auth context needs none.
export function App() {
  return (
    <FluentProvider theme={THEME_FROM_CSS} style={{ minHeight: '100vh', backgroundColor: 'transparent' }}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </AuthProvider>
    </FluentProvider>
  );
}
