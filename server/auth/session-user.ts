/**
 * The signed-in person as every request sees it. Its own module so server/context.ts can name it
 * without importing the session code (which itself needs the context): no import loop.
 */
import type { Role } from '../../sync/roles';
import type { UserStatus } from '../db/schema';

export interface SessionUser {
  id: string;
  email: string;
  username: string;
  displayName: string;
  roles: Role[];
  status: Exclude<UserStatus, 'deleted'>;
  emailVerified: boolean;
  theme: string;
  deletionDueAt: number | null;
}
