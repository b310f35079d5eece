// TODO(helper): build this page.
export function AuditPage() { return null; }
