import { z } from 'zod';
import {
  ZIdParamsSchema,
  ZPracticePromptListQuerySchema,
  ZPracticePromptListSchema,
  ZPracticePromptSchema,
  ZSavePracticePromptBodySchema,
} from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { createPracticePrompt, deletePracticePrompt, getPracticePrompts, updatePracticePrompt } from './practice-prompts.service.js';

/** The organisation's practice prompts: read by every member (the record page needs no subscription), changed by its admins. */
export function practicePromptsRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['practice-prompts'];
  app.get(
    '/practice-prompts',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'listPracticePrompts',
        summary:
          "The organisation's practice prompts (org admins may ask for the hidden ones too), with whether the caller may change them",
        tags,
        querystring: ZPracticePromptListQuerySchema,
        response: responses(ZPracticePromptListSchema),
      },
    },
    async (req) => ok(await getPracticePrompts(deps, authOf(req), req.query)),
  );
  app.post(
    '/practice-prompts',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'createPracticePrompt',
        summary: 'Add a prompt to the organisation (org admins)',
        tags,
        body: ZSavePracticePromptBodySchema,
        response: responses(ZPracticePromptSchema),
      },
    },
    async (req) => ok(await createPracticePrompt(deps, authOf(req), req.body)),
  );
  app.put(
    '/practice-prompts/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updatePracticePrompt',
        summary: "Change one of the organisation's prompts, or hide it from speakers (org admins)",
        tags,
        params: ZIdParamsSchema,
        body: ZSavePracticePromptBodySchema,
        response: responses(ZPracticePromptSchema),
      },
    },
    async (req) => ok(await updatePracticePrompt(deps, authOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/practice-prompts/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'deletePracticePrompt',
        summary: 'Delete a prompt; takes recorded from it keep their titles (org admins)',
        tags,
        params: ZIdParamsSchema,
        response: responses(z.object({})),
      },
    },
    async (req) => {
      await deletePracticePrompt(deps, authOf(req), req.params.id);
      return ok({});
    },
  );
}
