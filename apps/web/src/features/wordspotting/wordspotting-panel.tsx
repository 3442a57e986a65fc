import { useState } from 'react';
import { Building2, ListChecks, Lock, Pencil, RotateCcw, SlidersHorizontal, User, Users } from 'lucide-react';
import { FILLER_PHRASE, WORDSPOTTING_MSG, type TVocabulary, type TWordspottingList, type TWordspottingPage } from '@rostrum/contract';
import { notifications } from '../../app/notification-store';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { formatDate } from '../../components/date-format';
import { AlertDialog, ConfirmDialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/spinner';
import { canStartWizard, editChoice, startChoice, type TWizardChoice } from './wizard-model';
import { WordspottingWizard, describeScope } from './wordspotting-wizard';
import { resetFailure, useResetWordspottingList, useWordspottingPage } from './wordspotting.queries';
import './wordspotting.css';

/**
 * The wordspotting lists and their wizard (002 sections 2.5 and 2.9), on the /wordspotting page
 * and the Manage page's Wordspotting tab: the lists by recording type, Edit and Reset where the
 * server's abilities allow, and "Customise a list" when the caller has somewhere to add one.
 */
export function WordspottingPanel({ vocab, preselectedGroupId }: { vocab: TVocabulary; preselectedGroupId?: string | null }) {
  const page = useWordspottingPage();
  // ready (null) or a run of the wizard; each run is keyed so it starts afresh.
  const [run, setRun] = useState<{ id: number; start: TWizardChoice } | null>(null);
  const [resetting, setResetting] = useState<TWordspottingList | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  const reset = useResetWordspottingList({
    onSuccess: (l) => {
      setResetting(null);
      notifications.success('Wordspotting list reset', `${listTitle(l, vocab)} now uses the next list that applies.`);
    },
    onError: (e) => {
      setResetting(null);
      const failure = resetFailure(e);
      if ('alert' in failure) setAlert(failure.alert);
      else notifications.error(failure.toast);
    },
  });

  if (page.isPending) return <LoadingState text="Loading wordspotting lists..." />;
  if (page.isError || !page.data)
    return <Banner inline kind="error" title="The wordspotting lists could not be loaded" text="Please reload the page." />;
  const data = page.data;
  const algorithms = data.algorithms.map((a) => a.name);
  const open = (start: TWizardChoice) => setRun((r) => ({ id: (r?.id ?? 0) + 1, start }));

  const onSaved = (saved: TWordspottingList) => {
    const choice = editChoice(saved);
    setRun(null);
    notifications.success(
      'Wordspotting list saved',
      `${describeScope(choice, data, vocab)}, ${labelOf(data, saved.algorithm)}: ${saved.words.length} ${saved.words.length === 1 ? 'phrase' : 'phrases'}.`,
    );
  };

  return (
    <div className="ws-panel stack stack--xl">
      {!run && canStartWizard(data.targets) && (
        <div className="ws-toolbar">
          <p className="muted ws-toolbar__text">
            Recordings count the most specific list that applies: an assignment's own list, then a personal list, then the{' '}
            {vocab.word('group')}'s, then the organisation's, then the default.
          </p>
          <Button
            icon={<SlidersHorizontal size={16} aria-hidden />}
            onClick={() => open(startChoice(data.targets, algorithms, preselectedGroupId))}
          >
            Customise a list
          </Button>
        </div>
      )}
      {run && (
        <WordspottingWizard key={run.id} page={data} start={run.start} vocab={vocab} onSaved={onSaved} onCancel={() => setRun(null)} />
      )}
      {data.lists.length === 0 ? (
        <Card>
          <EmptyState icon={<ListChecks size={24} aria-hidden />} title="No wordspotting lists">
            <p className="muted">Your organisation has no recording types set up yet.</p>
          </EmptyState>
        </Card>
      ) : (
        data.algorithms.map((alg) => {
          const lists = data.lists.filter((l) => l.algorithm === alg.name);
          if (lists.length === 0) return null;
          const headingId = `ws-type-${alg.name}`;
          return (
            <section key={alg.name} className="ws-type" aria-labelledby={headingId}>
              <h2 className="ws-type__title" id={headingId}>
                {alg.label}{' '}
                <span className="ws-type__count">
                  {lists.length} {lists.length === 1 ? 'list' : 'lists'}
                </span>
              </h2>
              <ul className="ws-lists">
                {lists.map((l) => (
                  <ListCard
                    key={`${l.scope}-${l.scopeId ?? 'default'}`}
                    list={l}
                    algorithmLabel={alg.label}
                    vocab={vocab}
                    busy={reset.isPending && resetting === l}
                    onEdit={() => open(editChoice(l))}
                    onReset={() => setResetting(l)}
                  />
                ))}
              </ul>
            </section>
          );
        })
      )}
      <ConfirmDialog
        open={resetting !== null}
        title="Reset this list?"
        confirmLabel="Reset"
        destructive
        busy={reset.isPending}
        onConfirm={() => resetting && reset.mutate(resetting)}
        onCancel={() => setResetting(null)}
      >
        <p>{WORDSPOTTING_MSG.resetConfirm}</p>
      </ConfirmDialog>
      <AlertDialog message={alert} onClose={() => setAlert(null)} />
    </div>
  );
}

const labelOf = (page: TWordspottingPage, algorithm: string) => page.algorithms.find((a) => a.name === algorithm)?.label ?? algorithm;

/** "Default list", "Northwind (organisation)", "Sales Team (group)", "My account". */
function listTitle(l: TWordspottingList, vocab: TVocabulary): string {
  if (l.scope === 'default') return 'The default list';
  if (l.scope === 'org') return `${l.name} (organisation)`;
  if (l.scope === 'group') return `${l.name} (${vocab.word('group')})`;
  return 'My account';
}

const SCOPE_ICON = { default: ListChecks, org: Building2, group: Users, user: User } as const;

function ListCard({
  list: l,
  algorithmLabel,
  vocab,
  busy,
  onEdit,
  onReset,
}: {
  list: TWordspottingList;
  algorithmLabel: string;
  vocab: TVocabulary;
  busy: boolean;
  onEdit: () => void;
  onReset: () => void;
}) {
  const Icon = SCOPE_ICON[l.scope];
  const kind =
    l.scope === 'default' ? 'Default' : l.scope === 'org' ? 'Organisation' : l.scope === 'group' ? vocab.Word('group') : 'Personal';
  const which = ` the ${l.scope === 'default' ? 'default' : l.name} list (${algorithmLabel})`;
  return (
    <li className={`card ws-list ws-list--${l.scope}`} data-testid="wordspotting-list">
      <div className="ws-list__head">
        <span className="icon-tile ws-list__icon">
          <Icon size={18} aria-hidden />
        </span>
        <div className="ws-list__heading">
          <p className="eyebrow">{kind}</p>
          <h3 className="ws-list__name">{l.name}</h3>
        </div>
      </div>
      <ul className="chips" aria-label={`Phrases of${which}`}>
        {l.words.map((w) => (
          <li key={w} className={w === FILLER_PHRASE ? 'chip chip--muted' : 'chip'}>
            {w === FILLER_PHRASE && <Lock size={11} aria-hidden />}
            {w}
          </li>
        ))}
      </ul>
      <div className="ws-list__foot">
        <p className="ws-list__meta">
          {l.updatedAt ? `Updated ${formatDate(l.updatedAt)}` : 'Built in: counts filler words such as "uh" and "um"'}
        </p>
        {(l.abilities.canEdit || l.abilities.canReset) && (
          <div className="ws-list__actions">
            {l.abilities.canEdit && (
              <Button variant="secondary" size="sm" icon={<Pencil size={14} aria-hidden />} onClick={onEdit}>
                Edit<span className="visually-hidden">{which}</span>
              </Button>
            )}
            {l.abilities.canReset && (
              <Button variant="ghost" size="sm" icon={<RotateCcw size={14} aria-hidden />} onClick={onReset} busy={busy}>
                Reset<span className="visually-hidden">{which}</span>
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
