import { LEGAL_DOCUMENTS, LEGAL_TITLES, ZLegalTextSchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { ok, responses, type TZodApp } from '../../http/route-kit.js';
import { legalText } from './legal.service.js';

/**
 * The Terms of Use and the Privacy Policy, public: they are read before an account exists. One fixed
 * path per document (no path parameter), so no request can name any other file.
 */
export function legalRoutes(app: TZodApp, deps: TDeps) {
  for (const document of LEGAL_DOCUMENTS) {
    app.get(
      `/legal/${document}`,
      {
        schema: {
          operationId: document === 'terms' ? 'getLegalTerms' : 'getLegalPrivacy',
          summary: `The ${LEGAL_TITLES[document]} (the operator's text from DATA_DIR/legal, else the default)`,
          tags: ['legal'],
          response: responses(ZLegalTextSchema),
        },
      },
      async (req) => ok(await legalText(deps.config.dataDir, document, req.log)),
    );
  }
}
