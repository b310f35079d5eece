import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

// TODO(helper): the admin feature's API.
export function adminRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
