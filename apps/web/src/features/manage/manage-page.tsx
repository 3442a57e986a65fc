import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Tabs } from '../../components/tabs';
import { useViewer } from '../../app/viewer';
import { EmailPreferencesForm } from '../account/email-preferences-form';
import { MyGroupsTab } from './my-groups-tab';

type TManageTab = 'groups' | 'email';

/** /manage?tab (Assignments off): the coach's groups, and tab=email for email settings. */
export function ManagePage() {
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  const tab: TManageTab = params.get('tab') === 'email' ? 'email' : 'groups';
  const { vocab } = viewer;
  return (
    <div className="page">
      <PageHeader title="Manage" lead={`Your ${vocab.word('groups')}, their invite links and how your ${vocab.word('speakers')} are doing.`} />
      <Tabs<TManageTab>
        label="Manage sections"
        idPrefix="manage"
        items={[
          { key: 'groups', label: `My ${vocab.Word('groups')}` },
          { key: 'email', label: 'Email Notifications' },
        ]}
        selected={tab}
        onSelect={(k) => setParams(k === 'email' ? { tab: 'email' } : {}, { replace: true })}
      />
      <div role="tabpanel" id={`manage-panel-${tab}`} aria-labelledby={`manage-tab-${tab}`}>
        {tab === 'email' ? (
          <div className="page-section--narrow">
            <EmailPreferencesForm viewer={viewer} />
          </div>
        ) : (
          <MyGroupsTab viewer={viewer} />
        )}
      </div>
    </div>
  );
}
