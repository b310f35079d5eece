// TODO(helper): build this page.
export function AdminProfilePage() { return null; }
