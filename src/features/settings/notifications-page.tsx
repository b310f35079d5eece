// TODO(helper): build this page.
export function NotificationSettingsPage() { return null; }
