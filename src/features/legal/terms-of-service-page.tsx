// TODO(helper): build this page.
export function TermsOfServicePage() { return null; }
