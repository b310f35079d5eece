import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

// TODO(helper): the account feature's API.
export function accountRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
