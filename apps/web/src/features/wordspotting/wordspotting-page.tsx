import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useViewer } from '../../app/viewer';
import { WordspottingPanel } from './wordspotting-panel';

/** /wordspotting (002 section 2.9); ?groupId= (from the coach dashboard) preselects that group in the wizard. */
export function WordspottingPage() {
  const viewer = useViewer();
  const [params] = useSearchParams();
  return (
    <div className="page">
      <PageHeader
        title="Wordspotting"
        lead="The words and phrases each recording counts, such as filler words or phrases you want to hear more or less often."
      />
      <WordspottingPanel vocab={viewer.vocab} preselectedGroupId={params.get('groupId')} />
    </div>
  );
}
