// TODO(helper): build this page.
export function AdminDashboardPage() { return null; }
