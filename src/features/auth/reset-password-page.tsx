// TODO(helper): build this page.
export function ResetPasswordPage() { return null; }
