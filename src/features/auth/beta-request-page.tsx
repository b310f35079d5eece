// TODO(helper): build this page.
export function BetaRequestPage() { return null; }
