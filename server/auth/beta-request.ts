/** A request to join the private beta, reviewed at /admin/beta-requests. A repeat while one is
 * pending changes nothing and gets the same answer. */
import type { z } from 'zod';
import type { BetaRequestInput } from '../../sync/api/auth';
import type { AppContext } from '../context';
import { newId } from '../http/ids';

export async function fileBetaRequest(ctx: AppContext, input: z.output<typeof BetaRequestInput>): Promise<void> {
  const pending = await ctx.db.selectFrom('betaRequests').select('id').where('email', '=', input.email).where('status', '=', 'pending').executeTakeFirst();
  if (pending) return;
  await ctx.db
    .insertInto('betaRequests')
    .values({
      id: newId(),
      name: input.name,
      email: input.email,
      interest: input.interest,
      reason: input.reason,
      status: 'pending',
      note: '',
      createdAt: ctx.now(),
      decidedAt: null,
      decidedBy: null,
    })
    .execute();
}
