/**
 * A short book written for the development pages (`/dflip-*`, `/preview-lab`): the reader's own
 * views run on it without a server, a sign-in or a seeded database. Its chapters are handed to
 * the reader's chapter cache (primeChapters), so the views load them as they load any book's.
 */
import type { BookDetailResponse, ChapterResponse } from '../../../sync/api/books';
import { countWordsInXhtml } from '../../../sync/text/words';
import { primeChapters } from '../reader/use-book';

const p = (text: string) => `<p>${text}</p>`;

const CHAPTERS: { title: string; paragraphs: string[] }[] = [
  {
    title: 'The Lamp Room',
    paragraphs: [
      'Every evening at a quarter to six, Ines climbed the ninety-one steps of the tower with a tin of paraffin in one hand and her father’s pocket watch in the other. The watch ran four minutes slow. She had never corrected it, because her father never had, and the lamp had never once been late.',
      'The lamp room smelled of brass polish and cold glass. Gulls slept on the gallery rail outside, their heads tucked under their wings like letters folded into envelopes. She wiped the lens in long, even strokes, top to bottom, the way he had shown her, and counted the prisms as she went: there were two hundred and eight, and one of them was chipped.',
      '“You talk to it,” her brother had said once, watching from the doorway. She had not denied it. A light that turns all night deserves a little conversation.',
      'Below, the harbour filled with the fishing boats coming home, their engines stuttering in the swell. From up here they looked like beetles crossing a pewter plate. She lit the wick, lowered the chimney, and waited for the flame to settle before she set the clockwork turning.',
      'The beam swung out over the water, found the headland, lost it, found it again. Somewhere past the point a freighter answered with two long blasts, and Ines, who knew no one aboard and never would, raised a hand to it anyway.',
    ],
  },
  {
    title: 'Salt and Ledgers',
    paragraphs: [
      'The keeper’s log lived in a drawer that stuck in wet weather. Its pages were ruled in faded green, and every line began the same way: the date, the hour of lighting, the state of the sea. Her father’s hand leaned to the right as if it were walking into a wind. Hers stood upright and a little stubborn.',
      '<em>Wind south-west, fresh. Sea moderate. Visibility good. Lamp lit 17:45.</em> She wrote it and then, because the ledger had a margin and the margin had always seemed to her a kind of invitation, she added: <em>Heron on the slipway again. Third day.</em>',
      'Nobody read the margins. The inspector who came twice a year read the columns, ran a finger down the hours, signed at the foot of the page and asked for tea. But the margins were where the real book was kept: the winter the ice came into the harbour, the night the radio failed, the morning a child was found asleep in the boathouse and nobody ever learned whose she was.',
      'Ines read them on the evenings the sea was too loud for sleep. She read them the way other people read novels, skipping the weather to get to the people, and then going back for the weather because it turned out the weather was the plot.',
      'On the last page of the oldest ledger, in a hand she did not recognise, someone had written a single line and underlined it twice: <strong>The light is not for the ships that see it. It is for the ones that don’t.</strong>',
    ],
  },
  {
    title: 'What the Fog Keeps',
    paragraphs: [
      'The fog came in on a Thursday, quietly, the way a cat comes into a room. By noon the end of the jetty had gone. By three the harbour wall had gone too, and the village was a rumour of chimneys and a church bell that seemed to ring from everywhere at once.',
      'She started the horn at four. It was a great bronze throat of a thing, older than the tower, and it moaned once every thirty seconds with a patience that made her teeth ache. Between the blasts the silence was so complete she could hear the drip of water from the gallery rail.',
      '“Nothing will be out in this,” said her brother, who had come up with soup.',
      '“Something is always out in this,” said Ines.',
      'At twenty past nine a bell answered the horn — small, high, unsteady, the kind of bell a dinghy carries. It came from the wrong side of the reef. Ines put down the soup, took the lantern from its hook, and went down the ninety-one steps faster than she had ever gone down them, counting every one.',
      'What she found on the shingle, and who, and why it was carrying her father’s watch — the one she had in her pocket, the one that ran four minutes slow — is the rest of this story, and it does not fit on a page.',
    ],
  },
];

const SAMPLE_BOOK_ID = 'dev-sample-lamp-room';

export const SAMPLE_CHAPTERS: ChapterResponse[] = CHAPTERS.map((c, i) => ({
  id: `ch${i + 1}`,
  bookId: SAMPLE_BOOK_ID,
  ord: i,
  title: c.title,
  linear: true,
  xhtml: `<div class="quire-body"><h2>${c.title}</h2>${c.paragraphs.map(p).join('')}</div>`,
}));

const SAMPLE_BOOK: BookDetailResponse = {
  id: SAMPLE_BOOK_ID,
  slug: 'the-lamp-room',
  title: 'The Lamp Room',
  subtitle: 'A sample for the development pages',
  description: 'Three short chapters about a lighthouse keeper’s daughter, written for Quire’s development pages.',
  language: 'en',
  contributors: [{ name: 'Quire', role: 'aut' }],
  publisher: 'Quire',
  status: 'published',
  priceCents: 0,
  currency: 'EUR',
  coverUrl: null,
  direction: 'ltr',
  writingMode: 'horizontal-tb',
  accessibility: {
    accessModes: ['textual'],
    accessModesSufficient: ['textual'],
    features: ['tableOfContents'],
    hazards: ['none'],
    summary: '',
    conformsTo: [],
  },
  toc: SAMPLE_CHAPTERS.map((c) => ({ title: c.title, chapterId: c.id, children: [] })),
  stylesheets: [],
  access: 'full',
  sampleChapterId: null,
  chapters: SAMPLE_CHAPTERS.map((c) => ({ id: c.id, title: c.title, linear: true, wordCount: countWordsInXhtml(c.xhtml), readable: true })),
};

/** Put the chapters where the reader's views look first; call before mounting a view on the sample. */
export function openSampleBook(): BookDetailResponse {
  primeChapters(SAMPLE_CHAPTERS);
  return SAMPLE_BOOK;
}
