import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

// TODO(helper): the auth feature's API.
export function authRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
