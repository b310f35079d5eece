/**
 * The demo catalogue's authors as accounts, so each has an author page (/authors, /author/{id})
 * that readers can follow and message. They have no password (nobody signs in as them; e-mailed
 * codes would land in the local outbox) and stable ids (`demo-author-<name>`). Like the demo
 * accounts, an account that exists — by e-mail or username — is left exactly as it is; the
 * books are credited to whichever account holds the demo address.
 */
import { newUserRow } from '../auth/users';
import type { AppContext } from '../context';

/** Every demo author but Ada Author (the demo author account), with a line of biography. */
const DEMO_AUTHORS: { name: string; bio: string }[] = [
  { name: 'Amara Quist', bio: 'Poet of small rooms and big weather. Reads her work aloud at kitchen tables whenever she is asked twice.' },
  { name: 'Conrad Vale', bio: 'Former ferry purser who now writes thrillers set on boats, trains and anything else that leaves on time.' },
  { name: 'Dev Anand Sorel', bio: 'Writes science fiction about the quiet edges of the solar system, between shifts as a radio engineer.' },
  { name: 'Élodie Garnier', bio: 'Écrit sur l’Ardèche, les abeilles et les familles qui se parlent peu. Vit entre Lyon et la ferme de sa grand-mère.' },
  { name: 'Hannah Brisk', bio: 'Baker, teacher and keeper of a sourdough starter older than her children.' },
  { name: 'Hester Quill', bio: 'Writes cosy mysteries about village fêtes, missing marrows and the vicars who know too much.' },
  { name: 'Ines Marwood', bio: 'Poet and night-bus regular. Her poems are mostly written between stops.' },
  { name: 'Isobel Marchetti', bio: 'Historian of maps and the people who drew them; her novels follow Lucia, a cartographer in sixteenth-century Venice.' },
  { name: 'June Okafor-Lind', bio: 'Writes poems on the backs of seed packets at the allotment she inherited from her father.' },
  { name: 'Kenji Arlow', bio: 'Essayist. Spent a winter in a mountain hut with one window and no signal, and wrote about paying attention.' },
  { name: 'Lila Moreau', bio: 'Writes summer romances by the sea, and has strong opinions about ice cream.' },
  { name: 'Maren Holt', bio: 'Grew up in a harbour town and writes crime novels where the sea keeps the best secrets.' },
  { name: 'Marit Solberg', bio: 'Novelist of orchards, salt marshes and families that stay put for generations.' },
  { name: 'Mateo Ibarra', bio: 'Escribe sobre jardines, invernaderos y las conversaciones que guardan las plantas.' },
  { name: 'Morwenna Blackwood', bio: 'Writes ghost stories for people who sleep with the landing light on.' },
  { name: 'Oriel Thistlewood', bio: 'Writes for careful children about dragons, clocks and other things that should not be wound.' },
  { name: 'Rosalind Fenwick', bio: 'Retired head gardener. Writes letters, mostly to people who have just been given an allotment.' },
  { name: 'Tobias Penhale', bio: 'Walked four thousand kilometres around the coast of Britain and wrote down what the sheep said.' },
  { name: 'Tomasz Reyes-Hale', bio: 'Chemistry teacher who writes poems the way he sets up an experiment: carefully, then leaves the room.' },
];

function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Creates the missing author accounts; returns the account id of each demo author, by name. */
export async function seedDemoAuthors(ctx: AppContext): Promise<{ idsByName: Map<string, string>; created: number }> {
  const idsByName = new Map<string, string>();
  let created = 0;
  for (const author of DEMO_AUTHORS) {
    const handle = slug(author.name);
    const email = `${handle}@authors.quire.test`;
    const existing = await ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', handle)]))
      .execute();
    const own = existing.find((u) => u.email === email);
    if (own) idsByName.set(author.name, own.id);
    if (existing.length > 0) continue;
    const id = `demo-author-${handle}`;
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const row = newUserRow({ id, email, username: handle, displayName: author.name, passwordHash: null, emailVerifiedAt: now }, now);
      await trx
        .insertInto('users')
        .values({ ...row, bio: author.bio })
        .execute();
      await trx.insertInto('userRoles').values({ userId: id, role: 'author', grantedAt: now, grantedBy: null }).execute();
    });
    idsByName.set(author.name, id);
    created++;
  }
  return { idsByName, created };
}
