import { spokenLength } from '@rostrum/contract';

/** The installable recorder's words (issue 41): offline takes and the Recorder App tab. */
export const OFFLINE_MSG = {
  offlineWithTakes: 'You are offline. Your take is kept on this device and will upload when you are back online.',
  offlineNoTakes: 'You are offline. You can still record: Save keeps the take on this device and it uploads when you are back online.',
  waitingTitle: 'Takes on this device',
  waiting: 'Waiting to upload',
  uploading: (percent: number) => `Uploading ${percent}%`,
  failed: 'Upload failed',
  uploaded: 'Uploaded',
  retry: 'Retry',
  discard: 'Discard',
  seeResults: 'See results',
  notKept: 'This device could not keep the take. Check your connection and try again.',
  takeLength: (seconds: number) => spokenLength(seconds),
} as const;
