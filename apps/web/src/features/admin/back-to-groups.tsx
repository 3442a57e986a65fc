import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { TViewer } from '../../app/viewer';
import { WEB_ROUTES as R } from '../../app/route-paths';

/** The way back from a group's pages to the groups tab. */
export function BackToGroups({ viewer }: { viewer: TViewer }) {
  return (
    <Link to={R.customerAdminGroups.path} className="back-link">
      <ArrowLeft size={16} aria-hidden />
      Back to Manage {viewer.vocab.Word('groups')}
    </Link>
  );
}
