import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import {
  PRACTICE_PROMPT_CATEGORIES,
  PRACTICE_PROMPT_CATEGORY_LABELS,
  PRACTICE_PROMPT_LIMITS,
  PRACTICE_PROMPT_MSG,
  suggestedLengthText,
  type TPracticePrompt,
  type TSavePracticePromptBody,
  ZSavePracticePromptBodySchema,
} from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { ConfirmDialog } from '../../components/dialog';
import { bindField } from '../../components/field-binding';
import { SelectField } from '../../components/select-field';
import { LoadingState } from '../../components/spinner';
import { Badge } from '../../components/status-badge';
import { Table, type Column } from '../../components/table';
import { TextAreaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { notifications } from '../../app/notification-store';
import { errorMessage } from '../../api/http-client';
import { useAllPracticePrompts, useDeletePracticePrompt, useSavePracticePrompt } from '../practice/practice.queries';
import './admin-practice-prompts.css';

/** The lengths an admin picks from (seconds), within the contract's limits. */
const LENGTHS = [30, 45, 60, 90, 120, 150, 180, 240, 300, 420, 600, 900] as const;

/** The form holds the length as the select's text; the body's schema checks the number. */
const ZPromptFormSchema = ZSavePracticePromptBodySchema.extend({
  suggestedSeconds: z.coerce.number().pipe(ZSavePracticePromptBodySchema.shape.suggestedSeconds),
});
type TPromptFormValues = z.input<typeof ZPromptFormSchema>;

function formDefaults(p: TPracticePrompt | null): TPromptFormValues {
  return {
    title: p?.title ?? '',
    instructions: p?.instructions ?? '',
    category: p?.category ?? 'impromptu',
    suggestedSeconds: String(p?.suggestedSeconds ?? 60),
    hidden: p?.hidden ?? false,
  };
}

/** The body of a prompt as it is, with `hidden` changed. */
function withHidden(p: TPracticePrompt, hidden: boolean): TSavePracticePromptBody {
  return { title: p.title, instructions: p.instructions, category: p.category, suggestedSeconds: p.suggestedSeconds, hidden };
}

type TEditing = TPracticePrompt | 'new' | null;

/**
 * /customer-admin/practice-prompts (issue 41): the organisation's practice prompts, which its
 * speakers see on their first visit and on the Practice prompts page. Admins add, edit, hide and
 * delete them; a hidden prompt stays here and is not offered.
 */
export function AdminPracticePromptsPage() {
  const prompts = useAllPracticePrompts();
  const [editing, setEditing] = useState<TEditing>(null);
  const [toDelete, setToDelete] = useState<TPracticePrompt | null>(null);
  const save = useSavePracticePrompt();
  const remove = useDeletePracticePrompt();

  if (prompts.isPending) return <LoadingState />;
  const rows = prompts.data?.prompts ?? [];

  const toggleHidden = (p: TPracticePrompt) =>
    save.mutate(
      { promptId: p.promptId, body: withHidden(p, !p.hidden) },
      {
        onSuccess: (saved) =>
          notifications.success(saved.hidden ? `${saved.title} is hidden from speakers` : `${saved.title} is offered again`),
        onError: (e) => notifications.error('The prompt could not be changed', errorMessage(e, 'Please try again.')),
      },
    );

  const columns: Column<TPracticePrompt>[] = [
    {
      key: 'title',
      header: 'Prompt',
      cell: (p) => (
        <div className="admin-prompt">
          <span className="table-strong">{p.title}</span>
          <span className="admin-prompt__text">{p.instructions}</span>
        </div>
      ),
    },
    { key: 'category', header: 'Kind', nowrap: true, cell: (p) => PRACTICE_PROMPT_CATEGORY_LABELS[p.category] },
    { key: 'length', header: 'Length', nowrap: true, cell: (p) => suggestedLengthText(p.suggestedSeconds) },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      cell: (p) => (p.hidden ? <Badge>Hidden</Badge> : <Badge tone="success">Offered</Badge>),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      nowrap: true,
      cell: (p) => (
        <div className="admin-prompt-actions">
          <Button variant="secondary" size="sm" onClick={() => setEditing(p)} aria-label={`Edit prompt ${p.title}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            busy={save.isPending && save.variables?.promptId === p.promptId}
            onClick={() => toggleHidden(p)}
            aria-label={`${p.hidden ? 'Offer' : 'Hide'} prompt ${p.title}`}
          >
            {p.hidden ? 'Offer' : 'Hide'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setToDelete(p)} aria-label={`Delete prompt ${p.title}`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="stack stack--lg">
      {editing && (
        <PromptForm
          key={editing === 'new' ? 'new' : editing.promptId}
          prompt={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <Card
        flush
        className="stacked-table-card"
        title="Practice prompts"
        titleId="admin-prompts-title"
        description="What your speakers can practise when no assignment is waiting: they see these on their first visit and on the Practice prompts page. Hidden prompts stay here and are not offered."
        actions={
          !editing && (
            <Button icon={<Plus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              Add Prompt
            </Button>
          )
        }
      >
        <Table
          label="Practice prompts"
          columns={columns}
          rows={rows}
          rowKey={(p) => p.promptId}
          rowClassName={(p) => (p.hidden ? 'admin-prompt-row--hidden' : undefined)}
          empty="No prompts yet. Add one so speakers have something to practise."
        />
      </Card>
      <ConfirmDialog
        open={!!toDelete}
        title="Delete this prompt?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.promptId, {
            onSuccess: () => {
              notifications.success(`${toDelete.title} is deleted`);
              setToDelete(null);
            },
            onError: (e) => {
              setToDelete(null);
              notifications.error('The prompt could not be deleted', errorMessage(e, 'Please try again.'));
            },
          })
        }
      >
        <p className="muted">{PRACTICE_PROMPT_MSG.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}

function PromptForm({ prompt, onDone }: { prompt: TPracticePrompt | null; onDone: () => void }) {
  const form = useForm<TPromptFormValues, unknown, TSavePracticePromptBody>({
    resolver: zodResolver(ZPromptFormSchema),
    defaultValues: formDefaults(prompt),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const save = useSavePracticePrompt();
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { promptId: prompt?.promptId, body },
      {
        onSuccess: (saved) => {
          notifications.success(prompt ? `${saved.title} is saved` : `${saved.title} is added`);
          onDone();
        },
        onError: (e) => notifications.error('The prompt could not be saved', errorMessage(e, 'Please try again.')),
      },
    ),
  );
  const title = prompt ? `Edit Prompt: ${prompt.title}` : 'Add Prompt';
  return (
    <Card title={title} titleId="prompt-form-title" description="Say what to talk about and how to shape it, in a few sentences.">
      <form className="stack stack--lg" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="prompt-form-title">
        <Controller
          control={form.control}
          name="title"
          render={(c) => (
            <TextField label="Title" {...bindField(c)} maxLength={PRACTICE_PROMPT_LIMITS.titleMax} required autoComplete="off" />
          )}
        />
        <Controller
          control={form.control}
          name="instructions"
          render={(c) => (
            <TextAreaField
              label="Instructions"
              {...bindField(c)}
              maxLength={PRACTICE_PROMPT_LIMITS.instructionsMax}
              rows={4}
              required
              hint={`At most ${PRACTICE_PROMPT_LIMITS.instructionsMax} characters`}
            />
          )}
        />
        <div className="admin-prompt-form__row">
          <Controller
            control={form.control}
            name="category"
            render={(c) => (
              <SelectField
                label="Kind"
                {...bindField(c)}
                options={PRACTICE_PROMPT_CATEGORIES.map((k) => ({ value: k, label: PRACTICE_PROMPT_CATEGORY_LABELS[k] }))}
              />
            )}
          />
          <Controller
            control={form.control}
            name="suggestedSeconds"
            render={(c) => (
              <SelectField
                label="Suggested length"
                {...bindField({ ...c, field: { ...c.field, value: String(c.field.value) } })}
                options={LENGTHS.map((s) => ({ value: String(s), label: suggestedLengthText(s) }))}
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="hidden"
          render={(c) => (
            <Checkbox checked={!!c.field.value} onCheckedChange={c.field.onChange} name="hidden">
              Hidden: keep it here without offering it to speakers
            </Checkbox>
          )}
        />
        <div className="form-actions">
          <Button type="submit" busy={save.isPending}>
            {prompt ? 'Save Prompt' : 'Add Prompt'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
