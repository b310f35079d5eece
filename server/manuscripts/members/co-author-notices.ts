/**
 * A co-author the owner adds by username (on their device, through sync) hears about it, as one
 * invited by e-mail does: the owner's push that adds them to the manuscript notifies each new
 * member once. Server writes (an accepted invitation adding its invitee) are not announced: the
 * person just answered the invitation themselves (the owner hears of it from answer-invitation.ts).
 */
import type { Manuscript } from '../../../sync/collections/manuscripts';
import type { AppContext } from '../../context';
import { notifyUser } from '../../notifications/notify';

const ROLE_WORDS = { editor: 'an editor', commenter: 'a commenter', viewer: 'a reader' } as const;

export function announceNewCoAuthors(ctx: AppContext): () => void {
  return ctx.docEvents.on('manuscripts', async (write) => {
    if (write.deleted || write.writerId === null) return;
    const m = write.doc as Manuscript;
    const before = new Set(((write.previous as Manuscript | null)?.members ?? []).map((x) => x.userId));
    for (const member of m.members) {
      if (before.has(member.userId) || member.userId === write.writerId) continue;
      await notifyUser(ctx, member.userId, {
        event: 'co_authoring',
        title: `@${m.ownerName} added you to “${m.title}”`,
        body: `You are now ${ROLE_WORDS[member.role]} of the manuscript “${m.title}”. Open it from Write.`,
        link: `/editor/${m.id}`,
      });
    }
  });
}
