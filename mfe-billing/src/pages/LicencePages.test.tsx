import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import LicencePages, { GUIDE_TITLE, LICENCE_TERMS_TITLE } from './LicencePages.js';
import { renderPage } from '../test/render.js';

afterEach(cleanup);

describe('LicencePages (issue 20)', () => {
  it('/licence/terms: the Standard License terms (one project, six months of updates, no refunds)', () => {
    renderPage(<LicencePages />, { path: '/licence/terms', signedOut: true });
    expect(screen.getByRole('heading', { name: LICENCE_TERMS_TITLE })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'One project' })).toBeTruthy();
    expect(screen.getByText(/released within six months of your purchase/)).toBeTruthy();
    expect(screen.getByText(/All sales are final/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Getting started guide' }).getAttribute('href')).toBe(
      '/licence/guide',
    );
  });

  it('/licence/guide: install, run, test and deploy, from the README', () => {
    renderPage(<LicencePages />, { path: '/licence/guide', signedOut: true });
    expect(screen.getByRole('heading', { name: GUIDE_TITLE })).toBeTruthy();
    for (const step of ['1. Prerequisites', '2. Install', '3. Run', '4. Test', '5. Deploy'])
      expect(screen.getByRole('heading', { name: step })).toBeTruthy();
    expect(screen.getByText('npm start')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Licence terms' }).getAttribute('href')).toBe('/licence/terms');
  });
});
