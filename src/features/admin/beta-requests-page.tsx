// TODO(helper): build this page.
export function BetaRequestsPage() { return null; }
