import { Navigate, useSearchParams } from 'react-router';
import { dashboardPath, OWN_RECORDINGS } from '@rostrum/contract';
import { PageHeader } from '../../components/page-header';
import { Tabs } from '../../components/tabs';
import { WEB_ROUTES } from '../../app/route-paths';
import { useViewer, type TViewer } from '../../app/viewer';
import { EmailPreferencesForm } from '../account/email-preferences-form';
import { MyGroupsTab } from './my-groups-tab';
import { MyRecordingsTab } from './my-recordings-tab';
import { SharedRecordingsTab } from './shared-recordings-tab';
import { WordspottingPanel } from '../wordspotting/wordspotting-panel';
import './manage.css';

type TManageTab = 'groups' | 'recordings' | 'shared' | 'wordspotting' | 'email';

/**
 * The tabs this user sees (002 section 2.5): the groups tab for coaches and org managers, My
 * Recordings and the group's Shared Recordings (002 section 2.8) for speakers, Wordspotting when a
 * list is the user's to customise (GET me canCustomiseWordspotting), Email Notifications for everyone. The first is the default, except that a user who is both opens on My Recordings in
 * speaker mode.
 */
function visibleTabs(viewer: TViewer): TManageTab[] {
  const coach: TManageTab[] = viewer.manager ? ['groups'] : [];
  const speaker: TManageTab[] = viewer.speaker ? ['recordings', 'shared'] : [];
  const tabs = viewer.manager && viewer.speaker && viewer.mode === 'speaker' ? [...speaker, ...coach] : [...coach, ...speaker];
  const wordspotting: TManageTab[] = viewer.facts.canCustomiseWordspotting ? ['wordspotting'] : [];
  return [...tabs, ...wordspotting, 'email'];
}

function leadText(viewer: TViewer, tabs: TManageTab[]): string {
  const { vocab } = viewer;
  if (tabs.includes('groups') && tabs.includes('recordings')) {
    return `Your ${vocab.word('groups')} and how your ${vocab.word('speakers')} are doing, and your own recordings.`;
  }
  if (tabs.includes('groups')) return `Your ${vocab.word('groups')}, their invite links and how your ${vocab.word('speakers')} are doing.`;
  if (tabs.includes('recordings'))
    return `Your recordings (rename, download, share or submit them to your ${vocab.word('coach')}) and the recordings your ${vocab.word('group')} shared.`;
  return 'Choose which emails you receive.';
}

/**
 * /manage?tab=groups|recordings|shared|wordspotting|email. With Assignments on the dashboards replace it (002
 * section 2.5): coach mode goes to the coach dashboard, speakers to theirs, and tab=email to the
 * email notification settings it names.
 */
export function ManagePage() {
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  if (viewer.assignmentsOn) {
    const to = params.get('tab') === 'email' ? WEB_ROUTES.emailNotifications.path : dashboardPath(viewer.mode);
    return <Navigate to={to} replace />;
  }
  return <ManageTabs viewer={viewer} params={params} setParams={setParams} />;
}

function ManageTabs({
  viewer,
  params,
  setParams,
}: {
  viewer: TViewer;
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const tabs = visibleTabs(viewer);
  const asked = params.get('tab') as TManageTab | null;
  const tab: TManageTab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const { vocab } = viewer;
  const labels: Record<TManageTab, string> = {
    groups: `My ${vocab.Word('groups')}`,
    recordings: OWN_RECORDINGS,
    shared: 'Shared Recordings',
    wordspotting: 'Wordspotting',
    email: 'Email Notifications',
  };
  return (
    <div className="page">
      <PageHeader title="Manage" lead={leadText(viewer, tabs)} />
      <Tabs<TManageTab>
        label="Manage sections"
        idPrefix="manage"
        items={tabs.map((key) => ({ key, label: labels[key] }))}
        selected={tab}
        onSelect={(k) => setParams(k === tabs[0] ? {} : { tab: k }, { replace: true })}
      />
      <div role="tabpanel" id={`manage-panel-${tab}`} aria-labelledby={`manage-tab-${tab}`} className="manage-panel">
        {tab === 'email' && (
          <div className="page-section--narrow">
            <EmailPreferencesForm viewer={viewer} />
          </div>
        )}
        {tab === 'groups' && <MyGroupsTab viewer={viewer} />}
        {tab === 'recordings' && <MyRecordingsTab viewer={viewer} />}
        {tab === 'shared' && <SharedRecordingsTab viewer={viewer} />}
        {tab === 'wordspotting' && <WordspottingPanel vocab={viewer.vocab} />}
      </div>
    </div>
  );
}
