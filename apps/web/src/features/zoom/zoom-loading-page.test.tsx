import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ERROR_CODES, ZOOM_MSG } from '@rostrum/contract';
import { operations } from '../../api/operations.gen';
import { bodiesSentTo } from '../../test/operations';
import { ApiError } from '../../api/http-client';
import { ZoomLoadingPage } from './zoom-loading-page';

// /zoom-loading (002 sections 2.12 and 8): the code and state Zoom sent are saved, then the import
// opens with the assignment it was started for; a refused or missing code shows the spec's confirm.

HTMLDialogElement.prototype.showModal = function () {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function () {
  this.removeAttribute('open');
};

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function setup(url: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/zoom-loading" element={<ZoomLoadingPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('ZoomLoadingPage', () => {
  it('saves the code and opens the import with the assignment it was started for', async () => {
    sessionStorage.setItem('rostrum.zoomAssignmentId', 'a1');
    const link = bodiesSentTo('linkZoomAccount', () => ({ available: true, linked: true }));
    setup('/zoom-loading?code=c0de&state=st4te');
    expect((await screen.findByTestId('where')).textContent).toBe('/zoom-recordings?assignmentId=a1');
    expect(link).toHaveBeenCalledTimes(1);
    expect(link).toHaveBeenCalledWith({ code: 'c0de', state: 'st4te' });
  });

  it('shows the link-failure confirm when the server refuses the code, or Zoom sent none', async () => {
    vi.spyOn(operations, 'linkZoomAccount').mockRejectedValue(new ApiError(400, ZOOM_MSG.linkFailed, true, ERROR_CODES.zoomLinkFailed));
    setup('/zoom-loading?code=used&state=st4te');
    await vi.waitFor(() => expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true));
    expect(screen.getByText(ZOOM_MSG.linkFailed)).toBeTruthy();
  });

  it('does not call the server without a code', async () => {
    const link = vi.spyOn(operations, 'linkZoomAccount');
    setup('/zoom-loading?error=access_denied');
    await vi.waitFor(() => expect(screen.getByRole('dialog').hasAttribute('open')).toBe(true));
    expect(link).not.toHaveBeenCalled();
  });
});
