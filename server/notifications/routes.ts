import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

// TODO(helper): the notifications feature's API.
export function notificationRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
