import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

// TODO(helper): the books feature's API.
export function bookRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
