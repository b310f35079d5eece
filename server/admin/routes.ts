/**
 * /api/admin: every route needs 'admin:access' (401 signed out, 403 otherwise), checked once
 * here before any sub-router runs. Each area is its own small router.
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { requirePermission } from '../http/guard';
import { auditRoutes } from './audit-routes';
import { betaRequestRoutes } from './beta-requests';
import { dashboardRoutes } from './dashboard';
import { debugReportRoutes } from './debug-reports';
import { roleRequestRoutes } from './role-requests';
import { selfTestRoutes } from './self-test';
import { settingsRoutes } from './settings';
import { userRoutes } from './users';

export function adminRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      requirePermission(c, 'admin:access');
      await next();
    })
    .route('/dashboard', dashboardRoutes(ctx))
    .route('/users', userRoutes(ctx))
    .route('/role-requests', roleRequestRoutes(ctx))
    .route('/beta-requests', betaRequestRoutes(ctx))
    .route('/', auditRoutes(ctx))
    .route('/settings', settingsRoutes(ctx))
    .route('/debug-reports', debugReportRoutes(ctx))
    .route('/self-test', selfTestRoutes(ctx));
}
