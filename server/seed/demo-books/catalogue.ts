/**
 * The rest of the demo catalogue: twenty-one shorter books, written for Quire, so the store has
 * shelves worth browsing (genres, authors, an imprint, free and discounted books, three
 * languages). Each has two chapters: the first is the free sample.
 */
import type { CoverDesign } from '../covers';
import type { DemoBook } from './types';

interface Entry {
  slug: string;
  title: string;
  subtitle?: string;
  author: string;
  genres: string[];
  priceCents: number;
  discountCents?: number;
  language?: string;
  imprint?: boolean;
  isbn: string;
  publishedDaysAgo: number;
  description: string;
  cover: Omit<CoverDesign, 'titleLines' | 'author'>;
  chapters: [string, string[]][];
}

function chapter([title, paragraphs]: [string, string[]]) {
  return { title, xhtml: `<h1>${title}</h1>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}` };
}

/** Splits a title into cover lines of about twelve characters. */
function coverLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + word.length < 12) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function book(e: Entry): DemoBook {
  return {
    slug: e.slug,
    title: e.title,
    subtitle: e.subtitle ?? '',
    description: e.description,
    // The demo author's own book is linked to her account (her author page lists it).
    contributors: [{ name: e.author, role: 'author', ...(e.author === 'Ada Author' ? { account: 'author' as const } : {}) }],
    publisher: e.imprint ? 'Lantern House' : 'Quire Independent',
    imprint: e.imprint ?? false,
    isbn: e.isbn,
    priceCents: e.priceCents,
    discountCents: e.discountCents,
    language: e.language,
    genres: e.genres,
    featured: false,
    publishedDaysAgo: e.publishedDaysAgo,
    cover: { ...e.cover, titleLines: coverLines(e.title), author: e.author },
    chapters: e.chapters.map(chapter),
  };
}

const ENTRIES: Entry[] = [
  {
    slug: 'the-lighthouse-ledger',
    title: 'The Lighthouse Ledger',
    author: 'Maren Holt',
    genres: ['FF'],
    priceCents: 799,
    discountCents: 399,
    isbn: '9780000000019',
    publishedDaysAgo: 3,
    imprint: true,
    description:
      'A keeper’s logbook records a ship that never sailed. Harbourmaster Ede Calloway has one winter to find out who wrote the entries, and why they stop.',
    cover: { palette: ['#1d3557', '#f1faee', '#e63946'], motif: 'lines' },
    chapters: [
      [
        'Entry for the Ninth',
        [
          'The ledger had been in the harbour office for forty years, and nobody had read it for thirty-nine. Ede found it because the cat had been sick behind the filing cabinet, and because she was the kind of harbourmaster who moved filing cabinets.',
          'The last entry was in pencil. <em>Lamp lit 4.10. Wind SW. The Merrow passed inside the reef, no lights, two aboard.</em> There had never been a boat called the Merrow. Ede had the registers going back to the war.',
        ],
      ],
      [
        'The Registers',
        [
          'By noon she had every register on the floor in a fan of dust and dates. The Merrow was in none of them. But the keeper’s handwriting changed on the seventh of March, and a man does not change his handwriting in a week unless something has changed him first.',
          'She wrote that down too. Then she put the kettle on, because it was going to be a long winter.',
        ],
      ],
    ],
  },
  {
    slug: 'a-field-guide-to-small-dragons',
    title: 'A Field Guide to Small Dragons',
    author: 'Oriel Thistlewood',
    genres: ['FM', 'YF'],
    priceCents: 0,
    isbn: '9780000000026',
    publishedDaysAgo: 6,
    description:
      'Everything a careful child needs to know about the dragons that live in airing cupboards, compost heaps and the backs of toasters. Free to read.',
    cover: { palette: ['#2a9d8f', '#264653', '#e9c46a'], motif: 'suns' },
    chapters: [
      [
        'Before You Begin',
        [
          'Small dragons are not dangerous, but they are proud, and a proud creature must be approached properly. Never point. Never laugh at their wings, which are always slightly too small. Always bring a biscuit, and never a ginger one.',
          'You will need a notebook, a pencil, a torch with a red filter, and patience. Mostly patience.',
        ],
      ],
      [
        'The Airing-Cupboard Wyrm',
        [
          'The commonest small dragon in the country lives among the towels. It is the length of a teaspoon and the colour of a radiator, and it hums when the boiler comes on.',
          'If your towels are always warmer than they should be, you have one. Leave it a thimble of warm milk on Sundays and it will keep the moths away.',
        ],
      ],
    ],
  },
  {
    slug: 'orbit-of-the-quiet-moon',
    title: 'Orbit of the Quiet Moon',
    author: 'Dev Anand Sorel',
    genres: ['FL'],
    priceCents: 999,
    isbn: '9780000000033',
    publishedDaysAgo: 9,
    description:
      'The relay station on Callisto has not spoken to Earth in eleven days. Its engineer, Tamsin Oduya, is sure the silence is on purpose — and that it is not coming from Earth.',
    cover: { palette: ['#0b132b', '#5bc0be', '#fca311'], motif: 'suns' },
    chapters: [
      [
        'Day Eleven',
        [
          'On the eleventh day of silence Tamsin stopped logging it as a fault. Faults were random. This had a schedule: the carrier dropped at 02:14 station time and came back at 02:52, every night, thirty-eight minutes of nothing, while Jupiter filled half the sky.',
          'She drew the gaps on the whiteboard in blue, and then, because she was tired, she drew them again in red, and saw that they were not gaps at all.',
        ],
      ],
      [
        'The Pattern',
        [
          'They were words. Not in any language she knew, but with the stubborn rhythm of language: a pause, a longer pause, a rush. Somebody was talking in the spaces where the signal should have been.',
          'She did not tell the others yet. She told the coffee machine, which was the only thing on the station that never argued.',
        ],
      ],
    ],
  },
  {
    slug: 'the-bread-year',
    title: 'The Bread Year',
    subtitle: 'Fifty-two loaves and what they taught me',
    author: 'Hannah Brisk',
    genres: ['WB', 'DN'],
    priceCents: 1299,
    isbn: '9780000000040',
    publishedDaysAgo: 12,
    imprint: true,
    description:
      'A baker’s year in weekly loaves, from a stubborn first sourdough to a wedding cob for two hundred. Recipes, failures and the patience in between.',
    cover: { palette: ['#f4e1c1', '#6b3e26', '#c97c5d'], motif: 'jars' },
    chapters: [
      [
        'Week One: The Starter',
        [
          'Flour, water, and time. That is the whole recipe, and it took me eleven days to get it to work, because I kept interfering. A starter is like a shy guest: it will come out when it is ready and not a minute before.',
          'Feed it at the same hour each day. Keep it somewhere you would be comfortable in a jumper. Do not, as I did, keep it on top of the fridge, where it will sulk.',
        ],
      ],
      [
        'Week Two: The Brick',
        [
          'My first loaf could have propped open a fire door. I am telling you this so that you know it is allowed.',
          'The crumb was tight because the dough was cold and I was impatient. Warm water, a warm room, and an extra hour fixed it. Most bread problems are time problems in disguise.',
        ],
      ],
    ],
  },
  {
    slug: 'letters-to-a-young-gardener',
    title: 'Letters to a Young Gardener',
    author: 'Rosalind Fenwick',
    genres: ['WM'],
    priceCents: 899,
    discountCents: 499,
    isbn: '9780000000057',
    publishedDaysAgo: 15,
    description:
      'Twelve letters, one for each month, from a retired head gardener to her grand-niece, who has just been given an allotment and no idea what to do with it.',
    cover: { palette: ['#dde5b6', '#386641', '#bc4749'], motif: 'orchard' },
    chapters: [
      [
        'January',
        [
          'Dear Bea, you will want to dig. Do not dig. The ground in January is asleep and resents it. Instead, walk your plot every week and notice where the frost lies longest and where the puddles gather. That is your map.',
          'Order your seeds now, while you are still sensible, and order half of what you want.',
        ],
      ],
      [
        'February',
        [
          'Dear Bea, the broad beans can go in if the soil crumbles in your hand. If it smears like butter, wait. I know waiting is hard. Gardening is mostly waiting, with short bursts of panic.',
          'Put up a bench. You will need somewhere to sit and admire your mistakes.',
        ],
      ],
    ],
  },
  {
    slug: 'the-cartographers-daughter',
    title: 'The Cartographer’s Daughter',
    author: 'Isobel Marchetti',
    genres: ['FV', 'FR'],
    priceCents: 1099,
    isbn: '9780000000064',
    publishedDaysAgo: 18,
    imprint: true,
    description:
      'Venice, 1592. Lucia draws the maps her father signs. When a Portuguese captain asks for a chart of waters no one has sailed, she must decide whose name goes on it.',
    cover: { palette: ['#e9d8a6', '#005f73', '#ae2012'], motif: 'lines' },
    chapters: [
      [
        'The Workshop on the Rio',
        [
          'The ink was made from oak galls and patience, and Lucia had more of both than her father. He had the name, the guild seal, and the gout. She had the steady hand.',
          'When the captain came in out of the rain and laid a sketch on the table — a coast, a river mouth, a scatter of islands like spilt lentils — it was to her that he turned, though he spoke to her father.',
        ],
      ],
      [
        'A Chart of Nowhere',
        [
          '“These islands,” her father said, “do not exist.” The captain smiled. “Not yet,” he said, “not on paper.”',
          'Lucia looked at the sketch for a long time after they had gone to drink. The islands were drawn by someone who had seen them. She would have staked her eyes on it.',
        ],
      ],
    ],
  },
  {
    slug: 'the-night-ferry',
    title: 'The Night Ferry',
    author: 'Conrad Vale',
    genres: ['FH'],
    priceCents: 899,
    isbn: '9780000000071',
    publishedDaysAgo: 21,
    description:
      'Nine hours from Harwich to the Hook of Holland. One passenger with a briefcase that is not his. And somebody on board who knows exactly what is in it.',
    cover: { palette: ['#14213d', '#e5e5e5', '#fca311'], motif: 'lines' },
    chapters: [
      [
        'Harwich, 22:40',
        [
          'Nick Farrow picked up the wrong briefcase at the security belt and did not notice until he was in his cabin, which was the first mistake. The second was opening it.',
          'Inside, wrapped in a hotel towel, were three passports with his face on them and names that were not his.',
        ],
      ],
      [
        'Deck Seven',
        [
          'He went up on deck to think, because the cabin had begun to feel like a box with a lid. The sea was black and loud. Somebody was standing at the rail where he always stood, on every crossing, for nine years.',
          'She turned round and said his name. His real one.',
        ],
      ],
    ],
  },
  {
    slug: 'rain-on-the-tin-roof',
    title: 'Rain on the Tin Roof',
    author: 'Amara Quist',
    genres: ['DC'],
    priceCents: 0,
    isbn: '9780000000088',
    publishedDaysAgo: 24,
    description: 'Short poems about weather, kitchens and the people who wait in them. Free to read, and to read aloud.',
    cover: { palette: ['#caf0f8', '#03045e', '#0077b6'], motif: 'lines' },
    chapters: [
      [
        'Morning',
        [
          'Rain on the tin roof —<br/>my grandmother counting<br/>the spoons in Welsh.',
          'The kettle clicks off.<br/>Somewhere in the next field<br/>a gate is arguing.',
        ],
      ],
      [
        'Evening',
        [
          'The washing, forgotten,<br/>has taken in the whole sky<br/>and hangs there, heavy.',
          'Lamp on. The window<br/>gives me back a woman<br/>who looks like my mother.',
        ],
      ],
    ],
  },
  {
    slug: 'the-clockmakers-apprentice',
    title: 'The Clockmaker’s Apprentice',
    author: 'Oriel Thistlewood',
    genres: ['FM', 'YF'],
    priceCents: 699,
    isbn: '9780000000095',
    publishedDaysAgo: 27,
    description: 'Pim has one rule at Master Huyg’s shop: never wind the black clock. On the night of the storm, the black clock winds itself.',
    cover: { palette: ['#3d405b', '#f4f1de', '#e07a5f'], motif: 'suns' },
    chapters: [
      [
        'The Black Clock',
        [
          'There were three hundred and twelve clocks in the shop and Pim had wound every one of them except the black one on the top shelf, which had no numbers on its face and a keyhole shaped like a crescent moon.',
          '“Why not?” Pim had asked once. Master Huyg had stopped polishing his spectacles. “Because it does not tell the time,” he said. “It tells time what to do.”',
        ],
      ],
      [
        'Midnight, Roughly',
        [
          'The storm took the shutters at eleven. At twelve, all three hundred and eleven ordinary clocks struck together, and then stopped.',
          'In the silence, very softly, the black clock began to tick.',
        ],
      ],
    ],
  },
  {
    slug: 'salt-and-iron',
    title: 'Salt and Iron',
    author: 'Dev Anand Sorel',
    genres: ['FL', 'FJ'],
    priceCents: 1199,
    discountCents: 799,
    isbn: '9780000000101',
    publishedDaysAgo: 30,
    description: 'On a drowned Earth, the salvage ship Kestrel dives for the last working reactor. Its crew are not the only ones looking.',
    cover: { palette: ['#023047', '#8ecae6', '#fb8500'], motif: 'lines' },
    chapters: [
      [
        'The Dive',
        [
          'The city was two hundred metres down and still lit in places, which nobody liked to talk about. Rue went first because she was smallest and because she was the only one who did not mind the fish.',
          'The reactor hall was exactly where the old maps said. So were the other divers.',
        ],
      ],
      [
        'Parley',
        [
          'They met in the flooded turbine room, lamps on, knives out, and nobody moved for a long moment. Then their leader raised a hand and tapped her helmet twice: <em>talk</em>.',
          'Rue had never talked to a rival crew. She had heard what happened to people who did.',
        ],
      ],
    ],
  },
  {
    slug: 'a-year-of-walking',
    title: 'A Year of Walking',
    author: 'Tobias Penhale',
    genres: ['WT', 'DN'],
    priceCents: 1499,
    isbn: '9780000000118',
    publishedDaysAgo: 33,
    imprint: true,
    description:
      'Four thousand kilometres on foot around the coast of Britain, in the company of sheep, storms and the occasional very kind stranger with a spare room.',
    cover: { palette: ['#e0e1dd', '#415a77', '#778da9'], motif: 'lines' },
    chapters: [
      [
        'Setting Out',
        [
          'I left from my own front door because it seemed dishonest to take a train to the start. It rained for the first nine days, which I took as a test of character. I failed it on the fourth.',
          'Everything I owned for the year weighed eleven kilos. By March I had learned that nine of them were unnecessary.',
        ],
      ],
      [
        'The Kindness of Farmers',
        [
          'A farmer in Kent let me sleep in his lambing shed and woke me at three to help with a breech birth. I have never been so useful or so frightened.',
          'The lamb lived. He named it after me, which I choose to see as an honour.',
        ],
      ],
    ],
  },
  {
    slug: 'the-ghost-of-ashdown-hall',
    title: 'The Ghost of Ashdown Hall',
    author: 'Morwenna Blackwood',
    genres: ['FK'],
    priceCents: 599,
    isbn: '9780000000125',
    publishedDaysAgo: 36,
    description: 'The new caretaker of Ashdown Hall was warned about the footsteps. Nobody warned her that they would start answering back.',
    cover: { palette: ['#1b1b1e', '#d8dbe2', '#a9bcd0'], motif: 'suns' },
    chapters: [
      [
        'The Long Gallery',
        [
          'The footsteps began at ten past midnight, exactly as the estate agent had promised, and Frances lay in bed and counted them: twenty-two along the gallery, a pause at the portrait of the second earl, then eleven back.',
          'On the fourth night, to be companionable, she knocked twice on the wall. The footsteps stopped. Then, very politely, something knocked twice back.',
        ],
      ],
      [
        'Correspondence',
        [
          'She began to leave notes. It seemed the civil thing to do. <em>I hope the new boiler is not too noisy.</em>',
          'In the morning the note was still there, but someone had underlined <em>noisy</em> and added, in faded brown ink, <em>not as noisy as the last one.</em>',
        ],
      ],
    ],
  },
  {
    slug: 'the-summer-of-second-chances',
    title: 'The Summer of Second Chances',
    author: 'Lila Moreau',
    genres: ['FR'],
    priceCents: 499,
    isbn: '9780000000132',
    publishedDaysAgo: 39,
    description:
      'Cass swore she would never go back to Porthallow. Then her aunt left her a failing ice-cream kiosk — and the only man who can fix its freezer is the one she left at the altar.',
    cover: { palette: ['#ffcad4', '#9d4edd', '#f4acb7'], motif: 'suns' },
    chapters: [
      [
        'The Kiosk',
        [
          'The kiosk was painted the pink of a sunburned tourist and leaned slightly towards the sea, as if it too was thinking of leaving. Cass stood in front of it with the key in her hand and the will in her bag.',
          'Behind her, somebody cleared their throat. She knew that throat.',
        ],
      ],
      [
        'Freezer Trouble',
        [
          '“It needs a new compressor,” Joe said, from inside the freezer, where he had been for twenty minutes and where, Cass felt, he should probably stay.',
          '“How much?” “For you,” he said, emerging, “full price.”',
        ],
      ],
    ],
  },
  {
    slug: 'the-patient-mountain',
    title: 'The Patient Mountain',
    subtitle: 'Notes on attention',
    author: 'Kenji Arlow',
    genres: ['VS'],
    priceCents: 999,
    isbn: '9780000000149',
    publishedDaysAgo: 42,
    description: 'Short essays on paying attention in a distracted age, written over a winter spent in a mountain hut with one window and no signal.',
    cover: { palette: ['#f8f9fa', '#495057', '#adb5bd'], motif: 'lines' },
    chapters: [
      [
        'One Window',
        [
          'The hut had one window, and it faced the mountain. For the first week I found this oppressive. By the second I had stopped noticing the mountain at all, which is a different kind of problem.',
          'Attention is not a muscle. It is more like a garden: it grows what you plant and what you allow.',
        ],
      ],
      [
        'The Phone in the Drawer',
        [
          'I put my phone in the drawer on the first day, where it had nothing to do, having no signal. I still opened the drawer eleven times that afternoon.',
          'It was not the phone I wanted. It was the feeling of something about to happen.',
        ],
      ],
    ],
  },
  {
    slug: 'the-mapmakers-war',
    title: 'The Mapmaker’s War',
    author: 'Isobel Marchetti',
    genres: ['FV'],
    priceCents: 1199,
    isbn: '9780000000156',
    publishedDaysAgo: 45,
    imprint: true,
    description: 'The sequel to The Cartographer’s Daughter. Lucia’s islands are on every chart in Europe now — and three navies want to know who drew them.',
    cover: { palette: ['#ede0d4', '#7f5539', '#9c6644'], motif: 'lines' },
    chapters: [
      [
        'The Spanish Envoy',
        [
          'The envoy brought a copy of her chart, unrolled it on the workshop table and weighed its corners with four gold coins. “Who drew this?” he asked.',
          'Her father, who had been dead since Lent, could not answer. Lucia could, and did not.',
        ],
      ],
      [
        'Ink and Salt',
        [
          'That night she burned every draft in the workshop stove, sheet by sheet, and watched the islands curl and blacken and vanish.',
          'She kept one. She was not, after all, a fool.',
        ],
      ],
    ],
  },
  {
    slug: 'la-maison-des-abeilles',
    title: 'La Maison des abeilles',
    author: 'Élodie Garnier',
    language: 'fr',
    genres: ['FB'],
    priceCents: 899,
    isbn: '9780000000163',
    publishedDaysAgo: 48,
    description: 'Dans une ferme de l’Ardèche, trois générations de femmes et quarante ruches traversent l’été le plus chaud depuis cent ans.',
    cover: { palette: ['#ffd166', '#3d2c2e', '#ef476f'], motif: 'orchard' },
    chapters: [
      [
        'Juin',
        [
          'Les abeilles sont arrivées avant nous, disait toujours ma grand-mère, et elles partiront après. Cette année-là, en juin, j’ai commencé à avoir peur qu’elle se trompe.',
          'Il faisait trente-huit degrés à l’ombre, et il n’y avait plus d’ombre.',
        ],
      ],
      [
        'Juillet',
        [
          'Ma mère a installé des bassines d’eau entre les ruches, avec des bouchons de liège pour que les abeilles ne se noient pas. Le matin, elles étaient couvertes d’ailes dorées.',
          'Ma grand-mère, elle, parlait aux ruches. Elle leur racontait les nouvelles du village, comme autrefois.',
        ],
      ],
    ],
  },
  {
    slug: 'el-jardin-de-invierno',
    title: 'El jardín de invierno',
    author: 'Mateo Ibarra',
    language: 'es',
    genres: ['FB', 'DC'],
    priceCents: 0,
    isbn: '9780000000170',
    publishedDaysAgo: 51,
    description: 'Un viudo cuida el invernadero que construyó su mujer, y descubre que las plantas guardan sus conversaciones. Gratis.',
    cover: { palette: ['#d8f3dc', '#1b4332', '#52b788'], motif: 'orchard' },
    chapters: [
      [
        'Las orquídeas',
        [
          'Amparo tenía cuarenta orquídeas y un nombre para cada una. Yo no sabía ninguno. Durante el primer invierno sin ella, las regué por orden de altura, que es la única manera que se le ocurre a un ingeniero.',
          'La más pequeña floreció en febrero. Amparo la llamaba Paciencia.',
        ],
      ],
      [
        'El cuaderno',
        [
          'Encontré su cuaderno bajo la mesa de las macetas, con tierra en las esquinas. Había apuntado el riego, la luz, la temperatura. Y, al margen, frases sueltas.',
          '<em>Hoy Julián ha vuelto a silbar.</em> No sabía que ella me oía silbar.',
        ],
      ],
    ],
  },
  {
    slug: 'the-accidental-detective',
    title: 'The Accidental Detective',
    author: 'Hester Quill',
    genres: ['FF', 'FU'],
    priceCents: 799,
    isbn: '9780000000187',
    publishedDaysAgo: 54,
    description: 'Winifred Ashby returns in a case of a missing prize marrow, a stolen church roof and a vicar who knows more than he is saying.',
    cover: { palette: ['#ccd5ae', '#283618', '#dda15e'], motif: 'jars' },
    chapters: [
      [
        'The Marrow',
        [
          'The marrow had been the size of a small canoe, and now it was gone, and Mr Fairbrother was taking it harder than he had taken his divorce.',
          'Winifred, who had only come to the allotments for rhubarb, found herself holding his hand and a clipboard.',
        ],
      ],
      [
        'The Roof',
        [
          'It was the lead from the church roof that went next, and then Winifred began, reluctantly, to draw a map.',
          'There was only one person in the village with both a trailer and a grudge, and she was ninety-one.',
        ],
      ],
    ],
  },
  {
    slug: 'the-last-train-to-lisbon',
    title: 'The Last Train to Lisbon',
    author: 'Conrad Vale',
    genres: ['FH', 'FV'],
    priceCents: 999,
    discountCents: 699,
    isbn: '9780000000194',
    publishedDaysAgo: 57,
    description: 'Summer, 1940. Everyone in Europe wants a seat on the last train out of Hendaye. A British courier has two tickets and three passengers.',
    cover: { palette: ['#fefae0', '#bc6c25', '#606c38'], motif: 'lines' },
    chapters: [
      [
        'Hendaye',
        [
          'The station was full of people pretending not to be afraid, which is louder than fear. Margaret Shaw had two tickets sewn into her coat lining and a list of names in her head.',
          'There were three names on the list.',
        ],
      ],
      [
        'The Border',
        [
          'At the border the guards took the train apart, compartment by compartment. Margaret counted them through the wall: eight men, one dog, and an officer who whistled Schubert.',
          'The dog was the problem. The dog did not care what anyone’s papers said.',
        ],
      ],
    ],
  },
  {
    slug: 'writing-the-first-draft',
    title: 'Writing the First Draft',
    subtitle: 'A short guide for the long haul',
    author: 'Ada Author',
    genres: ['VS'],
    priceCents: 0,
    isbn: '9780000000200',
    publishedDaysAgo: 60,
    description: 'A free companion to The Patient Draft: thirty small habits for getting a first draft finished, one page each.',
    cover: { palette: ['#fff3b0', '#335c67', '#e09f3e'], motif: 'lines' },
    chapters: [
      [
        'Habit One: Lower the Bar',
        [
          'A first draft is not a book. It is the material a book is made from. Write it badly on purpose, and you will be surprised how often it comes out well.',
          'Set a word count so small that you are embarrassed by it. Then beat it.',
        ],
      ],
      [
        'Habit Two: Stop Mid-Sentence',
        [
          'End each session in the middle of a sentence you know how to finish. Tomorrow you will sit down and finish it, and by then you will be writing.',
          'Hemingway said something like this. He was right about this, at least.',
        ],
      ],
    ],
  },
  {
    // The demo author's one paid book, so her earnings on /settings/billing have something to show.
    slug: 'the-second-draft',
    title: 'The Second Draft',
    subtitle: 'Revising a novel without losing your nerve',
    author: 'Ada Author',
    genres: ['VS'],
    priceCents: 699,
    isbn: '9780000000217',
    publishedDaysAgo: 12,
    description:
      'The sequel to The Patient Draft: how to read your own first draft, decide what it is about, and rewrite it in passes, from structure down to the sentence.',
    cover: { palette: ['#f4f1de', '#3d405b', '#e07a5f'], motif: 'lines' },
    chapters: [
      [
        'Read It Once, Without a Pen',
        [
          'Put the draft away for a month. When you take it out, read it in two sittings at most, as a reader would, and do not fix a single comma.',
          'Afterwards write one paragraph: what is this book about? Not what you meant it to be about. What it is.',
        ],
      ],
      [
        'Revise in Passes',
        [
          'Structure first, then scenes, then paragraphs, then sentences. Polishing a sentence in a chapter you will cut is the most pleasant way there is to waste a week.',
          'Each pass has one question. Keep it on a card beside the keyboard, and ignore everything the card does not ask.',
        ],
      ],
    ],
  },
];

export const CATALOGUE_BOOKS: DemoBook[] = ENTRIES.map(book);
