import { useState } from 'react';
import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { ADMIN_USERS_MSG, compareByLastFirst, groupRoleWord, matchesUserSearch, orgRolesWord, type TAdminUser } from '@rostrum/contract';
import { Banner } from '../../components/banner';
import { Card } from '../../components/card';
import { LoadingState } from '../../components/spinner';
import { Badge } from '../../components/status-badge';
import { Table, type Column } from '../../components/table';
import { TextField } from '../../components/text-field';
import { useViewer } from '../../app/viewer';
import { WEB_ROUTES as R } from '../../app/route-paths';
import { useAdminUserList, useAdminUserSearch } from './admin-users.queries';
import { DeleteUserAction } from '../account/delete-account-card';
import './admin-users.css';

export const userRolesPath = (userId: string) => R.customerAdminUser.path.replace(':userId', encodeURIComponent(userId));

/**
 * /customer-admin/users (000 section 2.11): every keystroke filters on email or name. Below the
 * cap the whole list is loaded once and filtered here; at the cap (1000 users) the server
 * answers each search instead.
 */
export function AdminUsersPage() {
  const { org, vocab } = useViewer();
  const [search, setSearch] = useState('');
  const q = search.trim();
  const all = useAdminUserList();
  const tooMany = all.data?.tooMany ?? false;
  const searched = useAdminUserSearch(q, tooMany && q.length > 0);

  if (all.isPending) return <LoadingState />;

  const source = tooMany ? (q ? (searched.data?.users ?? []) : []) : (all.data?.users ?? []);
  const rows = source.filter((u) => matchesUserSearch(u, q)).sort(compareByLastFirst);

  const groupText = (g: TAdminUser['activeGroups'][number]) =>
    `${g.name}: ${g.isPseudoGroup ? orgRolesWord(g.roles, org.type) : g.roles.map((r) => groupRoleWord(r, org.type)).join(', ')}`;
  const columns: Column<TAdminUser>[] = [
    { key: 'name', header: 'Name', cell: (u) => <span className="table-strong">{u.name}</span> },
    { key: 'email', header: 'Email', cell: (u) => <span className="admin-users__email">{u.email}</span> },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      cell: (u) => (
        <div className="admin-users__status">
          <Badge tone={u.status === 'active' ? 'success' : undefined}>{u.status === 'active' ? 'Active' : 'Inactive'}</Badge>
          <span className="admin-users__type">
            {u.membershipType === 'coach/admin' ? `${vocab.word('coach')}/admin` : vocab.word('speaker')}
          </span>
        </div>
      ),
    },
    {
      key: 'groups',
      header: `Active ${vocab.Word('groups')}`,
      cell: (u) =>
        u.activeGroups.length ? (
          <ul className="admin-users__groups">
            {u.activeGroups.map((g) => (
              <li key={g.groupId}>{groupText(g)}</li>
            ))}
          </ul>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      nowrap: true,
      cell: (u) => (
        <>
          <Link to={userRolesPath(u.userId)} className="admin-users__action">
            View User<span className="visually-hidden"> {u.name}</span>
          </Link>
          <DeleteUserAction user={u} />
        </>
      ),
    },
  ];

  const total = all.data?.total ?? 0;
  return (
    <Card
      flush
      title="Manage Users"
      titleId="admin-users-title"
      description={`${total} ${total === 1 ? 'user' : 'users'} in ${org.name}. Open a user to change their roles.`}
    >
      <div className="admin-users__toolbar">
        <TextField
          label="Search users"
          type="search"
          value={search}
          onValueChange={setSearch}
          placeholder={ADMIN_USERS_MSG.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          className="admin-users__search"
        />
        <Search className="admin-users__search-icon" size={16} aria-hidden />
      </div>
      {tooMany && (
        <div className="admin-users__notice">
          <Banner kind="info" inline title={ADMIN_USERS_MSG.tooManyUsers} />
        </div>
      )}
      {(!tooMany || q) && (
        <div className="admin-stack-table">
          <Table
            label={`Users of ${org.name}`}
            columns={columns}
            rows={rows}
            rowKey={(u) => u.userId}
            empty={tooMany && searched.isFetching ? 'Searching…' : ADMIN_USERS_MSG.noResults}
          />
        </div>
      )}
    </Card>
  );
}
