import { NavLink, Outlet } from 'react-router';
import { ORG_EXPIRY_WARNING_DAYS, orgExpiryWarning } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { formatDate } from '../../components/date-format';
import { useViewer } from '../../app/viewer';
import { WEB_ROUTES as R } from '../../app/route-paths';
import { SeatStats } from './seat-stats';
import './admin.css';

/**
 * The organisation admin area (000 section 2.11): the heading with the access expiry, the
 * invoice warning, the seat statistics and the tabs (the spec's four, then plans, prepaid codes
 * and the ledger of issue 17, then the organisation's settings). Each tab is its own route, so the
 * tabs are links (a navigation), not a tablist.
 */
export function AdminArea() {
  const viewer = useViewer();
  const { org, vocab } = viewer;
  const heading = `Admin: ${org.name}${org.orgExpirationDate ? ` (Access Expires: ${formatDate(org.orgExpirationDate)})` : ''}`;
  const tabs = [
    { to: R.customerAdminGroups.path, label: `Manage ${vocab.Word('groups')}` },
    { to: R.customerAdminInvites.path, label: `Add ${vocab.Word('coach')}` },
    { to: R.customerAdminUsers.path, label: 'Manage Users' },
    { to: R.customerAdminPendingInvites.path, label: 'Pending Invites' },
    { to: R.customerAdminPlans.path, label: 'Plans' },
    { to: R.customerAdminPrepaidCodes.path, label: 'Prepaid Codes' },
    { to: R.customerAdminLedger.path, label: 'Ledger' },
    { to: R.customerAdminPracticePrompts.path, label: 'Practice Prompts' },
    { to: R.customerAdminLti.path, label: 'LTI' },
    { to: R.customerAdminSettings.path, label: 'Settings' },
  ];
  return (
    <div className="page admin-area">
      <header className="page-header">
        <div>
          <p className="page-header__eyebrow">Organization admin</p>
          <h1>{heading}</h1>
        </div>
      </header>
      {orgExpiryWarning(org.orgExpirationDate, new Date(), ORG_EXPIRY_WARNING_DAYS) && (
        <Banner kind="warning" inline title="Your Invoice Date is Approaching" />
      )}
      <SeatStats viewer={viewer} />
      <nav className="tabs" aria-label="Admin sections">
        {tabs.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            className="tabs__tab"
            // Group pages (edit, members) belong to the groups tab, user pages to the users tab.
            end={false}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
