/** /api/admin/image-system-status and "reprocess failed" (admins, 'jobs:manage'; the command is audited). */
import { Hono } from 'hono';
import * as api from '../../sync/api/admin-jobs';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requirePermission } from '../http/guard';
import { imageSystemStatus } from './status';
import { reprocessFailed } from './variants';

export function adminImageRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const at = '/api/admin';
  on(router, at, api.getImageSystemStatus, async (c) => {
    requirePermission(c, 'jobs:manage');
    return imageSystemStatus(ctx.db);
  });
  on(router, at, api.reprocessFailedImages, async (c) => {
    const user = requirePermission(c, 'jobs:manage');
    const result = await reprocessFailed(ctx);
    await recordAudit(ctx.db, ctx.now(), {
      actor: { id: user.id, username: user.username },
      ip: c.get('ip'),
      action: 'images.reprocessed',
      targetType: 'image_variants',
      detail: result,
    });
    return result;
  });
  return router;
}
