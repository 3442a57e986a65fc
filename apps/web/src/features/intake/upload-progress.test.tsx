import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { INTAKE_MSG } from '@rostrum/contract';
import { UploadFailure } from './upload-progress';

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
