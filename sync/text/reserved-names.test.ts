import { describe, expect, it } from 'vitest';
import { isReservedName } from './reserved-names';

describe('isReservedName', () => {
  it('keeps the team’s names, in any case and spacing', () => {
    for (const name of [
      'Quire support',
      'Quire',
      'Quire team',
      'Support',
      'Admin',
      'QUIRE SUPPORT',
      '  quire  ',
      'quiresupport',
      'QuireTeam',
      'supportteam',
      'Administrator',
    ])
      expect(isReservedName(name), name).toBe(true);
  });

  it('sees through lookalike punctuation, letters and invisible characters', () => {
    for (const name of [
      'Quire·Support',
      'quire_support',
      'quire-team',
      'Quire.Support',
      'Quire – Support',
      'Q u i r e',
      'Qu\u200Bire',
      'Quіre', // Cyrillic і
      'Ԛuire', // Cyrillic ԛ
      'Ｑｕｉｒｅ', // full-width
      'Quíre',
      'Qu1re',
      'Qu!re',
      'Qulre',
      'adm1n',
      'adrnin',
      '$upport',
      'supp0rt',
      'admin2',
      'The Quire Team',
      'Official Quire Support',
      'officialquire',
    ])
      expect(isReservedName(name), name).toBe(true);
  });

  it('leaves ordinary names alone, even those holding the letters', () => {
    for (const name of [
      'Rosa Reader',
      'Alex Adams',
      'Badminton Club',
      'acquired_taste',
      'Esquire',
      'supporter',
      'supportive-reader',
      'squirrel',
      'Quirinus',
      'sadmina',
      'reader',
      'Esquire Team',
      'Ada Mint',
      'Help Desk Hana',
    ])
      expect(isReservedName(name), name).toBe(false);
  });
});
