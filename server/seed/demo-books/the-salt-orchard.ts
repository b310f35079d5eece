/** Demo book: a literary short novel, written for Quire. */
import type { DemoBook } from './types';

export const theSaltOrchard: DemoBook = {
  slug: 'the-salt-orchard',
  title: 'The Salt Orchard',
  subtitle: 'A Novel',
  description:
    'When the sea begins to seep under the old wall of her grandmother’s island orchard, Liv Arnesen has one winter to decide what is worth saving: the trees, the notebooks her grandmother left in the apple loft, or the life she abandoned on the mainland.',
  contributors: [{ name: 'Marit Solberg', role: 'author' }],
  publisher: 'Lantern House',
  imprint: true,
  isbn: '9798204517363',
  priceCents: 1299,
  genres: ['FB', 'FBA'],
  featured: true,
  publishedDaysAgo: 4,
  cover: { palette: ['#0f3b3a', '#e8d9b5', '#c4532d'], motif: 'orchard', titleLines: ['The Salt', 'Orchard'], author: 'Marit Solberg' },
  chapters: [
    {
      title: 'The Wall',
      xhtml: `<h1>The Wall</h1>
<p>The ferry put Liv ashore an hour before dark, which on the island in November meant a little after three. She carried one bag up the track from the jetty and did not look at the orchard until she reached the gate, because she had promised herself she would look at it properly or not at all.</p>
<p>The wall was the first thing. Her grandfather had built it the summer before Liv was born, a low spine of grey stones laid without mortar along the seaward edge of the land, and for forty years it had kept the spray off the trees. Now there was a gap in it the width of a cart. The stones had not fallen so much as been taken, one by one, by something patient. Beyond the gap the grass was the wrong colour, a pale rusted yellow, and the nearest three trees stood in it like people who had stopped in the middle of a sentence.</p>
<p>She put her bag down and walked to the first of them. It was an old Gravenstein, one of the trees her grandmother had called by name. <em>Old Sigrid.</em> The bark came away under her thumb in soft flakes. When she crouched and pushed her fingers into the soil at its foot, they came up wet, and when she touched them to her tongue, because she had to know, they tasted of the harbour.</p>
<p>Inside, the house smelled of cold paper and paraffin. Someone from the village had turned the water on and left a loaf on the table with a note that said only <em>Welcome home — Bente</em>, and the kindness of it made Liv sit down on the kitchen bench with her coat still on. She had not been home in six years. She had not come back for the funeral, because the funeral had been in March, in a storm, and the ferry had not run, and she had let that be the reason.</p>
<p>Later, with the stove lit and the loaf half gone, she climbed the ladder to the apple loft. The slatted shelves were bare, swept clean, except for the far end, where her grandmother had kept the wooden box that held the orchard books. There were eleven of them, cloth-bound, each labelled with a span of years in fading ink. Liv took down the last, which had no end date, and opened it at the ribbon.</p>
<blockquote><p>The sea came through at the north corner again tonight. I have told no one. If Liv comes, she will know what to do, or she will know whom to ask, which is the same thing.</p></blockquote>
<p>She read the line three times. Then she closed the book, and sat in the dark of the loft with it on her knees, listening to the water turning over the stones below the house, as if it were looking for something it had dropped.</p>`,
    },
    {
      title: 'Brine',
      xhtml: `<h1>Brine</h1>
<p>In the morning the village came to look at her. Not all at once, and never with any admission that looking was the purpose. Bente came with eggs. Her husband, Per, came an hour later to ask whether Bente had left the eggs. The schoolteacher came to return a book that had been borrowed, she said, in about 1998.</p>
<p>It was Per who walked the wall with her. He was a large, quiet man who had fished until his knees gave out and now mended nets for those who still did, and he walked the way fishermen walk on land, as if the ground might shift.</p>
<p>“It’s not the storms,” he said, at the gap. “Storms we had always. It’s the tide. The tide comes higher every year. A hand’s width, maybe. You don’t see it, and then one spring the well tastes wrong.”</p>
<p>“Can the wall be rebuilt?”</p>
<p>He considered the stones for a while. “A wall can always be rebuilt,” he said. “That isn’t the question.”</p>
<p>She waited, but he did not tell her what the question was, and she understood that he expected her to know.</p>
<hr/>
<p>The orchard books were not diaries, or not only. Her grandmother had written down each year’s weather, the date of first blossom, the yield of every tree by name, which grafts had taken and which had failed. Between the figures were sentences that had nothing to do with apples. <em>Liv rang. She sounded tired.</em> <em>Per’s boat sold. He did not come to coffee.</em> <em>Frost on the twelfth; I covered the young Ingrid Maries with my good sheets and felt foolish and then glad.</em></p>
<p>Liv read them at the kitchen table, in order, through three days of rain. She learned that the orchard had nearly failed once before, in 1971, to canker, and that her grandmother had saved it by cutting it back so hard that the village thought she had lost her mind. She learned that a tree called Tobias, planted the week Liv’s father was born, had been grafted onto a rootstock from a wild crab apple that grew on the cliff above the landing, and that it was the only tree on the seaward side still bearing.</p>
<p>On the fourth day the rain stopped. She went out with the pruning saw and the notebook, and stood at the foot of the crab apple on the cliff, where for a hundred years or more something had been growing in salt wind with its roots in rock, and had not died.</p>
<p>“All right,” she said aloud, to no one, to the tree. “Show me.”</p>`,
    },
    {
      title: 'What the Trees Kept',
      xhtml: `<h1>What the Trees Kept</h1>
<p>Grafting is a winter task. The trees are asleep and do not notice what is done to them, or forgive it more easily; her grandmother had written both, on different pages, and Liv suspected she had believed both.</p>
<p>She cut scion wood from the old trees before the worst of the salt could reach them: pencil-thick lengths of last year’s growth, wrapped in damp newspaper and kept in the cold of the apple loft. From the crab apple on the cliff she dug suckers, small rooted shoots that came up around its base, and potted them in the lee of the house. Per brought her a grafting knife that had belonged to his father, sharpened until it frightened her, and showed her the whip-and-tongue cut with a patience that suggested he had been waiting years for someone to ask.</p>
<p>By February she had forty-one grafts standing in buckets along the south wall. Each had a label in her grandmother’s style: the name of the old tree above, <em>on cliff crab</em> below. She did not know if any would take. The books said to expect half.</p>
<hr/>
<p>The wall she did not rebuild. She let the sea have the north corner, as far as the third row, and when the ground there had gone fully to salt she planted it with sea kale and samphire, which Bente said nobody would eat and then ate. Along the new edge, a little inland, she and Per and, eventually, half the village laid a second wall, lower and looser than the first, with gaps at intervals so the water could come and go without having to argue.</p>
<p>“Your grandfather would hate it,” Per said, fitting a stone.</p>
<p>“My grandmother wouldn’t.”</p>
<p>“No,” he agreed. “She’d have written it down.”</p>
<hr/>
<p>In May the grafts broke bud. Not half: thirty-three of forty-one, small folded leaves the bright green of something that has not yet been disappointed. Liv stood among the buckets in the early light with the twelfth orchard book open in her hand and a pencil behind her ear, and after a while she wrote the date at the top of a clean page, and below it, the first line of her own.</p>
<blockquote><p>Thirty-three took. Old Sigrid among them. The sea came through at the north corner again last night, and it was all right. We had made room for it.</p></blockquote>`,
    },
  ],
};
