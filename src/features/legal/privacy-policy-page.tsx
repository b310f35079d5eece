// TODO(helper): build this page.
export function PrivacyPolicyPage() { return null; }
