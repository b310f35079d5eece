/** The dialogs of /admin/users: edit roles (checkboxes); suspend and delete (reason required). */
import { useState } from 'react';
import { GRANTABLE_ROLES, type GrantableRole } from '../../../sync/roles';
import { SUSPEND_REASON_MAX, deleteUser, setUserRoles, suspendUser, type AdminUserRow } from '../../../sync/api/admin';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Checkbox, Dialog, FormError, TextArea } from '../../ui';
import { useAdminAction } from './admin-api';

const ROLE_HINTS: Record<GrantableRole, string> = {
  author: 'Write manuscripts and submit books.',
  publisher: 'Manage an imprint and its catalogue.',
  admin: 'Everything under /admin. Grant with care.',
};

export function RolesDialog({ user, isSelf, onClose }: { user: AdminUserRow; isSelf: boolean; onClose: () => void }) {
  const [roles, setRoles] = useState<GrantableRole[]>(user.roles.filter((r): r is GrantableRole => r !== 'reader'));
  const save = useAdminAction(
    (next: GrantableRole[]) => call(setUserRoles, { params: { id: user.id }, body: { roles: next } }),
    `Roles of ${user.displayName} saved.`,
  );
  const toggle = (role: GrantableRole, on: boolean) => setRoles((all) => (on ? [...all, role] : all.filter((r) => r !== role)));
  const fields = fieldErrorsOf(save.error);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Roles of ${user.displayName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate(roles, { onSuccess: onClose })}>
            Save roles
          </Button>
        </>
      }
    >
      <p className="muted">Every account is a reader. Changing roles signs the person's devices into a fresh session.</p>
      {GRANTABLE_ROLES.map((role) => (
        <Checkbox
          key={role}
          label={role[0]!.toUpperCase() + role.slice(1)}
          hint={isSelf && role === 'admin' ? "You can't remove your own admin role." : ROLE_HINTS[role]}
          checked={roles.includes(role)}
          disabled={isSelf && role === 'admin'}
          onChange={(e) => toggle(role, e.target.checked)}
        />
      ))}
      <FormError>{fields.roles ?? (save.error && !Object.keys(fields).length ? errorMessage(save.error) : null)}</FormError>
    </Dialog>
  );
}

/** What a reason-taking action does to the account, in the dialog's words. */
const REASON_ACTIONS = {
  suspend: {
    endpoint: suspendUser,
    title: 'Suspend',
    explain: 'They are signed out everywhere and cannot sign in until the account is restored.',
    button: 'Suspend account',
    done: 'is suspended.',
  },
  delete: {
    endpoint: deleteUser,
    title: 'Delete the account of',
    explain: 'They are signed out everywhere and e-mailed. The account is erased after the grace period unless they sign in and undo it.',
    button: 'Delete account',
    done: 'is scheduled for deletion.',
  },
} as const;

/** Suspend or delete: both need a reason, which goes into the audit log. */
export function ReasonDialog({ kind, user, onClose }: { kind: keyof typeof REASON_ACTIONS; user: AdminUserRow; onClose: () => void }) {
  const action = REASON_ACTIONS[kind];
  const [reason, setReason] = useState('');
  const run = useAdminAction((why: string) => call(action.endpoint, { params: { id: user.id }, body: { reason: why } }), `${user.displayName} ${action.done}`);
  const fields = fieldErrorsOf(run.error);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${action.title} ${user.displayName}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={run.isPending} onClick={() => run.mutate(reason, { onSuccess: onClose })}>
            {action.button}
          </Button>
        </>
      }
    >
      <p>{action.explain}</p>
      <TextArea
        label="Reason"
        hint="Kept in the audit log."
        value={reason}
        maxLength={SUSPEND_REASON_MAX}
        required
        error={fields.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {run.error && !fields.reason && <FormError>{errorMessage(run.error)}</FormError>}
    </Dialog>
  );
}
