// TODO(helper): the PWA update prompt.
export function UpdatePrompt() {
  return null;
}
