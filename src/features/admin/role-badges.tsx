import type { Role } from '../../../sync/roles';
import { Badge } from '../../ui';

const TONE = { reader: 'neutral', author: 'accent', publisher: 'success', admin: 'warning' } as const;

export function RoleBadges({ roles }: { roles: Role[] }) {
  return (
    <span className="role-badges">
      {roles.map((r) => (
        <Badge key={r} tone={TONE[r]}>
          {r}
        </Badge>
      ))}
    </span>
  );
}
