// TODO(helper): the notification bell with unread count.
export function NotificationBell() {
  return null;
}
