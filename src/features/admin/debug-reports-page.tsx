// TODO(helper): build this page.
export function DebugReportsPage() { return null; }
