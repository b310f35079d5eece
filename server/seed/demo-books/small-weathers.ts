/** Demo book: a poetry sampler, written for Quire. Edited by the demo author. */
import type { DemoBook } from './types';

/** A poem as XHTML: title, then stanzas of lines joined by <br/>. */
function poem(title: string, poet: string, stanzas: string[][]): string {
  const body = stanzas.map((lines) => `<p class="verse">${lines.join('<br/>')}</p>`).join('\n');
  return `<h2>${title}</h2>\n<p class="poet"><em>${poet}</em></p>\n${body}`;
}

const JUNE = 'June Okafor-Lind';
const TOMASZ = 'Tomasz Reyes-Hale';
const INES = 'Ines Marwood';

export const smallWeathers: DemoBook = {
  slug: 'small-weathers',
  title: 'Small Weathers',
  subtitle: 'Poems for the Turning Year',
  description:
    'Three poets, four seasons, one small book. A sampler of new poems about kitchens, allotments, night buses and the weather inside people, gathered for readers who think they do not read poetry.',
  contributors: [
    { name: JUNE, role: 'author' },
    { name: TOMASZ, role: 'author' },
    { name: INES, role: 'author' },
    { name: 'Ada Author', role: 'editor', account: 'author' },
  ],
  publisher: 'Lantern House',
  imprint: true,
  isbn: '9798790255168',
  priceCents: 499,
  genres: ['DC'],
  featured: true,
  publishedDaysAgo: 18,
  cover: { palette: ['#2d4a22', '#f2e8cf', '#e9a03b'], motif: 'suns', titleLines: ['Small', 'Weathers'], author: 'Okafor-Lind · Reyes-Hale · Marwood' },
  chapters: [
    {
      title: 'Spring',
      xhtml: `<h1>Spring</h1>
<p>The year in this book begins where most gardeners say it does: not on the first of January but on the first morning the soil is warm enough to hold in your hand.</p>
<p>June Okafor-Lind wrote her allotment poems over three springs on a council plot she inherited from her father, often on the back of seed packets. Tomasz Reyes-Hale, who teaches chemistry, says he writes poems the way he sets an experiment going: carefully, then leaves the room. Both poems here are about waiting, and about the strange confidence of things that grow in the dark.</p>
${poem('Allotment, March', JUNE, [
  ['My father’s spade still knows the way', 'to lean against the shed, as if', 'he only stepped inside for string.'],
  ['I turn the bed he turned. The worms', 'are unimpressed by grief. They keep', 'their small appointments with the dark.'],
  ['By noon the robin has arrived', 'to audit me. I show my work.', 'He takes his fee and flies.'],
])}
${poem('Instructions for Rhubarb', TOMASZ, [
  ['Put a bucket over it.', 'Forget it, as you forget', 'the name of a song until the chorus.'],
  ['In three weeks lift the bucket.', 'There it will be, pink as a thought', 'you were not ready to have,'],
  ['reaching for a light', 'it has never seen', 'and growing anyway.'],
])}`,
    },
    {
      title: 'Summer',
      xhtml: `<h1>Summer</h1>
<p>Summer poems are difficult because summer is so sure of itself. These three borrow its confidence and then, gently, doubt it.</p>
<p>Ines Marwood’s night-bus poem was drafted, she says, on the night bus, in the notes app of a phone with four per cent battery, which may explain its economy. Read the three together and you will notice that each one is about being held up by something — a bus, a street, a body of water — and about how little we notice it while it is happening.</p>
${poem('Night Bus, Late June', INES, [
  ['Upstairs, front seat, the city', 'unrolls like a map someone is still drawing.', 'A girl across the aisle is asleep'],
  ['on her own shoulder. The driver', 'hums through the speaker by mistake,', 'a hymn, or a song from an advert,'],
  ['and nobody tells him. We are', 'all of us being carried', 'through the light that will not quite leave.'],
])}
${poem('Heatwave', JUNE, [
  ['The street has taken off its shoes.', 'Old men sit in doorways, judging', 'the weather like a talent show.'],
  ['My neighbour waters her geraniums', 'at dusk, with the slow devotion', 'of someone feeding a saint.'],
])}
${poem('Swimming Lesson', TOMASZ, [
  ['Let go of the side, I tell him,', 'and he does, and the water', 'does what water always does,'],
  ['which is hold him up', 'exactly as much as he trusts it.', 'I should learn that.'],
])}`,
    },
    {
      title: 'Autumn',
      xhtml: `<h1>Autumn</h1>
<p>In autumn the poems turn indoors, towards kitchens and the people in them.</p>
<p>Several readers of early drafts of this book asked whether “Jam” and “Clocks Go Back” were written by the same poet. They were not, though the poets have since met and agree they would get on. Autumn is the season of keeping — of preserving fruit and conkers and the last of the light — and each of these poems holds something up to the window before putting it away.</p>
${poem('Jam', INES, [
  ['My grandmother measured sugar', 'by the sound it made against the pan,', 'a hiss she called <em>enough</em>.'],
  ['I use scales. I use a thermometer.', 'Still I stand here in the steam', 'listening for her.'],
])}
${poem('Conkers', TOMASZ, [
  ['My son brings me one', 'the way a cat brings a bird:', 'proud, a little sorry, expecting'],
  ['to be told what it means.', 'It means the tree let go of something.', 'It means you found it.'],
  ['Keep it in your pocket', 'until it dulls. That’s all', 'anyone does with a shine.'],
])}
${poem('Clocks Go Back', JUNE, [['The extra hour arrives', 'like a guest who came on the wrong day.', 'We make it tea. We let it stay.']])}`,
    },
    {
      title: 'Winter',
      xhtml: `<h1>Winter</h1>
<p>The book ends in the dark, which is where every year ends, and where the bulbs are already making their plans.</p>
<p>We close with three short poems of the cold months: a frost, a power cut, and a flower bed under ice. None of them is sad, exactly. Winter in these pages is a held breath rather than an ending, and the last poem of the book is, fittingly, about waiting for someone else’s happiness to reach you. We hope this small book has reached you in the same way.</p>
${poem('First Frost', INES, [
  ['Overnight the lawn', 'has been silvered like an old mirror', 'and everything in it looks back.'],
  ['The blackbird leaves a sentence', 'of footprints to the hedge', 'and does not finish it.'],
])}
${poem('Power Cut', TOMASZ, [
  ['We found the candles', 'in the drawer of things we might need,', 'beside the string and the birthday matches.'],
  ['For an hour the house', 'was the size of a flame.', 'We talked more. The fridge was quiet.'],
  ['When the lights came back', 'we blinked at each other', 'like strangers who had once been close.'],
])}
${poem('Bulbs', JUNE, [
  ['Under the frozen bed, the tulips', 'keep their own counsel.', 'They have heard about spring'],
  ['the way we hear about', 'a friend’s new happiness:', 'not yet ours, but on its way.'],
])}`,
    },
  ],
};
