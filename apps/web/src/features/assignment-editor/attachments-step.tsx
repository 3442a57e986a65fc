import { useState } from 'react';
import { FileAudio, Link2, Trash2 } from 'lucide-react';
import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MSG,
  normaliseAttachmentUrl,
  ZAttachmentLinkBodySchema,
  type TAttachment,
  type TRecordingSummary,
  type TVocabulary,
} from '@rostrum/contract';
import { Button } from '../../components/button';
import { AlertDialog, ConfirmDialog } from '../../components/dialog';
import { SearchPicker } from '../../components/search-picker';
import { TextField } from '../../components/text-field';
import { formatDate } from '../../components/date-format';
import { StepPanel } from './editor-frame';
import { useRecordings } from '../results/results-recording.queries';
import './attachments-step.css';

/** An attachment on screen: saved ones have an id; one still being added has none yet. */
export type TShownAttachment = Omit<TAttachment, 'id'> & { id: string | null };

/** The alert for deleting an attachment without an id (002 section 5): the list is out of date. */
export const ATTACHMENT_RELOAD_MSG =
  'This supporting material has not finished saving, so it cannot be deleted yet. Please reload the page and try again.';

/**
 * Step 5 (002 section 5, Attachment link): links (name and address, both required, at most 100;
 * https added or enforced, shown back before saving) and the coach's own recordings. Each add and
 * delete is saved at once; Continue moves on.
 */
export function AttachmentsStep({
  attachments,
  userId,
  vocab,
  adding,
  onBack,
  onContinue,
  onAddLink,
  onAddRecording,
  onDelete,
  lastStep,
}: {
  attachments: readonly TShownAttachment[];
  userId: string;
  vocab: TVocabulary;
  adding: boolean;
  onBack: () => void;
  onContinue: () => void;
  /** Resolves true when saved (the form then clears); false keeps what was typed. */
  onAddLink: (name: string, url: string) => Promise<boolean>;
  onAddRecording: (name: string, recordingId: string) => void;
  onDelete: (attachmentId: string) => Promise<void>;
  lastStep: boolean;
}) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TShownAttachment | null>(null);
  const [deleting, setDeleting] = useState(false);
  const recordings = useRecordings();
  const own = (recordings.data ?? []).filter((r) => r.userId === userId && !r.failed && !r.uploading);
  const bothFilled = name.trim() !== '' && url.trim() !== '';
  const shownUrl = url.trim() ? normaliseAttachmentUrl(url) : '';

  const saveLink = async () => {
    const parsed = ZAttachmentLinkBodySchema.safeParse({ name, attachmentUrl: url });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the name and address');
      return;
    }
    setError(null);
    setUrl(parsed.data.attachmentUrl);
    if (await onAddLink(parsed.data.name, parsed.data.attachmentUrl)) {
      setName('');
      setUrl('');
    }
  };

  const askDelete = (a: TShownAttachment) => {
    if (!a.id) setAlert(ATTACHMENT_RELOAD_MSG);
    else setConfirming(a);
  };

  return (
    <StepPanel
      title="Supporting materials"
      lead={`Links and recordings your ${vocab.word('speakers')} can open from the assignment: examples, readings, a model answer.`}
      actions={
        <>
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
          <Button onClick={onContinue}>{lastStep ? 'Finish' : 'Continue'}</Button>
        </>
      }
    >
      {attachments.length > 0 ? (
        <ul className="attachment-list" aria-label="Supporting materials">
          {attachments.map((a, i) => (
            <li key={a.id ?? `pending-${i}`} className="attachment">
              <span className="icon-tile attachment__icon" aria-hidden>
                {a.attachmentType === 'link' ? <Link2 size={18} /> : <FileAudio size={18} />}
              </span>
              <span className="attachment__text">
                <span className="attachment__name">{a.name}</span>
                <span className="attachment__meta">
                  {a.attachmentType === 'link' ? a.attachmentUrl : 'Recording'}
                  {!a.id && ' · Saving...'}
                </span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${a.name}`}
                icon={<Trash2 size={16} aria-hidden />}
                onClick={() => askDelete(a)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted attachment-empty">No supporting materials yet. They are optional.</p>
      )}

      <div className="attachment-forms">
        <section className="attachment-form" aria-labelledby="add-link-title">
          <h3 className="attachment-form__title" id="add-link-title">
            Add a link
          </h3>
          <TextField
            label="Link name"
            value={name}
            onValueChange={(v) => {
              setName(v);
              setError(null);
            }}
            maxLength={ASSIGNMENT_LIMITS.attachmentNameMax}
            autoComplete="off"
          />
          <TextField
            label="Web address"
            value={url}
            onValueChange={(v) => {
              setUrl(v);
              setError(null);
            }}
            maxLength={ASSIGNMENT_LIMITS.attachmentUrlMax}
            inputMode="url"
            autoComplete="off"
            placeholder="example.com/reading"
            error={error ?? undefined}
            hint={shownUrl && shownUrl !== url.trim() ? `Saved as ${shownUrl}` : 'Links open over https.'}
          />
          {bothFilled && (
            <div className="row">
              <Button onClick={() => void saveLink()} busy={adding}>
                Save
              </Button>
            </div>
          )}
        </section>
        <section className="attachment-form" aria-labelledby="add-recording-title">
          <h3 className="attachment-form__title" id="add-recording-title">
            Add one of your recordings
          </h3>
          <p className="muted text-sm">{vocab.Word('speakers')} can play it from the assignment.</p>
          <SearchPicker<TRecordingSummary>
            buttonLabel="Choose a recording"
            searchLabel="Search your recordings"
            listLabel="Your recordings"
            items={own}
            loading={recordings.isPending}
            itemKey={(r) => r.recordingId}
            matches={(r, q) => r.title.toLowerCase().includes(q)}
            renderOption={(r) => (
              <span className="picker__title">
                {r.title} <span className="picker__meta">{formatDate(r.createdDate)}</span>
              </span>
            )}
            onChoose={(r) => onAddRecording(r.title.slice(0, ASSIGNMENT_LIMITS.attachmentNameMax), r.recordingId)}
            emptyText="You have no recordings yet."
          />
        </section>
      </div>

      <ConfirmDialog
        open={!!confirming}
        title="Delete supporting material"
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming?.id) return;
          setDeleting(true);
          onDelete(confirming.id).finally(() => {
            setDeleting(false);
            setConfirming(null);
          });
        }}
      >
        <p>{confirming ? ASSIGNMENT_MSG.confirmDeleteAttachment(confirming.name) : ''}</p>
      </ConfirmDialog>
      <AlertDialog message={alert} onClose={() => setAlert(null)} />
    </StepPanel>
  );
}
