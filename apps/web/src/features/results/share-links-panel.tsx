import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import {
  SHARE_LINK_DAY_LABELS,
  SHARE_LINK_DAYS,
  ZCreateShareLinkBodySchema,
  type TCreatedShareLink,
  type TCreateShareLinkBody,
  type TShareLink,
} from '@rostrum/contract';
import { errorMessage } from '../../api/http-client';
import { Button } from '../../components/button';
import { CopyField } from '../../components/copy-field';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { Badge } from '../../components/status-badge';
import { formatDateTime } from '../../components/date-format';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from './results-share-links.queries';
import './share-links-panel.css';

const STATUS: Record<TShareLink['status'], { label: string; tone?: 'success' | 'warning' }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired' },
  revoked: { label: 'Revoked', tone: 'warning' },
};

/**
 * Public share links (issue 20), for the owner where the organisation allows them (the server's
 * canShareLink): create a read-only link with an expiry, copy it (shown once: only its hash is
 * kept), see the links made and revoke them.
 */
export function ShareLinksPanel({ recordingId }: { recordingId: string }) {
  const form = useForm<TCreateShareLinkBody>({
    resolver: zodResolver(ZCreateShareLinkBodySchema),
    defaultValues: { expiresInDays: 7 },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [created, setCreated] = useState<TCreatedShareLink | null>(null);
  const [revoking, setRevoking] = useState<TShareLink | null>(null);
  const links = useShareLinks(recordingId);
  const create = useCreateShareLink(recordingId, { onSuccess: setCreated });
  const revoke = useRevokeShareLink(recordingId, {
    onSuccess: (link) => {
      if (created?.shareLinkId === link.shareLinkId) setCreated(null);
      setRevoking(null);
    },
    onError: () => setRevoking(null),
  });
  const submit = form.handleSubmit(({ expiresInDays }) => create.mutate(expiresInDays));
  const error = create.error ?? revoke.error ?? links.error;
  const shown = (links.data ?? []).filter((l) => l.status === 'active' || l.shareLinkId === created?.shareLinkId).slice(0, 5);
  const ended = (links.data ?? []).length - (links.data ?? []).filter((l) => l.status === 'active').length;

  return (
    <section className="card side-card" aria-labelledby="share-links-title" data-testid="share-links">
      <div className="card__body stack">
        <h2 id="share-links-title" className="section-title">
          Public link
        </h2>
        <p className="muted text-sm">
          Anyone with the link sees these results and hears the recording, without signing in, until it expires or you revoke it.
        </p>
        <form className="share-links__create" onSubmit={(e) => void submit(e)}>
          <Controller
            control={form.control}
            name="expiresInDays"
            render={({ field, fieldState }) => (
              <SelectField
                label="Link expires after"
                name={field.name}
                value={String(field.value)}
                options={SHARE_LINK_DAYS.map((d) => ({ value: String(d), label: SHARE_LINK_DAY_LABELS[d] }))}
                // The select holds the days as text; the body takes them as a number.
                onValueChange={(v) => field.onChange(Number(v))}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <Button type="submit" variant="secondary" icon={<Link2 size={16} aria-hidden />} busy={create.isPending}>
            Create link
          </Button>
        </form>
        {created && (
          <div className="share-links__created" role="status">
            <CopyField
              id="share-link-url"
              label="Your new link (copy it now: it is shown once)"
              value={`${window.location.origin}${created.path}`}
            />
          </div>
        )}
        {error && (
          <p className="field__error" role="alert">
            {errorMessage(error, 'The share links could not be updated. Please try again.')}
          </p>
        )}
        {shown.length > 0 && (
          <ul className="share-links__list" aria-label="Share links">
            {shown.map((l) => (
              <li key={l.shareLinkId} className="share-links__item">
                <div>
                  <Badge tone={STATUS[l.status].tone}>{STATUS[l.status].label}</Badge>
                  <span className="text-sm muted"> Expires {formatDateTime(l.expiresDate)}</span>
                </div>
                {l.status === 'active' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRevoking(l)}
                    aria-label={`Revoke the link created ${formatDateTime(l.createdDate)}`}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {ended > 0 && (
          <p className="text-sm muted" data-testid="share-links-ended">
            {ended} expired or revoked {ended === 1 ? 'link' : 'links'}.
          </p>
        )}
      </div>
      <ConfirmDialog
        open={!!revoking}
        title="Revoke this link?"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.shareLinkId)}
        onCancel={() => setRevoking(null)}
      >
        <p>Anyone who opens it will see that it has expired or was turned off. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
