// TODO(helper): build this page.
export function AccountSettingsPage() { return null; }
