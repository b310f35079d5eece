// TODO(helper): build this page.
export function SelfTestPage() { return null; }
