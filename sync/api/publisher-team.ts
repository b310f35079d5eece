/**
 * The imprint and its people (/publisher, /publisher/settings, /publisher/authors): details,
 * default currency, the payout account (masked once saved: only its last four characters come
 * back), members with their roles, invited and active authors, and the dashboard's numbers. Who
 * may do what is sync/roles.ts (canInImprint, canManageMember); a non-member is told the imprint
 * does not exist.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { PUBLISHING_CURRENCIES } from '../publishing/metadata';
import { PUBLISHING_STATES } from '../publishing/state-machine';
import { accountNumberProblem, bankCodeProblem, ibanProblem } from '../publisher/payout';
import { IMPRINT_ROLES } from '../roles';
import { IMPRINT_NAME_MAX } from './account';
import { endpoint } from './contract';

const base = '/api/publisher/imprints/:imprintId' as const;

export const IMPRINT_DESCRIPTION_MAX = 2000;

const MemberSchema = zm.object({
  userId: zm.string(),
  username: zm.string(),
  displayName: zm.string(),
  role: zm.enum(IMPRINT_ROLES),
});
export type ImprintMember = zm.infer<typeof MemberSchema>;

const PayoutSchema = zm.object({
  holder: zm.string(),
  kind: zm.enum(['iban', 'account']),
  /** The last four characters of the account: all that ever leaves the server. */
  last4: zm.string(),
  updatedAt: zm.number(),
});
export type PayoutSummary = zm.infer<typeof PayoutSchema>;

const SettingsSchema = zm.object({
  imprint: zm.object({
    id: zm.string(),
    name: zm.string(),
    description: zm.string(),
    website: zm.string(),
    contactEmail: zm.string(),
    defaultCurrency: zm.string(),
  }),
  myRole: zm.enum(IMPRINT_ROLES),
  /** Null until the owner saves one. */
  payout: zm.nullable(PayoutSchema),
  members: zm.array(MemberSchema),
});
export type ImprintSettings = zm.infer<typeof SettingsSchema>;

export const getImprintSettings = endpoint({ method: 'GET', path: `${base}/settings`, response: SettingsSchema });

const optionalUrl = z
  .string()
  .trim()
  .max(200, 'At most 200 characters.')
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Enter a web address starting with https://');

export const ImprintDetailsInput = z.strictObject({
  name: z
    .string({ error: 'Enter the imprint’s name.' })
    .trim()
    .min(1, 'Enter the imprint’s name.')
    .max(IMPRINT_NAME_MAX, `At most ${IMPRINT_NAME_MAX} characters.`),
  description: z
    .string()
    .trim()
    .max(IMPRINT_DESCRIPTION_MAX, `At most ${IMPRINT_DESCRIPTION_MAX.toLocaleString('en')} characters.`),
  website: optionalUrl,
  contactEmail: z
    .string()
    .trim()
    .max(254, 'At most 254 characters.')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter an e-mail address like books@example.com.'),
  defaultCurrency: z.enum(PUBLISHING_CURRENCIES, { error: 'Pick a currency.' }),
});
export type ImprintDetailsInput = z.input<typeof ImprintDetailsInput>;

export const saveImprintDetails = endpoint({ method: 'PATCH', path: `${base}/settings`, body: ImprintDetailsInput, response: SettingsSchema });

const problem = (check: (v: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const message = check(value);
  if (message) ctx.addIssue({ code: 'custom', message });
};
const holder = z.string({ error: 'Enter the account holder’s name.' }).trim().min(2, 'Enter the account holder’s name.').max(140, 'At most 140 characters.');

export const PayoutInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('iban'),
    holder,
    iban: z.string({ error: 'Enter the IBAN.' }).max(60, 'That is too long for an IBAN.').superRefine(problem(ibanProblem)),
  }),
  z.strictObject({
    kind: z.literal('account'),
    holder,
    accountNumber: z
      .string({ error: 'Enter the account number.' })
      .max(40, 'That is too long for an account number.')
      .superRefine(problem(accountNumberProblem)),
    bankCode: z.string({ error: 'Enter the bank code.' }).max(20, 'That is too long for a bank code.').superRefine(problem(bankCodeProblem)),
  }),
]);
export type PayoutInput = z.input<typeof PayoutInput>;

/** The owner's alone (sync/roles.ts 'payout:manage'); answers with the masked account. */
export const savePayout = endpoint({ method: 'PUT', path: `${base}/payout`, body: PayoutInput, response: zm.object({ payout: PayoutSchema }) });

export const AddMemberInput = z.strictObject({
  who: z.string({ error: 'Enter a username or an e-mail address.' }).trim().min(1, 'Enter a username or an e-mail address.').max(254),
  role: z.enum(IMPRINT_ROLES, { error: 'Pick a role.' }),
});
export type AddMemberInput = z.input<typeof AddMemberInput>;

const MembersAnswer = zm.object({ members: zm.array(MemberSchema) });

export const addMember = endpoint({ method: 'POST', path: `${base}/members`, body: AddMemberInput, response: MembersAnswer, status: 201 });
export const changeMemberRole = endpoint({
  method: 'PATCH',
  path: `${base}/members/:userId`,
  body: z.strictObject({ role: z.enum(IMPRINT_ROLES, { error: 'Pick a role.' }) }),
  response: MembersAnswer,
});
export const removeMember = endpoint({ method: 'DELETE', path: `${base}/members/:userId`, response: MembersAnswer });

export const IMPRINT_AUTHOR_STATUSES = ['invited', 'active'] as const;

const AuthorSchema = zm.object({
  userId: zm.string(),
  username: zm.string(),
  displayName: zm.string(),
  status: zm.enum(IMPRINT_AUTHOR_STATUSES),
  invitedAt: zm.number(),
  joinedAt: zm.nullable(zm.number()),
  /** Their books under this imprint, and their other published books. */
  books: zm.array(zm.object({ id: zm.string(), title: zm.string(), status: zm.enum(PUBLISHING_STATES), inImprint: zm.boolean() })),
});
export type ImprintAuthor = zm.infer<typeof AuthorSchema>;

const AuthorsAnswer = zm.object({ authors: zm.array(AuthorSchema) });
export const listImprintAuthors = endpoint({ method: 'GET', path: `${base}/authors`, response: AuthorsAnswer });
export const inviteAuthor = endpoint({
  method: 'POST',
  path: `${base}/authors`,
  body: z.strictObject({
    username: z
      .string({ error: 'Enter the author’s username.' })
      .trim()
      .transform((v) => v.replace(/^@/, ''))
      .pipe(z.string().min(1, 'Enter the author’s username.').max(64, 'That is too long for a username.')),
  }),
  response: AuthorsAnswer,
  status: 201,
});
export const removeImprintAuthor = endpoint({ method: 'DELETE', path: `${base}/authors/:userId`, response: AuthorsAnswer });

const AmountSchema = zm.object({ currency: zm.string(), cents: zm.number() });

export const getPublisherDashboard = endpoint({
  method: 'GET',
  path: `${base}/dashboard`,
  response: zm.object({
    /** Every publishing state with its count (0 included), in the state machine's order. */
    booksByState: zm.array(zm.object({ state: zm.enum(PUBLISHING_STATES), count: zm.number() })),
    sales: zm.object({
      /** Copies sold in paid (or partly refunded) orders, all time and in the last 30 days. */
      copies: zm.number(),
      copies30d: zm.number(),
      /** Gross per currency, refunds taken off. */
      revenue: zm.array(AmountSchema),
      revenue30d: zm.array(AmountSchema),
    }),
    recentUploads: zm.array(
      zm.object({
        id: zm.string(),
        fileName: zm.string(),
        kind: zm.enum(['single', 'bulk']),
        status: zm.string(),
        createdAt: zm.number(),
        uploader: zm.string(),
      }),
    ),
    recentBooks: zm.array(zm.object({ id: zm.string(), title: zm.string(), status: zm.enum(PUBLISHING_STATES), updatedAt: zm.number() })),
    /** The first steps, done or not: shown while the imprint has no books. */
    onboarding: zm.object({
      details: zm.boolean(),
      team: zm.boolean(),
      payout: zm.boolean(),
      isbns: zm.boolean(),
      books: zm.boolean(),
      storefront: zm.boolean(),
    }),
  }),
});
export type PublisherDashboard = zm.infer<typeof getPublisherDashboard.response>;
