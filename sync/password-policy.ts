/**
 * The password rules both sides apply: the client shows them live while typing, the server
 * enforces them (and adds the common-password check, whose list is too big to ship to browsers).
 * Length is counted in characters (code points), not UTF-16 units, so an emoji counts once.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** Generous, so passphrases and password managers fit, yet bounded so hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  empty: 'Enter a password.',
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  blank: 'A password cannot be only spaces.',
  common: 'This password is too common. Choose something harder to guess — a few unrelated words work well.',
} as const;

function passwordLength(password: string): number {
  return [...password].length;
}

/** The first rule the password breaks, as a message for people, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.empty;
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  return null;
}

/** The live hint under a new-password field: what is still missing, or that it looks fine. */
export function passwordHint(password: string): { ok: boolean; text: string } {
  const length = passwordLength(password);
  if (length === 0) return { ok: false, text: `At least ${PASSWORD_MIN_LENGTH} characters. Long passphrases are welcome.` };
  const problem = passwordProblem(password);
  if (length < PASSWORD_MIN_LENGTH) {
    const missing = PASSWORD_MIN_LENGTH - length;
    return { ok: false, text: `${missing} more character${missing === 1 ? '' : 's'} to go.` };
  }
  if (problem) return { ok: false, text: problem };
  return { ok: true, text: 'Length looks good.' };
}
