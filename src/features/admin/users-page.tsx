/**
 * /admin/users: search (debounced, kept in the URL so a search can be shared or reloaded),
 * filters, and per-row actions: roles, suspend / restore, send a password reset, delete.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { listUsers, restoreUser, sendUserReset, type AdminUserRow, type UserListQuery } from '../../../sync/api/admin';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Badge, Button, Page, QueryState, SelectField, Table, TextField, formatDate, type Column } from '../../ui';
import { adminKey, useAdminAction } from './admin-api';
import { Pager, pageParam } from './pager';
import { RoleBadges } from './role-badges';
import { ReasonDialog, RolesDialog } from './user-dialogs';
import './admin.css';
import { useSearchText } from './use-search-text';

const STATUS_TONE = { active: 'success', suspended: 'danger', deleting: 'warning', deleted: 'neutral' } as const;

function useUserSearch() {
  const [params, setParams] = useSearchParams();
  // The URL's values go to the server as they are; it answers 422 to one it does not know.
  const filters = {
    q: params.get('q') ?? '',
    role: (params.get('role') ?? '') as NonNullable<UserListQuery['role']>,
    status: (params.get('status') ?? 'all') as NonNullable<UserListQuery['status']>,
    page: pageParam(params.get('page')),
  };
  const update = (patch: Partial<Record<'q' | 'role' | 'status' | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { filters, update };
}

function Actions({
  user,
  isSelf,
  onRoles,
  onSuspend,
  onDelete,
}: {
  user: AdminUserRow;
  isSelf: boolean;
  onRoles: () => void;
  onSuspend: () => void;
  onDelete: () => void;
}) {
  const restore = useAdminAction(() => call(restoreUser, { params: { id: user.id } }), `${user.displayName} is restored.`);
  const reset = useAdminAction(() => call(sendUserReset, { params: { id: user.id } }), `Reset e-mail sent to ${user.email}.`);
  const label = (action: string) => `${action} ${user.displayName}`;
  return (
    <div className="admin-actions">
      <Button size="sm" variant="secondary" onClick={onRoles} aria-label={label('Edit roles of')}>
        Roles
      </Button>
      {user.status === 'suspended' ? (
        <Button size="sm" variant="secondary" loading={restore.isPending} onClick={() => restore.mutate(undefined)} aria-label={label('Restore')}>
          Restore
        </Button>
      ) : (
        !isSelf && (
          <Button size="sm" variant="ghost" onClick={onSuspend} aria-label={label('Suspend')}>
            Suspend
          </Button>
        )
      )}
      {user.status === 'active' && (
        <Button
          size="sm"
          variant="ghost"
          loading={reset.isPending}
          onClick={() => reset.mutate(undefined)}
          aria-label={`Send reset e-mail to ${user.displayName}`}
          title="Send a password reset e-mail"
        >
          Send reset
        </Button>
      )}
      {!isSelf && user.status !== 'deleting' && (
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={label('Delete the account of')}>
          Delete
        </Button>
      )}
    </div>
  );
}

export function AdminUsersPage() {
  const { user: me } = useSession();
  const { filters, update } = useUserSearch();
  const [text, setText] = useSearchText(filters.q, (q) => update({ q }));
  const [dialog, setDialog] = useState<{ kind: 'roles' | 'suspend' | 'delete'; user: AdminUserRow } | null>(null);

  const query = useQuery({
    queryKey: adminKey('users', filters),
    queryFn: () =>
      call(listUsers, {
        query: { ...filters, status: filters.status === 'all' ? undefined : filters.status, page: filters.page > 1 ? filters.page : undefined },
      }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AdminUserRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (u) => (
        <>
          <strong>{u.displayName}</strong>
          <br />
          <span className="muted">@{u.username}</span>
        </>
      ),
    },
    {
      key: 'email',
      header: 'E-mail',
      render: (u) => (
        <>
          {u.email}
          {!u.emailVerified && (
            <>
              {' '}
              <Badge tone="warning">unverified</Badge>
            </>
          )}
        </>
      ),
    },
    { key: 'roles', header: 'Roles', render: (u) => <RoleBadges roles={u.roles} /> },
    { key: 'status', header: 'Status', render: (u) => <Badge tone={STATUS_TONE[u.status]}>{u.status}</Badge> },
    { key: 'joined', header: 'Joined', render: (u) => formatDate(u.createdAt), className: 'admin-nowrap' },
    {
      key: 'actions',
      header: 'Actions',
      render: (u) => (
        <Actions
          user={u}
          isSelf={u.id === me?.id}
          onRoles={() => setDialog({ kind: 'roles', user: u })}
          onSuspend={() => setDialog({ kind: 'suspend', user: u })}
          onDelete={() => setDialog({ kind: 'delete', user: u })}
        />
      ),
    },
  ];

  return (
    <Page title="Users" description="Search accounts, change roles, suspend or restore, send a password reset, delete." wide>
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text.trim() });
        }}
      >
        <TextField label="Search" type="search" placeholder="E-mail, username or name" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="Role" value={filters.role} onChange={(e) => update({ role: e.target.value })}>
          <option value="">Any role</option>
          <option value="reader">Readers only</option>
          <option value="author">Authors</option>
          <option value="publisher">Publishers</option>
          <option value="admin">Admins</option>
        </SelectField>
        <SelectField label="Status" value={filters.status} onChange={(e) => update({ status: e.target.value === 'all' ? '' : e.target.value })}>
          <option value="all">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
          <option value="deleting">Deletion pending</option>
        </SelectField>
      </form>
      <QueryState query={query} what="The user list" lines={8}>
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {data.total === 1 ? '1 account' : `${data.total} accounts`}
            </p>
            <Table
              caption="Users"
              columns={columns}
              rows={data.items}
              rowKey={(u) => u.id}
              empty={filters.q ? `No account matches "${filters.q}".` : 'No accounts match these filters.'}
            />
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => update({ page: String(p) })} />
          </>
        )}
      </QueryState>
      {dialog?.kind === 'roles' && <RolesDialog user={dialog.user} isSelf={dialog.user.id === me?.id} onClose={() => setDialog(null)} />}
      {(dialog?.kind === 'suspend' || dialog?.kind === 'delete') && <ReasonDialog kind={dialog.kind} user={dialog.user} onClose={() => setDialog(null)} />}
    </Page>
  );
}
