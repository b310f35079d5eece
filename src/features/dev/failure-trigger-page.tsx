// TODO(helper): build this page.
export function FailureTriggerPage() { return null; }
