import { lazy, Suspense, useEffect } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { RemoteComponent } from '@dealflow/web-kit';
import { ProtectedRoute, PublicOnlyRoute, Waiting } from './guards';
import { getPageTitle, remoteRoutes, type TRemoteRoute } from './route-table';

// Shell pages are split out, so /login does not download the landing page and vice versa.
const LandingPage = lazy(() => import('../landing/LandingPage'));
const AppLayout = lazy(() => import('../layout/AppLayout'));
const TermsPage = lazy(() => import('../pages/TermsPage'));
const PrivacyPage = lazy(() => import('../pages/PrivacyPage'));
const ToastTestPage = lazy(() => import('../pages/ToastTestPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
// react-query comes with the first route that may list data: the signed-in layout and the open pages
// (invitations, payment and checkout returns). The signed-out ones (landing, /terms, /privacy, /login,
// /forgot-password, 404) need only the auth context, so their first load carries no data library.
const QueryProvider = lazy(() => import('@dealflow/web-kit/query'));

function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = getPageTitle(pathname);
    document.title = title === 'Dealflow' ? 'Dealflow: pitch decks to deals' : `${title} | Dealflow`;
  }, [pathname]);
  return null;
}

function RemotePage({ route }: { route: TRemoteRoute }) {
  return <RemoteComponent id={route.remote} loading={<Waiting label="Loading..." />} />;
}

function Protected() {
  return (
    <ProtectedRoute>
      <QueryProvider>
        <AppLayout>
          <Outlet />
        </AppLayout>
      </QueryProvider>
    </ProtectedRoute>
  );
}

function element(route: TRemoteRoute) {
  const page = <RemotePage route={route} />;
  if (route.access === 'public-only') return <PublicOnlyRoute>{page}</PublicOnlyRoute>;
  return <QueryProvider>{page}</QueryProvider>;
}

export function AppRoutes() {
  return (
    <>
      <DocumentTitle />
      <Suspense fallback={<Waiting label="Loading..." />}>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/register" element={<LandingPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          {remoteRoutes
            .filter((r) => r.access !== 'protected')
            .map((r) => (
              <Route key={r.path} path={r.path} element={element(r)} />
            ))}
          <Route element={<Protected />}>
            {remoteRoutes
              .filter((r) => r.access === 'protected')
              .map((r) => (
                <Route key={r.path} path={r.path} element={<RemotePage route={r} />} />
              ))}
            <Route path="/toast-test" element={<ToastTestPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
