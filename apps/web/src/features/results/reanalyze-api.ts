import type { TRecording } from '@rostrum/contract';
import { call, client } from '../../api/http-client';

// The results page's re-analysis call (002 section 2.9), kept with the feature.

export const reanalyzeApi = {
  /** Analyses a finished recording again with its current wordspotting list; the old results stay until then. */
  reanalyze: (recordingId: string): Promise<TRecording> =>
    call('POST', () => client.POST('/api/v1/recordings/{id}/reanalyze', { params: { path: { id: recordingId } } })),
};
