/**
 * "Roles": what the account holds, its applications with their decisions, and the forms to
 * apply for the roles it does not hold yet (one pending application per role at a time).
 */
import { useEffect, useRef } from 'react';
import type { MyRoleRequest, RoleRequestsResponse } from '../../../sync/api/account';
import { can, REQUESTABLE_ROLES, type Role } from '../../../sync/roles';
import { useRefreshSession, useSession } from '../../lib/session';
import { Badge, Card, formatDate, Notice, QueryState } from '../../ui';
import { RoleApplicationForm } from './role-application-form';
import { useRoleRequests } from './settings-api';

const ROLE_LABEL: Record<Role, string> = { reader: 'Reader', author: 'Author', publisher: 'Publisher', admin: 'Admin' };
const STATUS = {
  pending: { tone: 'warning', label: 'Waiting for a decision' },
  approved: { tone: 'success', label: 'Approved' },
  rejected: { tone: 'danger', label: 'Not approved' },
} as const;

function Application({ request, held }: { request: MyRoleRequest; held: boolean }) {
  const status = STATUS[request.status];
  return (
    <li>
      <div className="row">
        <strong>{ROLE_LABEL[request.role]}</strong>
        {request.imprintName && <span className="muted">“{request.imprintName}”</span>}
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="muted">
          applied {formatDate(request.createdAt)}
          {request.decidedAt ? ` · decided ${formatDate(request.decidedAt)}` : ''}
        </span>
      </div>
      {request.status === 'approved' && held && <p className="application-active">✓ Your {request.role} role is active.</p>}
      {request.note && <p className="application-note">Note from the Quire team: {request.note}</p>}
    </li>
  );
}

/** When the server's roles differ from the session's (an admin approved meanwhile), refresh it. */
function useSessionFollowsRoles(data: RoleRequestsResponse | undefined) {
  const { user } = useSession();
  const refresh = useRefreshSession();
  const last = useRef('');
  useEffect(() => {
    if (!data || !user) return;
    const server = [...data.roles].sort().join();
    if (server !== [...user.roles].sort().join() && last.current !== server) {
      last.current = server;
      void refresh();
    }
  }, [data, user, refresh]);
}

export function RolesCard() {
  const query = useRoleRequests();
  const { user } = useSession();
  useSessionFollowsRoles(query.data);
  return (
    <Card title="Roles">
      <QueryState query={query} what="Your roles">
        {({ roles, requests }) => {
          const pending = new Set(requests.filter((r) => r.status === 'pending').map((r) => r.role));
          const open = REQUESTABLE_ROLES.filter((role) => !roles.includes(role) && !pending.has(role));
          return (
            <>
              <div className="settings-roles" aria-label="Your roles">
                {roles.map((role) => (
                  <Badge key={role} tone={role === 'reader' ? 'neutral' : 'accent'}>
                    {ROLE_LABEL[role]}
                  </Badge>
                ))}
              </div>
              {requests.length > 0 && (
                <>
                  <h3>Your applications</h3>
                  <ul className="application-list">
                    {requests.map((r) => (
                      <Application key={r.id} request={r} held={roles.includes(r.role)} />
                    ))}
                  </ul>
                </>
              )}
              {open.length > 0 &&
                (user && !can(user, 'role:request') ? (
                  <Notice tone="info">Applications are closed while your account is scheduled for deletion.</Notice>
                ) : (
                  <div className="settings-apply">
                    {open.map((role) => (
                      <RoleApplicationForm key={role} role={role} />
                    ))}
                  </div>
                ))}
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
