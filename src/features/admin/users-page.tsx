// TODO(helper): build this page.
export function AdminUsersPage() { return null; }
