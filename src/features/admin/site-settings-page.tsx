// TODO(helper): build this page.
export function SiteSettingsPage() { return null; }
