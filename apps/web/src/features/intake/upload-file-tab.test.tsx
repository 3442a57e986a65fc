import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { INTAKE_MSG } from '@rostrum/contract';
import type { TViewer } from '../../app/viewer';
import { startRecordingUpload } from './recording-upload';
import { UploadFileTab } from './upload-file-tab';

// Upload File (001 sections 5 and 8): the file field's rules are the form's schema; the type and
// size are refused as the file is chosen, the length once it is read, a missing file on Upload.

vi.mock('./recording-options', () => ({
  useIntakeOptions: () => ({ validate: () => true, body: (b: object) => ({ title: 'Pitch', ...b }), reset: () => {}, ctx: {} }),
  RecordingOptionsFields: () => null,
}));
vi.mock('./recording-upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./recording-upload')>()),
  startRecordingUpload: vi.fn(async () => ({ recordingId: 'rec-1', retry: () => {}, abort: () => {} })),
}));

const viewer = { org: { settings: {} } } as unknown as TViewer;
const FILE_REQUIRED = 'Choose an audio or video file to upload.';

/** The length the browser reads from a file's metadata (jsdom reads none). */
function mediaLength(seconds: number) {
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(seconds);
  vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement) {
    window.setTimeout(() => this.onloadedmetadata?.(new Event('loadedmetadata')));
  });
}

function renderTab() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <UploadFileTab viewer={viewer} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { input: document.querySelector<HTMLInputElement>('input[type=file]')!, upload: screen.getByRole('button', { name: 'Upload' }) };
}

const choose = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const audio = (name: string, size = 1000) => {
  const file = new File(['x'], name, { type: 'audio/mpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  vi.mocked(startRecordingUpload).mockClear();
});
afterEach(() => vi.restoreAllMocks());

describe('UploadFileTab file field', () => {
  it('asks for a file on Upload only, focuses the chooser and sends nothing', async () => {
    const { input, upload } = renderTab();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(upload);
    expect((await screen.findByRole('alert')).textContent).toBe(FILE_REQUIRED);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(startRecordingUpload).not.toHaveBeenCalled();
  });

  it('refuses a type that is not audio or video, and a file over 200 MB, as soon as it is chosen', async () => {
    const { input, upload } = renderTab();
    choose(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INTAKE_MSG.invalidFileType);
    choose(input, audio('talk.mp3', 201 * 1024 * 1024));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(INTAKE_MSG.uploadError));
    fireEvent.click(upload);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(startRecordingUpload).not.toHaveBeenCalled();
  });

  it('refuses a file under 5 seconds once its length is read', async () => {
    mediaLength(3);
    const { input } = renderTab();
    choose(input, audio('short.mp3'));
    expect((await screen.findByRole('alert')).textContent).toBe(INTAKE_MSG.tooShort(3));
  });

  it('turns clipping on for a file over 15 minutes and refuses it until the clip keeps at most 15', async () => {
    mediaLength(1000);
    const { input, upload } = renderTab();
    choose(input, audio('long.mp3'));
    expect((await screen.findByRole('alert')).textContent).toBe(INTAKE_MSG.tooLong);
    expect(screen.getByRole('checkbox', { name: 'Clip the file before analysing it' })).toHaveProperty('checked', true);
    fireEvent.click(upload);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(startRecordingUpload).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('End'), { target: { value: '800' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(upload);
    await waitFor(() => expect(startRecordingUpload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(startRecordingUpload).mock.calls[0]![1]).toMatchObject({ fileName: 'long.mp3', trim: { from: 0, to: 800 } });
  });

  it('uploads a valid file with its name, size and type', async () => {
    mediaLength(60);
    const { input, upload } = renderTab();
    const file = audio('talk.mp3', 4096);
    choose(input, file);
    await screen.findByRole('checkbox', { name: 'Clip the file before analysing it' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(upload);
    await waitFor(() => expect(startRecordingUpload).toHaveBeenCalledTimes(1));
    expect(vi.mocked(startRecordingUpload).mock.calls[0]!.slice(0, 2)).toEqual([
      file,
      { title: 'Pitch', source: 'ui upload form', fileName: 'talk.mp3', fileSize: 4096, isVideo: false },
    ]);
  });
});
