import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, Mic } from 'lucide-react';
import { speakerAssignmentStatus } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { LoadingState } from '../../components/spinner';
import { useViewer } from '../../app/viewer';
import { CollapsiblePanel, DetailsHeader, useAssignmentOrLeave } from './assignment-details-page';
import { AssignmentInfo } from './assignment-info';
import { coachVariant, recordLinkLabel } from './details-model';
import '../manage/manage.css';
import './assignment-details.css';

/**
 * /assignments/{assignmentId}/preview (002 section 2.6, coach): the assignment as its speakers
 * will see it, read-only: the speaker variant's content with every criterion still to do, the
 * record button shown but inert, and no other members' data.
 */
export function AssignmentPreviewPage() {
  const { assignmentId } = useParams();
  const viewer = useViewer();
  const navigate = useNavigate();
  const query = useAssignmentOrLeave(assignmentId, viewer);
  const a = query.data;
  const detailsPath = `/assignment/details/${assignmentId}`;
  // Only the assignment's coaches preview it; anyone else sees their own details page.
  const notCoach = !!a && !coachVariant(a);
  useEffect(() => {
    if (notCoach) navigate(detailsPath, { replace: true });
  }, [notCoach, navigate, detailsPath]);

  if (!a || notCoach) {
    return (
      <div className="page">
        <LoadingState text="Loading the assignment..." />
      </div>
    );
  }
  const speakerView = { ...a, abilities: { ...a.abilities, canEditCriteria: false, canToggleShared: false } };
  return (
    <div className="page assignment-details">
      <div className="preview-banner">
        <Banner
          kind="info"
          inline
          title={`Preview: what ${viewer.vocab.word('speakers')} see`}
          text={`This is the assignment as a ${viewer.vocab.word('speaker')} who has not started it sees it. Nothing here can be changed.`}
        />
      </div>
      <DetailsHeader
        assignment={a}
        viewer={viewer}
        home={detailsPath}
        homeLabel="Assignment Details"
        status={speakerAssignmentStatus(a, 'assigned')}
      >
        <ButtonLink to={detailsPath} variant="secondary" icon={<ArrowLeft size={16} aria-hidden />}>
          Back to Details
        </ButtonLink>
        <Button variant="accent" className="preview-record" aria-disabled="true" tabIndex={-1} icon={<Mic size={16} aria-hidden />}>
          {recordLinkLabel(a.criteria.algorithm)}
        </Button>
      </DetailsHeader>
      <div className="assignment-layout assignment-layout--single">
        <div className="assignment-layout__main stack stack--lg">
          <CollapsiblePanel title="About this assignment" initiallyCollapsed={false}>
            <AssignmentInfo assignment={speakerView} vocab={viewer.vocab} coach={false} met={{}} readOnly />
          </CollapsiblePanel>
        </div>
      </div>
    </div>
  );
}
