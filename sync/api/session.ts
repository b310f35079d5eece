import type { Role } from '../roles';

/** GET /api/auth/me: the signed-in account, or null. */
export interface Me {
  id: string;
  email: string;
  username: string;
  displayName: string;
  roles: Role[];
  status: 'active' | 'suspended' | 'deleting';
  emailVerified: boolean;
  theme: string;
  deletionDueAt: number | null;
}
export interface MeResponse {
  user: Me | null;
}
