import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { FileSpreadsheet, MailPlus, X } from 'lucide-react';
import {
  BULK_INVITE_MAX,
  bulkInviteReasonText,
  bulkInviteSummary,
  bulkInviteTooMany,
  parseInviteeText,
  screenInvitees,
  type TBulkInvitee,
  type TBulkInviteResult,
  type TBulkInviteRow,
  withArticle,
} from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { useModal } from '../../components/dialog';
import { Badge } from '../../components/status-badge';
import { type Column, Table } from '../../components/table';
import { TextAreaField } from '../../components/textarea-field';
import type { TViewer } from '../../app/viewer';
import { readInviteeFile } from './bulk-invite-file';
import { useBulkInvites } from './admin-users.queries';
import './bulk-invite-dialog.css';

/** What the dialog needs of a group: the server's ability decides whether the button shows. */
type TInviteGroup = { groupId: string; name: string; abilities: { canInviteSpeakers: boolean } };

/**
 * "Invite Speakers" ("Invite Students" in schools): on the coach's group card and the admin's
 * group page, for the group's coaches and org admins (the server's canInviteSpeakers).
 */
export function BulkInviteButton({ group, viewer }: { group: TInviteGroup; viewer: TViewer }) {
  const [open, setOpen] = useState(false);
  if (!group.abilities.canInviteSpeakers) return null;
  return (
    <>
      <Button
        variant="secondary"
        className="bulk-invite-button"
        icon={<MailPlus size={16} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Invite {viewer.vocab.Word('speakers')}
      </Button>
      <BulkInviteDialog open={open} group={group} viewer={viewer} onClose={() => setOpen(false)} />
    </>
  );
}

type TFileState = { name: string; invitees: TBulkInvitee[] } | { name: string; error: string };

/** The preview line: how many rows were read, how many look ready, and what stops the batch. */
function previewOf(entries: ReadonlyArray<TBulkInvitee>): { text: string; tooMany: boolean } {
  if (entries.length === 0) return { text: 'No addresses yet.', tooMany: false };
  if (entries.length > BULK_INVITE_MAX) return { text: bulkInviteTooMany(entries.length), tooMany: true };
  const ready = screenInvitees(entries).filter((r) => !r.skip).length;
  const bad = entries.length - ready;
  const found = entries.length === 1 ? '1 address' : `${entries.length} addresses`;
  return { text: `${found}: ${ready} to invite${bad ? `, ${bad} not valid or listed twice` : ''}.`, tooMany: false };
}

function BulkInviteDialog({ open, group, viewer, onClose }: { open: boolean; group: TInviteGroup; viewer: TViewer; onClose: () => void }) {
  const { vocab, org } = viewer;
  const ref = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const titleId = useId();
  const fileHintId = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<TFileState | null>(null);
  const [result, setResult] = useState<TBulkInviteResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useModal(ref, open);

  const entries = useMemo(() => [...parseInviteeText(text), ...(file && 'invitees' in file ? file.invitees : [])], [text, file]);
  const preview = previewOf(entries);

  const send = useBulkInvites({
    onSuccess: (r) => {
      setResult(r);
      setError(null);
      // The summary is read out and takes the focus from the Send button, which is gone.
      requestAnimationFrame(() => summaryRef.current?.focus());
    },
    onError: setError,
  });

  const reset = () => {
    setText('');
    setFile(null);
    setResult(null);
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  };
  const close = () => {
    // A list not sent yet stays for the next opening; a sent one is done with.
    if (result) reset();
    setError(null);
    onClose();
  };

  const chooseFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (!chosen) return;
    setError(null);
    const read = await readInviteeFile(chosen);
    setFile({ name: chosen.name, ...read });
  };
  const removeFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const canSend = entries.length > 0 && !preview.tooMany;
  const submit = () => {
    if (canSend && !send.isPending) send.mutate({ groupId: group.groupId, invitees: entries });
  };

  return (
    <dialog
      ref={ref}
      className="dialog bulk-invite"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId}>
          Invite {vocab.word('speakers')} to {group.name}
        </h2>
        {result ? (
          <>
            <p ref={summaryRef} className="bulk-invite__summary" role="status" tabIndex={-1}>
              {bulkInviteSummary(result)}
            </p>
            <ResultTable rows={result.rows} orgType={org.type} />
          </>
        ) : (
          <>
            <p className="muted text-sm">
              Each new address gets an email with a link to join this {vocab.word('group')} as {withArticle(vocab.word('speaker'))}.
              Members, {vocab.word('coaches')} and addresses already invited are listed and left out.
            </p>
            <TextAreaField
              label="Email addresses"
              hint='Separate them with commas, spaces or new lines. To add a name, write "First Last <email>".'
              value={text}
              onValueChange={setText}
              ref={textArea}
              rows={6}
              spellCheck={false}
              autoComplete="off"
              data-autofocus
            />
            <div className="bulk-invite__file">
              <label className="btn btn--secondary bulk-invite__file-button">
                <FileSpreadsheet size={16} aria-hidden />
                {file ? 'Choose another CSV file' : 'Choose a CSV file'}
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  className="visually-hidden"
                  aria-describedby={fileHintId}
                  onChange={(e) => void chooseFile(e)}
                />
              </label>
              {file && (
                <span className="bulk-invite__file-name">
                  <strong className="bulk-invite__wrap">{file.name}</strong>
                  {'invitees' in file && ` (${file.invitees.length} ${file.invitees.length === 1 ? 'row' : 'rows'})`}
                  <button type="button" className="bulk-invite__remove" onClick={removeFile} aria-label={`Remove ${file.name}`}>
                    <X size={16} aria-hidden />
                  </button>
                </span>
              )}
            </div>
            <p id={fileHintId} className="field__hint">
              A header row names the columns: email, first name, last name.
            </p>
            {file && 'error' in file && (
              <p className="field__error" role="alert">
                {file.error}
              </p>
            )}
            <p
              className={['bulk-invite__preview', preview.tooMany && 'bulk-invite__preview--over'].filter(Boolean).join(' ')}
              aria-live="polite"
            >
              {preview.text}
            </p>
            {error && <Banner inline kind="error" title="No invites were sent" text={error} />}
          </>
        )}
      </div>
      <div className="dialog__footer">
        {result ? (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                reset();
                requestAnimationFrame(() => textArea.current?.focus());
              }}
            >
              Invite more
            </Button>
            <Button onClick={close}>Close</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!canSend} busy={send.isPending}>
              Send
            </Button>
          </>
        )}
      </div>
    </dialog>
  );
}

type TResultRow = TBulkInviteRow & { key: string };

function ResultTable({ rows, orgType }: { rows: ReadonlyArray<TBulkInviteRow>; orgType: string }) {
  const columns: Column<TResultRow>[] = [
    { key: 'email', header: 'Email', cell: (r) => <span className="bulk-invite__wrap">{r.email || '(empty)'}</span> },
    { key: 'name', header: 'Name', cell: (r) => [r.firstName, r.lastName].filter(Boolean).join(' ') || <span className="subtle">—</span> },
    {
      key: 'result',
      header: 'Result',
      nowrap: true,
      cell: (r) => (r.result === 'invited' ? <Badge tone="success">Invited</Badge> : <Badge>Skipped</Badge>),
    },
    {
      key: 'reason',
      header: 'Reason',
      cell: (r) => (r.reason ? bulkInviteReasonText(r.reason, orgType) : <span className="subtle">—</span>),
    },
  ];
  return (
    <div className="bulk-invite__table">
      <Table label="Invite results" columns={columns} rows={rows.map((r, i) => ({ ...r, key: String(i) }))} rowKey={(r) => r.key} />
    </div>
  );
}
