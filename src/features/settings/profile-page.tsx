// TODO(helper): build this page.
export function ProfileSettingsPage() { return null; }
