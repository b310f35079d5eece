import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

// TODO(helper): the dev feature's API.
export function devRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
