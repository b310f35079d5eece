/**
 * Names kept for the Quire team: no account may call itself "Quire", "Quire support" (the team's
 * name in /messages, sync/support), "Quire team", "Support" or "Admin", in its display name or its
 * username. One rule for both, used by the shared schemas (sync/api/auth.ts), so the sign-up and
 * profile forms and the server refuse the same names.
 *
 * Names are compared by their skeleton: compatibility forms folded (full-width letters), accents
 * and invisible characters dropped, lowercase, and the usual lookalikes read as the letter they
 * imitate (Cyrillic "і", digits "1" and "0", "$", "|", "rn" for "m"). Anything else that is not a
 * letter separates words, so "Quire·Support", "quire_support" and "Q u i r e" are caught alike.
 */

const LOOKALIKES: Record<string, string> = {
  // Digits and symbols
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  // Latin letters that look like others in most fonts
  l: 'i',
  ı: 'i',
  ɑ: 'a',
  // Cyrillic
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  т: 't',
  м: 'm',
  п: 'n',
  // Greek
  α: 'a',
  ε: 'e',
  ι: 'i',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  μ: 'u',
  ν: 'v',
  κ: 'k',
};

/** The name's words as they look: lookalikes read as letters, a–z only. */
function skeletonWords(name: string): string[] {
  const folded = name
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\p{Mn}\p{Cf}]/gu, '');
  const letters = Array.from(folded, (ch) => LOOKALIKES[ch] ?? ch)
    .join('')
    .replace(/rn/g, 'm');
  return letters.split(/[^a-z]+/).filter(Boolean);
}

const skeleton = (word: string) => skeletonWords(word).join('');
const anyOf = (words: string[]) => words.map(skeleton).join('|');

/**
 * What no run of the name's words may spell: the team's names, "Quire" run together with a word
 * that makes it sound official ("QuireSupport", "teamquire"), and "Support team" as one word.
 */
const OFFICIAL = anyOf(['support', 'team', 'admin', 'staff', 'help', 'official', 'hq']);
const RESERVED = new RegExp(
  `^(?:${anyOf(['quire', 'support', 'admin', 'administrator'])}|quire(?:${OFFICIAL})|(?:${OFFICIAL})quire|(?:${anyOf(['support', 'admin'])})(?:${anyOf(['team', 'staff', 'desk'])}))$`,
);

/** Reserved when a word, or words run together ("Q u i r e"), spell one of the team's names. */
export function isReservedName(name: string): boolean {
  const words = skeletonWords(name);
  for (let from = 0; from < words.length; from++) {
    let run = '';
    for (let to = from; to < words.length; to++) {
      run += words[to];
      if (RESERVED.test(run)) return true;
    }
  }
  return false;
}

export const RESERVED_NAME_MESSAGE = '“Quire”, “Support” and “Admin” are kept for the Quire team. Choose another name.';
