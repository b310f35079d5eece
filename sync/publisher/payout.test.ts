import { describe, expect, it } from 'vitest';
import { accountNumberProblem, bankCodeProblem, compactAccount, ibanProblem, maskAccount } from './payout';

describe('IBAN', () => {
  it('accepts valid IBANs, with or without spaces and in lower case', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB82WEST12345698765432',
      'fr14 2004 1010 0505 0001 3m02 606',
      'NL91ABNA0417164300',
      'BR1800360305000010009795493C1',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
  });
  it('reports a wrong check digit, a wrong length, bad characters and an empty field', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 01')).toMatch(/check digits/);
    expect(ibanProblem('DE89 3704 0044 0532 0130')).toMatch(/DE IBAN has 22 characters; this one has 20/);
    expect(ibanProblem('89DE37040044053201300')).toMatch(/country code/);
    expect(ibanProblem('DE89-3704-0044-0532-0130-0!')).toMatch(/letters and digits/);
    expect(ibanProblem('XX00123')).toMatch(/15 to 34/);
    expect(ibanProblem('  ')).toBe('Enter the IBAN.');
  });
});

describe('account number and bank code', () => {
  it('accepts digits with the separators people type', () => {
    expect(accountNumberProblem('0012 3456 789')).toBeNull();
    expect(bankCodeProblem('20-00-00')).toBeNull();
    expect(bankCodeProblem('021000021')).toBeNull();
  });
  it('refuses letters, too few and too many digits', () => {
    expect(accountNumberProblem('12a4')).toMatch(/4 to 17 digits/);
    expect(accountNumberProblem('123')).toMatch(/4 to 17 digits/);
    expect(accountNumberProblem('123456789012345678')).toMatch(/4 to 17 digits/);
    expect(accountNumberProblem('')).toBe('Enter the account number.');
    expect(bankCodeProblem('1234')).toMatch(/5 to 11 digits/);
  });
});

it('masks to the last four', () => {
  expect(compactAccount('de89 3704-0044')).toBe('DE8937040044');
  expect(maskAccount('3000')).toBe('•••• 3000');
});
