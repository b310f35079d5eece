/**
 * The common-password check, against the list shipped by @zxcvbn-ts/language-common (about
 * 49,000 leaked passwords). Loaded on first use, not at start-up, and kept in a Set.
 */
let common: Promise<Set<string>> | null = null;

function load(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(password.toLowerCase());
}
