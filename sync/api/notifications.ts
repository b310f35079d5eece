/**
 * The notifications contract: which events exist, on which channels, with which defaults, and
 * the shape of /api/account/notification-prefs. Server (notifyUser) and
 * settings page read the same list, so a new event appears in the matrix the day it is added.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';

export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const CHANNEL_LABELS: Record<NotificationChannel, string> = { in_app: 'In Quire', email: 'E-mail' };

export interface NotificationEventInfo {
  id: string;
  label: string;
  description: string;
  defaults: Record<NotificationChannel, boolean>;
  /** Channels that are always on: the person cannot turn them off. */
  locked?: NotificationChannel[];
}

export const NOTIFICATION_EVENTS = [
  {
    id: 'role_decision',
    label: 'Your author and publisher applications',
    description: 'When an administrator approves or declines an application.',
    defaults: { in_app: true, email: true },
  },
  {
    id: 'account_security',
    label: 'Account security',
    description: 'Sign-ins, password changes and account deletion. E-mail cannot be turned off.',
    defaults: { in_app: true, email: true },
    locked: ['email'],
  },
  {
    id: 'messages',
    label: 'Messages',
    description: 'New messages from other readers, authors and publishers.',
    defaults: { in_app: true, email: false },
  },
  {
    id: 'co_authoring',
    label: 'Co-writing',
    description: 'When someone adds you as a co-author of their manuscript.',
    defaults: { in_app: true, email: true },
  },
  {
    id: 'publishing',
    label: 'Publishing and review',
    description: 'Your books in review: approved, changes requested or rejected, and reviewers’ comments. Reviewers: new submissions.',
    defaults: { in_app: true, email: true },
  },
  {
    id: 'imprints',
    label: 'Imprints and publishers',
    description: 'A publisher adds you to their team or invites you as an author, and the answers to your own invitations.',
    defaults: { in_app: true, email: true },
  },
  {
    id: 'purchases',
    label: 'Purchases and refunds',
    description: 'A bought book arriving in your library, or a refund taking it out.',
    defaults: { in_app: true, email: true },
  },
  {
    id: 'price_drops',
    label: 'Price drops',
    description: 'A book on your wishlist gets cheaper.',
    defaults: { in_app: true, email: false },
  },
  {
    id: 'followed_authors',
    label: 'Authors you follow',
    description: 'New books and posts from authors you follow.',
    defaults: { in_app: true, email: false },
  },
  {
    id: 'site_notices',
    label: 'Notices from Quire',
    description: 'Announcements the Quire team sends to readers, authors or publishers.',
    defaults: { in_app: true, email: true },
  },
  {
    id: 'newsletter_digest',
    label: 'Newsletter digest',
    description: 'A weekly round-up of new books and posts.',
    defaults: { in_app: false, email: false },
  },
] as const satisfies readonly NotificationEventInfo[];

export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]['id'];
export const NOTIFICATION_EVENT_IDS = NOTIFICATION_EVENTS.map((e) => e.id) as [NotificationEvent, ...NotificationEvent[]];

export function isLocked(event: NotificationEvent, channel: NotificationChannel): boolean {
  const info: NotificationEventInfo = NOTIFICATION_EVENTS.find((e) => e.id === event)!;
  return info.locked?.includes(channel) ?? false;
}

type ChannelPrefs = Record<NotificationChannel, boolean>;
export type NotificationPrefs = Record<NotificationEvent, ChannelPrefs>;

export function defaultPrefs(): NotificationPrefs {
  return Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e.id, { ...e.defaults }])) as NotificationPrefs;
}

const ChannelPrefsSchema = z.object({ in_app: z.boolean(), email: z.boolean() });
/** PUT body: the matrix; events left out keep their stored (or default) choice. */
export const NotificationPrefsInput = z.object({
  prefs: z.partialRecord(z.enum(NOTIFICATION_EVENT_IDS), ChannelPrefsSchema),
});
export type NotificationPrefsInput = z.input<typeof NotificationPrefsInput>;

const ChannelPrefsResponse = zm.object({ in_app: zm.boolean(), email: zm.boolean() });
export const NotificationPrefsResponseSchema = zm.object({
  prefs: zm.record(zm.enum(NOTIFICATION_EVENT_IDS), ChannelPrefsResponse),
});
