import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { formatPlanPrice, PLAN_LIMITS, sortPlans, type TAdminPlan, type TCreatePlanBody } from '@rostrum/contract';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { ConfirmDialog } from '../../components/dialog';
import { LoadingState } from '../../components/spinner';
import { Badge } from '../../components/status-badge';
import { Table, type Column } from '../../components/table';
import { TextField } from '../../components/text-field';
import { bindField } from '../../components/field-binding';
import { notifications } from '../../app/notification-store';
import { durationText, planFormDefaults, planFormSchema, type TPlanFormValues } from './billing-rules';
import { PaymentMethodsCard } from './payment-methods-card';
import { billingErrorMessage, useAdminPlans, useSavePlan, useSetPlanArchived } from './admin-billing.queries';
import './admin-billing.css';

/** 'new' opens the empty form; a plan opens it filled in. */
type TEditing = TAdminPlan | 'new' | null;

/**
 * /customer-admin/plans (issue 17): the organisation's plans, by price descending, with add, edit
 * and archive, and its payment methods (cards and prepaid codes, or prepaid codes only).
 */
export function AdminPlansPage() {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<TEditing>(null);
  const [toArchive, setToArchive] = useState<TAdminPlan | null>(null);

  const setArchived = useSetPlanArchived({
    onSuccess: (saved) => {
      setToArchive(null);
      notifications.success(saved.archived ? `${saved.name} is archived` : `${saved.name} is offered again`);
    },
    onError: (e) => {
      setToArchive(null);
      const message = billingErrorMessage(e);
      if (message !== null) notifications.error('The plan could not be changed', message);
    },
  });

  if (plans.isPending) return <LoadingState />;
  const rows = sortPlans(plans.data ?? []);

  const columns: Column<TAdminPlan>[] = [
    {
      key: 'name',
      header: 'Plan',
      cell: (p) => (
        <span className="billing-plan-name">
          <span className="table-strong">{p.name}</span>
          {p.archived && <Badge>Archived</Badge>}
        </span>
      ),
    },
    { key: 'price', header: 'Price', numeric: true, nowrap: true, cell: (p) => formatPlanPrice(p.price) },
    { key: 'duration', header: 'Duration', nowrap: true, cell: (p) => durationText(p.duration) },
    { key: 'recurring', header: 'Auto-renew', nowrap: true, cell: (p) => (p.recurring ? 'Yes' : 'No') },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      cell: (p) => (p.archived ? <span className="muted">Not offered</span> : <Badge tone="success">Offered</Badge>),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      nowrap: true,
      cell: (p) => (
        <div className="billing-actions">
          <Button variant="secondary" size="sm" onClick={() => setEditing(p)} aria-label={`Edit plan ${p.name}`}>
            Edit
          </Button>
          {p.archived ? (
            <Button
              variant="ghost"
              size="sm"
              busy={setArchived.isPending && setArchived.variables?.plan.planId === p.planId}
              onClick={() => setArchived.mutate({ plan: p, archived: false })}
              aria-label={`Unarchive plan ${p.name}`}
            >
              Unarchive
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setToArchive(p)} aria-label={`Archive plan ${p.name}`}>
              Archive
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="stack stack--lg">
      {editing && (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.planId}
          plan={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <Card
        flush
        className="stacked-table-card"
        title="Plans"
        titleId="admin-plans-title"
        description="What speakers can pay for on the Subscription page, by price. Archived plans are no longer offered; prepaid codes already handed out for them still work."
        actions={
          !editing && (
            <Button icon={<Plus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              Add Plan
            </Button>
          )
        }
      >
        <Table
          label="Plans"
          columns={columns}
          rows={rows}
          rowKey={(p) => p.planId}
          rowClassName={(p) => (p.archived ? 'billing-row--muted' : undefined)}
          empty="No plans yet. Add one so speakers can pay for access."
        />
      </Card>
      <PaymentMethodsCard />
      <ConfirmDialog
        open={!!toArchive}
        title="Archive this plan?"
        confirmLabel="Archive"
        busy={setArchived.isPending}
        onCancel={() => setToArchive(null)}
        onConfirm={() => toArchive && setArchived.mutate({ plan: toArchive, archived: true })}
      >
        {toArchive && (
          <p className="muted">
            {toArchive.name} is no longer offered on the Subscription page and gets no new prepaid codes. Codes already handed out still
            work. You can unarchive it later.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function PlanForm({ plan, onDone }: { plan: TAdminPlan | null; onDone: () => void }) {
  const form = useForm<TPlanFormValues, unknown, TCreatePlanBody>({
    resolver: zodResolver(planFormSchema),
    defaultValues: planFormDefaults(plan),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const save = useSavePlan(plan, {
    onSuccess: (saved) => {
      notifications.success(plan ? `${saved.name} is saved` : `${saved.name} is added`);
      onDone();
    },
    onError: (e) => {
      const message = billingErrorMessage(e);
      if (message !== null) notifications.error('The plan could not be saved', message);
    },
  });
  const submit = form.handleSubmit((body) => save.mutate(body));
  const title = plan ? `Edit Plan: ${plan.name}` : 'Add Plan';

  return (
    <Card title={title} titleId="plan-form-title" description="Price in dollars; the duration is how many days one payment gives.">
      <form className="stack stack--lg" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="plan-form-title">
        <div className="billing-form-grid">
          <Controller
            control={form.control}
            name="name"
            render={(c) => <TextField label="Plan name" {...bindField(c)} maxLength={PLAN_LIMITS.nameMax} required autoComplete="off" />}
          />
          <Controller
            control={form.control}
            name="price"
            render={(c) => (
              <TextField label="Price (USD)" {...bindField(c)} inputMode="decimal" required autoComplete="off" hint="For example 12.00" />
            )}
          />
          <Controller
            control={form.control}
            name="duration"
            render={(c) => (
              <TextField
                label="Duration (days)"
                {...bindField(c)}
                inputMode="numeric"
                required
                autoComplete="off"
                hint={`1 to ${PLAN_LIMITS.durationDaysMax}; 30 for a month, 365 for a year`}
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="recurring"
          render={(c) => (
            <Checkbox checked={c.field.value} onCheckedChange={c.field.onChange} name="recurring">
              Auto-renew: a card payment renews at the end of each period
            </Checkbox>
          )}
        />
        <div className="form-actions">
          <Button type="submit" busy={save.isPending}>
            {plan ? 'Save Plan' : 'Add Plan'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
