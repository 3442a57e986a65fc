import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ERROR_CODES, LTI_LIMITS, type TLtiPlatform, type TLtiPlatformBody, ZLtiPlatformBodySchema } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { bindField } from '../../components/field-binding';
import { TextAreaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { errorMessage, isApiError } from '../../api/http-client';
import { FORM_ERROR } from '../../api/form-errors';
import { useSaveLtiPlatform } from './lti-platforms.queries';

/** Deployment ids as the admin types them: one a line, blank lines and spaces around dropped. */
const deploymentLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

const DEPLOYMENTS_MESSAGE = `Enter at least one deployment id, one a line (at most ${LTI_LIMITS.deploymentIds}, each at most ${LTI_LIMITS.deploymentId} characters).`;

/** The form holds the deployment ids as one text; the contract's schema checks the list it makes. */
const ZLtiPlatformFormSchema = ZLtiPlatformBodySchema.extend({
  deploymentIds: z.string().transform((text, ctx) => {
    const parsed = ZLtiPlatformBodySchema.shape.deploymentIds.safeParse(deploymentLines(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: DEPLOYMENTS_MESSAGE });
    return z.NEVER;
  }),
});
type TLtiPlatformFormValues = z.input<typeof ZLtiPlatformFormSchema>;

const URL_MESSAGE = 'Enter the full address, starting with https://';

/** The message under each field when the contract's schema refuses it (zod's own wording is for developers). */
const FIELD_MESSAGES: Record<string, string> = {
  name: `Enter a name your admins recognise (at most ${LTI_LIMITS.name} characters).`,
  issuer: `${URL_MESSAGE} (Canvas: https://canvas.instructure.com; Moodle: your site's address).`,
  clientId: `Enter the client id the platform gave Rostrum (at most ${LTI_LIMITS.clientId} characters).`,
  authorizationUrl: URL_MESSAGE,
  tokenUrl: URL_MESSAGE,
  jwksUrl: URL_MESSAGE,
};

const schemaOptions = {
  error: (issue: { path?: PropertyKey[]; message?: string }) => {
    const field = issue.path?.[0];
    return (typeof field === 'string' && FIELD_MESSAGES[field]) || issue.message;
  },
};

const FIELDS = ['name', 'issuer', 'clientId', 'deploymentIds', 'authorizationUrl', 'tokenUrl', 'jwksUrl'] as const;
type TFieldName = (typeof FIELDS)[number];

/**
 * Where a refused save belongs: the server names the field first ("jwksUrl: Use an https://
 * address…", as its validation messages do), and a taken issuer and client id is the client id's.
 */
function serverFieldError(e: unknown): { field: TFieldName | typeof FORM_ERROR; message: string } | null {
  if (!isApiError(e) || !e.hasBody || e.status >= 500) return null;
  if (e.code === ERROR_CODES.ltiPlatformTaken) return { field: 'clientId', message: e.message };
  const named = /^([A-Za-z]+)(?:\.\d+)?: (.+)$/.exec(e.message);
  const field = FIELDS.find((f) => f === named?.[1]);
  if (named && field) return { field, message: named[2]! };
  return { field: FORM_ERROR, message: e.message };
}

function formDefaults(p: TLtiPlatform | null): TLtiPlatformFormValues {
  return {
    name: p?.name ?? '',
    issuer: p?.issuer ?? '',
    clientId: p?.clientId ?? '',
    deploymentIds: p?.deploymentIds.join('\n') ?? '',
    authorizationUrl: p?.authorizationUrl ?? '',
    tokenUrl: p?.tokenUrl ?? '',
    jwksUrl: p?.jwksUrl ?? '',
    adminRoleGrantsOrgAdmin: p?.adminRoleGrantsOrgAdmin ?? false,
    gradesAsDrafts: p?.gradesAsDrafts ?? false,
  };
}

/** Register a platform (platform null) or change one; `onSaved` gets the saved registration. */
export function LtiPlatformForm({
  platform,
  onSaved,
  onCancel,
}: {
  platform: TLtiPlatform | null;
  onSaved: (saved: TLtiPlatform) => void;
  onCancel: () => void;
}) {
  const form = useForm<TLtiPlatformFormValues, unknown, TLtiPlatformBody>({
    resolver: zodResolver(ZLtiPlatformFormSchema, schemaOptions),
    defaultValues: formDefaults(platform),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const save = useSaveLtiPlatform();
  // The button that opened the form is gone while it is open: the keyboard goes on in the form.
  useEffect(() => form.setFocus('name'), [form]);
  const adminNoteId = useId();
  const draftsNoteId = useId();
  const formError = form.formState.errors.root?.server?.message;
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { platformId: platform?.platformId, body },
      {
        onSuccess: (saved) => {
          notifications.success(platform ? `${saved.name} is saved` : `${saved.name} is registered`);
          onSaved(saved);
        },
        onError: (e) => {
          const hit = serverFieldError(e);
          if (hit) form.setError(hit.field, { type: 'server', message: hit.message }, { shouldFocus: true });
          else notifications.error('The platform could not be saved', errorMessage(e, 'Please try again.'));
        },
      },
    ),
  );
  const titleId = useId();
  const url = (name: 'issuer' | 'authorizationUrl' | 'tokenUrl' | 'jwksUrl', label: string, hint: string) => (
    <Controller
      control={form.control}
      name={name}
      render={(c) => (
        <TextField
          label={label}
          hint={hint}
          {...bindField(c)}
          type="url"
          inputMode="url"
          maxLength={LTI_LIMITS.url}
          required
          autoComplete="off"
          spellCheck={false}
          mono
        />
      )}
    />
  );
  return (
    <Card
      title={platform ? `Edit platform: ${platform.name}` : 'Register a platform'}
      titleId={titleId}
      description="Copy these from your platform's settings for Rostrum. You can register first with a placeholder client id and deployment id, paste Rostrum's values into the platform, then come back and edit them."
    >
      <form
        className="stack stack--lg"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby={titleId}
        aria-describedby={formError ? 'lti-form-error' : undefined}
      >
        <div className="lti-form__grid">
          <Controller
            control={form.control}
            name="name"
            render={(c) => (
              <TextField
                label="Name"
                hint="For example: Canvas, or Moodle (school site)"
                {...bindField(c)}
                maxLength={LTI_LIMITS.name}
                required
                autoComplete="off"
              />
            )}
          />
          {url('issuer', 'Issuer (Platform ID)', 'Canvas: https://canvas.instructure.com; Moodle: your site’s address')}
          <Controller
            control={form.control}
            name="clientId"
            render={(c) => (
              <TextField
                label="Client ID"
                hint="Canvas: the developer key’s number; Moodle: the tool’s Client ID"
                {...bindField(c)}
                maxLength={LTI_LIMITS.clientId}
                required
                autoComplete="off"
                spellCheck={false}
                mono
              />
            )}
          />
          <Controller
            control={form.control}
            name="deploymentIds"
            render={(c) => (
              <TextAreaField
                label="Deployment IDs"
                hint="One a line. Every install of Rostrum in the platform has its own."
                {...bindField(c)}
                rows={3}
                required
                spellCheck={false}
              />
            )}
          />
          {url('authorizationUrl', 'OIDC authorisation endpoint', 'Moodle: …/mod/lti/auth.php')}
          {url('tokenUrl', 'Token endpoint', 'Moodle: …/mod/lti/token.php')}
          {url('jwksUrl', 'Platform JWKS URL (public keyset)', 'Moodle: …/mod/lti/certs.php')}
        </div>
        <Controller
          control={form.control}
          name="adminRoleGrantsOrgAdmin"
          render={(c) => (
            <div className="lti-form__admin">
              <Checkbox
                checked={!!c.field.value}
                onCheckedChange={c.field.onChange}
                name="adminRoleGrantsOrgAdmin"
                describedBy={adminNoteId}
              >
                The platform’s administrators become admins of this organization
              </Checkbox>
              <p className="muted lti-form__note" id={adminNoteId}>
                When someone with the platform’s Administrator role opens Rostrum for the first time, their new account is an organization
                admin here. Leave it off unless the platform is your school’s own: otherwise they join the class as a coach.
              </p>
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="gradesAsDrafts"
          render={(c) => (
            <div className="lti-form__admin">
              <Checkbox checked={!!c.field.value} onCheckedChange={c.field.onChange} name="gradesAsDrafts" describedBy={draftsNoteId}>
                Send scores to the gradebook as drafts
              </Checkbox>
              <p className="muted lti-form__note" id={draftsNoteId}>
                When a coach scores a recording, the grade reaches the platform’s gradebook unpublished, and the instructor publishes it
                there. Off: it is sent as a final grade.
              </p>
            </div>
          )}
        />
        {formError && (
          <p className="form-error" id="lti-form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="form-actions">
          <Button type="submit" busy={save.isPending}>
            {platform ? 'Save platform' : 'Register platform'}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
