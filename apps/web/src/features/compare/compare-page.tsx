import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertTriangle, GitCompare, Link2 } from 'lucide-react';
import { METRIC_TITLES, OWN_RECORDINGS, parseCompareIds, vibeScores } from '@rostrum/contract';
import { notifications } from '../../app/notification-store';
import { WEB_ROUTES } from '../../app/route-paths';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { ChartCard } from '../../components/charts/chart-card';
import { Radar } from '../../components/charts/radar';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/spinner';
import { WaveformController } from '../../components/waveform/waveform-controller';
import { CompareTable } from './compare-table';
import { CompareTake } from './compare-take';
import { COMPARE_TEXT, takeLoad, takesInOrder, type TTake, type TTakeLoad } from './compare-takes';
import { useOnePlaying } from './one-playing';
import '../results/results-charts.css';
import './compare.css';
import { useCompareRecordings } from './compare.queries';

/**
 * /compare?ids=a,b[,c,d] (issue 20): two to four takes side by side. The address is the
 * shareable link; each recording comes from GET recordings/{id}, so the server decides who may
 * see it, and one the caller may not hear shows why instead of the page failing.
 */
export function ComparePage() {
  const [params] = useSearchParams();
  const ids = useMemo(() => parseCompareIds(params.get('ids')), [params]);
  const queries = useCompareRecordings(ids);
  const loads: TTakeLoad[] = ids.map((id, i) => takeLoad(id, queries[i]!));

  if (ids.length < 2) {
    return (
      <div className="page page--narrow">
        <PageHeader title={COMPARE_TEXT.title} />
        <EmptyState icon={<GitCompare aria-hidden />} title={COMPARE_TEXT.tooFew}>
          <p>{COMPARE_TEXT.tooFewText}</p>
          <ButtonLink to={WEB_ROUTES.evaluate.path} variant="secondary">
            {OWN_RECORDINGS}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (loads.some((l) => l.kind === 'loading')) return <LoadingState />;
  const takes = takesInOrder(loads);
  const problems = loads.flatMap((l) => (l.kind === 'problem' ? [l] : []));

  return (
    <div className="page page--compare">
      <PageHeader title={COMPARE_TEXT.title} lead={COMPARE_TEXT.lead} actions={<CopyLinkButton />} />
      <div className="stack stack--lg">
        {problems.length > 0 && (
          <Card className="compare-problems" as="section">
            <ul className="compare-problems__list" aria-label="Recordings that cannot be compared" data-testid="compare-problems">
              {problems.map((p) => (
                <li key={p.id}>
                  <AlertTriangle size={16} aria-hidden />
                  <span>
                    {p.title && <strong>{p.title}: </strong>}
                    {p.message}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
        {takes.length < 2 ? (
          <Card>
            <p className="muted">{COMPARE_TEXT.needTwo}</p>
          </Card>
        ) : (
          <CompareTakes takes={takes} />
        )}
      </div>
    </div>
  );
}

function CompareTakes({ takes }: { takes: TTake[] }) {
  // One controller per take, kept while the same takes are shown.
  const key = takes.map((t) => t.recording.recordingId).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: new controllers only when the takes change, not on every render.
  const controllers = useMemo(() => takes.map(() => new WaveformController()), [key]);
  useOnePlaying(controllers);
  const series = (kind: 'positiveVibes' | 'negativeVibes') =>
    takes.map((t, i) => ({
      id: t.recording.recordingId,
      label: `Take ${i + 1}: ${t.recording.title}`,
      scores: vibeScores(t.scores, kind),
    }));
  return (
    <>
      <section className={`compare-takes compare-takes--${takes.length}`} aria-label="Takes">
        {takes.map((t, i) => (
          <CompareTake key={t.recording.recordingId} take={t} index={i} controller={controllers[i]!} />
        ))}
      </section>
      <Card title="Scores" titleId="compare-scores-title" flush>
        <CompareTable takes={takes} />
      </Card>
      <section className="chart-grid chart-grid--2 compare-radars" aria-label="Vibes">
        {(['positiveVibes', 'negativeVibes'] as const).map((kind) => (
          <ChartCard
            key={kind}
            title={METRIC_TITLES[kind]}
            testId={`compare-${kind}`}
            className="chart-card--radar"
            caption="Scores 0-10, one shape per take"
          >
            <Radar title={METRIC_TITLES[kind]} series={series(kind)} tone={kind === 'positiveVibes' ? 'positive' : 'negative'} />
          </ChartCard>
        ))}
      </section>
    </>
  );
}

/** Copies the page's address: the link to these takes for anyone allowed to hear them. */
function CopyLinkButton() {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      notifications.error('Error', 'The link could not be copied. Copy it from the address bar.');
    }
  };
  return (
    <Button variant="secondary" icon={<Link2 size={16} aria-hidden />} onClick={() => void copy()}>
      {copied ? 'Link copied' : 'Copy link'}
    </Button>
  );
}
