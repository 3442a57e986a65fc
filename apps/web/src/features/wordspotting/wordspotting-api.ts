import type { TDeleteWordspottingQuery, TSaveWordspottingBody, TWordspottingList, TWordspottingPage } from '@rostrum/contract';
import { call, client } from '../../api/http-client';

// The wordspotting page's calls (002 section 7: wordspotting add and delete), kept with the feature.

export const wordspottingApi = {
  /** The lists the caller sees, with what they may change, and where they may add one. */
  getPage: (): Promise<TWordspottingPage> => call('GET', () => client.GET('/api/v1/wordspotting')),
  /** Creates or replaces one scope's list for one recording type. */
  save: (body: TSaveWordspottingBody): Promise<TWordspottingList> => call('PUT', () => client.PUT('/api/v1/wordspotting', { body })),
  /** Reset: removes one scope's list, so its recordings count the next list in order. */
  reset: (query: TDeleteWordspottingQuery): Promise<unknown> =>
    call('DELETE', () => client.DELETE('/api/v1/wordspotting', { params: { query } })),
};
