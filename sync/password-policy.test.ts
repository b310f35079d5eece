import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, passwordHint, passwordProblem } from './password-policy';

describe('password policy', () => {
  it('asks for a password when empty', () => {
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.empty);
  });

  it('refuses passwords shorter than the minimum', () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(PASSWORD_MESSAGES.tooShort).toContain('12');
  });

  it('accepts the minimum and the maximum length', () => {
    expect(passwordProblem('a'.repeat(PASSWORD_MIN_LENGTH))).toBeNull();
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
  });

  it('allows at least 128 characters and refuses more than the maximum', () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(128);
    expect(passwordProblem('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('counts characters, not UTF-16 units', () => {
    // 11 emoji are 22 UTF-16 units but only 11 characters.
    expect(passwordProblem('📚'.repeat(11))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('📚'.repeat(12))).toBeNull();
  });

  it('refuses a password of only spaces', () => {
    expect(passwordProblem(' '.repeat(20))).toBe(PASSWORD_MESSAGES.blank);
  });

  it('gives a live hint of what is missing', () => {
    expect(passwordHint('').ok).toBe(false);
    expect(passwordHint('abc').text).toBe('9 more characters to go.');
    expect(passwordHint('a'.repeat(11)).text).toBe('1 more character to go.');
    expect(passwordHint('correct horse battery').ok).toBe(true);
  });
});
