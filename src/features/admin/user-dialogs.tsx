/** The dialogs of /admin/users: edit roles (checkboxes) and suspend (reason required). */
import { useState } from 'react';
import { GRANTABLE_ROLES, type GrantableRole } from '../../../sync/roles';
import { SUSPEND_REASON_MAX, setUserRoles, suspendUser, type AdminUserRow } from '../../../sync/api/admin';
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

export function SuspendDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const suspend = useAdminAction((why: string) => call(suspendUser, { params: { id: user.id }, body: { reason: why } }), `${user.displayName} is suspended.`);
  const fields = fieldErrorsOf(suspend.error);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Suspend ${user.displayName}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={suspend.isPending} onClick={() => suspend.mutate(reason, { onSuccess: onClose })}>
            Suspend account
          </Button>
        </>
      }
    >
      <p>They are signed out everywhere and cannot sign in until the account is restored.</p>
      <TextArea
        label="Reason"
        hint="Kept in the audit log."
        value={reason}
        maxLength={SUSPEND_REASON_MAX}
        required
        error={fields.reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}
