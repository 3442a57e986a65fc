import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { INTAKE_MSG } from '@rostrum/contract';
import { ViewerContext, type TViewer } from '../../app/viewer';
import { FreeTrialThanksPage } from './free-trial-thanks-page';
import { RecordPage } from './record-page';

// 000 section 1 and 001 section 2: free-trial users "see different intro text and no app tab".
// The tabs' own forms are covered by their tests; here they are stand-ins.
vi.mock('./use-intake-data', async () => {
  const { NO_INTAKE_DATA } = await import('./intake-options');
  return { useIntakeData: () => ({ data: NO_INTAKE_DATA, pending: false }) };
});
vi.mock('./record-tab', () => ({ RecordTab: () => null }));
vi.mock('./upload-file-tab', () => ({ UploadFileTab: () => null }));
vi.mock('./upload-url-tab', () => ({ UploadUrlTab: () => null }));
vi.mock('./recorder-app-tab', () => ({ RecorderAppTab: () => null }));

function renderPage(freeTrial: boolean) {
  const viewer = { freeTrial, speaker: true, assignmentsOn: false, org: { settings: {} }, vocab: {} } as unknown as TViewer;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/record']}>
        <ViewerContext.Provider value={viewer}>
          <RecordPage />
        </ViewerContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => cleanup());

describe('RecordPage intro', () => {
  it('free-trial users see their own intro and no Recorder App tab', () => {
    renderPage(true);
    expect(screen.getByRole('heading', { name: 'Record. Review. Improve.' })).toBeTruthy();
    expect(screen.getByText(INTAKE_MSG.freeTrialIntro)).toBeTruthy();
    expect(screen.queryByText('There are many different ways to get started.')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Recorder App' })).toBeNull();
  });

  it('everyone else sees the spec heading and its line', () => {
    renderPage(false);
    expect(screen.getByText('There are many different ways to get started.')).toBeTruthy();
    expect(screen.queryByText(INTAKE_MSG.freeTrialIntro)).toBeNull();
  });
});

describe('FreeTrialThanksPage', () => {
  it('thanks the user and links to the recording it was given', () => {
    const id = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
    render(
      <MemoryRouter initialEntries={[`/thanks?recordingId=${id}`]}>
        <FreeTrialThanksPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: INTAKE_MSG.freeTrialThanksTitle })).toBeTruthy();
    expect(screen.getByText(INTAKE_MSG.freeTrialThanksText)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your results' }).getAttribute('href')).toBe(`/evaluate/${id}`);
  });
});
