import { ZAdminOrgSettingsSchema, ZUpdateAdminOrgSettingsBodySchema } from '@rostrum/contract';
import type { TDeps } from '../../deps.js';
import { authOf } from '../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../http/route-kit.js';
import { getAdminOrgSettings, updateAdminOrgSettings } from './org-settings.service.js';

/** The admin area's Organisation settings (org admins only; the organisation is the caller's). */
export function orgSettingsRoutes(app: TZodApp, deps: TDeps) {
  const signedIn = requireAuth(deps);
  const tags = ['admin'];
  app.get(
    '/admin/org-settings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'getOrgSettings',
        summary: "The organisation's settings an org admin changes (Public_Share_Links), and which of the operator's switches are on",
        tags,
        response: responses(ZAdminOrgSettingsSchema),
      },
    },
    async (req) => ok(await getAdminOrgSettings(deps, authOf(req))),
  );
  app.patch(
    '/admin/org-settings',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateOrgSettings',
        summary: "Change the org admin's settings (Public_Share_Links, the time zone); other keys are refused and the stored ones kept",
        tags,
        body: ZUpdateAdminOrgSettingsBodySchema,
        response: responses(ZAdminOrgSettingsSchema),
      },
    },
    async (req) => ok(await updateAdminOrgSettings(deps, authOf(req), req.body)),
  );
}
