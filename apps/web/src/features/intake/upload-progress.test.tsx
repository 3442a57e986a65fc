import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { INTAKE_MSG } from '@rostrum/contract';
import { SaveSteps, UploadFailure } from './upload-progress';
import { KEPT_TAKE_NOTE } from './record-tab';

// The upload failures shown inline (Recording Error, Upload Error: 001 section 8) are reported to
// error reporting as the error notifications are (000 section 8).
const reported = vi.hoisted(() => [] as string[][]);
vi.mock('../../app/error-reporting', () => ({
  reportNotification: (title: string, text?: string) => void reported.push(text === undefined ? [title] : [title, text]),
}));

afterEach(() => {
  cleanup();
  reported.length = 0;
});

describe('UploadFailure', () => {
  it('shows the error with Retry Upload and reports it once', () => {
    const { rerender } = render(<UploadFailure title="Upload Error" message={INTAKE_MSG.uploadError} onRetry={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain(INTAKE_MSG.uploadError);
    expect(screen.getByRole('button', { name: 'Retry Upload' })).toBeTruthy();
    rerender(<UploadFailure title="Upload Error" message={INTAKE_MSG.uploadError} onRetry={() => {}} />);
    expect(reported).toEqual([['Upload Error', INTAKE_MSG.uploadError]]);
  });
});

describe('SaveSteps (issue 41)', () => {
  const steps = () => screen.getAllByRole('listitem').map((li) => [li.textContent, li.className]);
  it('says which step of the wait is happening: the last bytes, then the server, then the results', () => {
    const { rerender } = render(<SaveSteps progress={{ sent: 500, total: 1000 }} label="Uploading" />);
    expect(steps()).toEqual([
      ['Sending the last seconds of your take', 'is-current'],
      ['Saving it on the server and starting the analysis', ''],
      ['Opening your results', ''],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Sending the last seconds of your take');
    rerender(<SaveSteps progress={{ sent: 1000, total: 1000 }} label="Saving on server" />);
    expect(steps()[0]).toEqual(['Sending the last seconds of your take', 'is-done']);
    expect(steps()[1]).toEqual(['Saving it on the server and starting the analysis', 'is-current']);
    expect(screen.getByRole('status').textContent).toBe('Saving it on the server and starting the analysis');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('a failed save of a kept take says what to do next', () => {
    render(<UploadFailure title="Recording Error" message={INTAKE_MSG.recordUploadError} note={KEPT_TAKE_NOTE} onRetry={() => {}} />);
    expect(screen.getByText(KEPT_TAKE_NOTE)).toBeTruthy();
  });
});
