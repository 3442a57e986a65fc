import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { RouteAnnouncer } from './route-announcer';

const NAMES: Record<string, string> = { '/record': 'Record', '/history': 'History', '/evaluate/a': 'Results', '/evaluate/b': 'Results' };

function Page() {
  const { pathname } = useLocation();
  return <RouteAnnouncer name={NAMES[pathname]} />;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteAnnouncer', () => {
  it('says nothing on the first page, then the name of each page navigated to, even the same name twice', async () => {
    const router = renderAt('/record');
    const region = screen.getByTestId('route-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    await act(() => router.navigate('/history'));
    expect(region.textContent).toBe('History');
    await act(() => router.navigate('/evaluate/a'));
    expect(region.textContent).toBe('Results');
    await act(() => router.navigate('/evaluate/b'));
    expect(region.textContent).toBe('Results\u00a0');
  });
});
