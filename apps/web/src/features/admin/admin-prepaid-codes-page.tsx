import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { PREPAID_BATCH_MAX, sortPlans, type TPrepaidBatch, type TPrepaidCode } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { LoadingState } from '../../components/spinner';
import { SegmentedControl } from '../../components/segmented-control';
import { SelectField } from '../../components/select-field';
import { Badge } from '../../components/status-badge';
import { Table, type Column } from '../../components/table';
import { TextField } from '../../components/text-field';
import { bindField } from '../../components/field-binding';
import { formatDate } from '../../components/date-format';
import { notifications } from '../../app/notification-store';
import { useViewer } from '../../app/viewer';
import {
  batchFileName,
  CODE_FILTERS,
  CODE_STATUS_LABELS,
  generateFormSchema,
  planLabel,
  type TCodeFilter,
  type TGenerateFormValues,
} from './billing-rules';
import { billingErrorMessage, useAdminPlans, useGeneratePrepaidCodes, usePrepaidCodes, useVoidPrepaidCode } from './admin-billing.queries';
import { useOrgGroups } from './admin-groups.queries';
import './admin-billing.css';

export const CODES_SHOWN_ONCE =
  'Copy or download these codes now. They cannot be shown again: Rostrum keeps only a fingerprint of each code, so a lost code cannot be recovered (void it and generate a new one).';

/** A generated batch with the plan's name, for the file name and the heading. */
type TShownBatch = TPrepaidBatch & { planName: string };

/** /customer-admin/prepaid-codes (issue 17): generate a batch, show it once, list and void codes. */
export function AdminPrepaidCodesPage() {
  const [batch, setBatch] = useState<TShownBatch | null>(null);
  return (
    <div className="stack stack--lg">
      {batch ? <BatchCard batch={batch} onDone={() => setBatch(null)} /> : <GenerateCard onGenerated={setBatch} />}
      <CodesCard />
    </div>
  );
}

function GenerateCard({ onGenerated }: { onGenerated: (b: TShownBatch) => void }) {
  const { vocab } = useViewer();
  const plans = useAdminPlans();
  const groups = useOrgGroups();
  const offered = sortPlans((plans.data ?? []).filter((p) => !p.archived));
  const form = useForm<TGenerateFormValues, unknown, { planId: string; groupId: string; count: number }>({
    resolver: zodResolver(generateFormSchema),
    defaultValues: { planId: '', groupId: '', count: '10' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const generate = useGeneratePrepaidCodes({
    onSuccess: (b) => {
      onGenerated({ ...b, planName: plans.data?.find((p) => p.planId === b.planId)?.name ?? 'plan' });
    },
    onError: (e) => {
      const message = billingErrorMessage(e);
      if (message !== null) notifications.error('The codes could not be generated', message);
    },
  });
  const submit = form.handleSubmit((v) => generate.mutate(v));

  if (plans.isPending) return <LoadingState />;
  const groupOptions = (groups.data ?? []).filter((g) => !g.isPseudoGroup).map((g) => ({ value: g.groupId, label: g.name }));

  return (
    <Card
      title="Generate Prepaid Codes"
      titleId="generate-codes-title"
      description="Each code pays once for the plan you choose. Hand them out yourself, by email or on paper; a speaker enters one on the Subscription page."
    >
      {offered.length === 0 ? (
        <p className="muted">Add a plan on the Plans tab first: codes pay for a plan.</p>
      ) : (
        <form className="stack stack--lg" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="generate-codes-title">
          <div className="billing-form-grid">
            <Controller
              control={form.control}
              name="planId"
              render={(c) => (
                <SelectField
                  label="Plan"
                  {...bindField(c)}
                  placeholder="Choose a plan"
                  options={offered.map((p) => ({ value: p.planId, label: planLabel(p) }))}
                  required
                />
              )}
            />
            <Controller
              control={form.control}
              name="groupId"
              render={(c) => (
                <SelectField
                  label={vocab.Word('group')}
                  {...bindField(c)}
                  placeholder={`Any ${vocab.word('group')}`}
                  options={groupOptions}
                  optional
                  hint={`Leave as any ${vocab.word('group')}, or limit the codes to one.`}
                />
              )}
            />
            <Controller
              control={form.control}
              name="count"
              render={(c) => (
                <TextField
                  label="Number of codes"
                  {...bindField(c)}
                  inputMode="numeric"
                  required
                  autoComplete="off"
                  hint={`1 to ${PREPAID_BATCH_MAX} at a time`}
                />
              )}
            />
          </div>
          <div className="form-actions">
            <Button type="submit" busy={generate.isPending}>
              Generate Codes
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function BatchCard({ batch, onDone }: { batch: TShownBatch; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(batch.codes.join('\n'));
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // Without clipboard access the codes stay on screen to select by hand, and the CSV works.
    }
  };
  const download = () => {
    // The CSV is the generate answer's own text: the server cannot make it again later.
    const url = URL.createObjectURL(new Blob([batch.csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = batchFileName(batch.planName);
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const n = batch.codes.length;
  return (
    <Card
      elevated
      className="billing-batch"
      title={`${n} new ${n === 1 ? 'code' : 'codes'} for ${batch.planName}`}
      titleId="batch-title"
      actions={
        <div className="billing-actions">
          <Button
            variant="secondary"
            onClick={() => void copy()}
            icon={copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          >
            <span aria-live="polite">{copied ? 'Copied' : 'Copy Codes'}</span>
          </Button>
          <Button onClick={download} icon={<Download size={16} aria-hidden />}>
            Download CSV
          </Button>
        </div>
      }
    >
      <div className="stack">
        <div className="billing-once" role="alert">
          <TriangleAlert size={20} aria-hidden />
          <p>
            <strong>Shown only once. </strong>
            {CODES_SHOWN_ONCE}
          </p>
        </div>
        <ol className="billing-codes" aria-label="New prepaid codes">
          {batch.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <div className="form-actions">
          <Button variant="secondary" onClick={onDone}>
            I Have Saved the Codes
          </Button>
        </div>
      </div>
    </Card>
  );
}

const FILTER_LABELS: Record<TCodeFilter, string> = { all: 'All', ...CODE_STATUS_LABELS };

function CodesCard() {
  const { vocab } = useViewer();
  const codes = usePrepaidCodes();
  const [filter, setFilter] = useState<TCodeFilter>('all');
  const [toVoid, setToVoid] = useState<TPrepaidCode | null>(null);
  const voidCode = useVoidPrepaidCode({
    onSuccess: () => {
      setToVoid(null);
      notifications.success('The code is voided', 'It can no longer be redeemed.');
    },
    onError: (e) => {
      setToVoid(null);
      const message = billingErrorMessage(e);
      if (message !== null) notifications.error('The code could not be voided', message);
    },
  });

  const all = codes.data ?? [];
  const rows = filter === 'all' ? all : all.filter((c) => c.status === filter);
  const count = (f: TCodeFilter) => (f === 'all' ? all.length : all.filter((c) => c.status === f).length);
  const labels = Object.fromEntries(CODE_FILTERS.map((f) => [f, `${FILTER_LABELS[f]} (${count(f)})`])) as Record<TCodeFilter, string>;

  const columns: Column<TPrepaidCode>[] = [
    {
      key: 'code',
      header: 'Code',
      nowrap: true,
      cell: (c) => (
        <code className="billing-masked" title="Only the last 4 characters are kept">
          {c.maskedCode}
        </code>
      ),
    },
    { key: 'plan', header: 'Plan', cell: (c) => c.planName },
    { key: 'group', header: vocab.Word('group'), cell: (c) => c.groupName ?? <span className="muted">Any</span> },
    {
      key: 'created',
      header: 'Created',
      nowrap: true,
      cell: (c) => (
        <div className="person-cell">
          <span>{formatDate(c.createdDate)}</span>
          {c.createdBy && <span className="muted text-sm">by {c.createdBy.name}</span>}
        </div>
      ),
    },
    { key: 'status', header: 'Status', nowrap: true, cell: (c) => <CodeStatus code={c} /> },
    {
      key: 'redeemed',
      header: 'Redeemed By',
      cell: (c) =>
        c.redeemedBy ? (
          <div className="person-cell">
            <span className="table-strong">{c.redeemedBy.name}</span>
            <span className="muted text-sm break-anywhere">{c.redeemedBy.email}</span>
            <span className="muted text-sm">{formatDate(c.redeemedDate)}</span>
          </div>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      nowrap: true,
      cell: (c) =>
        c.abilities.canVoid ? (
          <Button
            variant="ghost"
            size="sm"
            className="billing-danger"
            onClick={() => setToVoid(c)}
            aria-label={`Void code ${c.maskedCode}`}
          >
            Void
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      flush
      className="stacked-table-card"
      title="Prepaid Codes"
      titleId="prepaid-codes-title"
      description="Codes are masked: only their last 4 characters are kept. Void a code that was lost or handed out by mistake."
    >
      {codes.isPending ? (
        <LoadingState />
      ) : (
        <>
          <div className="billing-toolbar">
            <SegmentedControl label="Show codes" values={CODE_FILTERS} labels={labels} value={filter} onChange={setFilter} />
          </div>
          <Table
            label="Prepaid codes"
            columns={columns}
            rows={rows}
            rowKey={(c) => c.codeId}
            rowClassName={(c) => (c.status === 'voided' ? 'billing-row--muted' : undefined)}
            empty={filter === 'all' ? 'No prepaid codes yet.' : `No ${FILTER_LABELS[filter].toLowerCase()} codes.`}
          />
        </>
      )}
      <ConfirmDialog
        open={!!toVoid}
        title="Void this prepaid code?"
        confirmLabel="Void Code"
        destructive
        busy={voidCode.isPending}
        onCancel={() => setToVoid(null)}
        onConfirm={() => toVoid && voidCode.mutate(toVoid.codeId)}
      >
        {toVoid && (
          <p className="muted">
            Code {toVoid.maskedCode} for {toVoid.planName} can no longer be redeemed. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function CodeStatus({ code }: { code: TPrepaidCode }) {
  if (code.status === 'redeemed') return <Badge tone="success">Redeemed</Badge>;
  if (code.status === 'voided')
    return (
      <span className="status-cell">
        <Badge tone="danger">Voided</Badge>
        <span className="muted text-sm">{formatDate(code.voidedDate)}</span>
      </span>
    );
  return <Badge tone="info">Unused</Badge>;
}
