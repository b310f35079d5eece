/** Demo book: a cosy mystery, written for Quire. */
import type { DemoBook } from './types';

export const marmaladeFete: DemoBook = {
  slug: 'murder-at-the-marmalade-fete',
  title: 'Murder at the Marmalade Fête',
  subtitle: 'A Pennywhistle Green Mystery',
  description:
    'Retired postmistress Winifred Ashby has judged the Pennywhistle Green marmalade competition for nineteen years without incident. This year the guest judge collapses over jar number seven, the village’s only detective is on holiday in Portugal, and Winifred has a bicycle, a notebook and a very good memory for handwriting.',
  contributors: [{ name: 'Hester Quill', role: 'author' }],
  publisher: 'Lantern House',
  imprint: true,
  isbn: '9798351882048',
  priceCents: 899,
  genres: ['FF', 'FU'],
  featured: true,
  publishedDaysAgo: 11,
  cover: { palette: ['#f4a62a', '#2b2140', '#fff4dc'], motif: 'jars', titleLines: ['Murder at the', 'Marmalade', 'Fête'], author: 'Hester Quill' },
  chapters: [
    {
      title: 'The Judging Tent',
      xhtml: `<h1>The Judging Tent</h1>
<p>There are, Winifred Ashby maintained, only three things a marmalade judge truly needs: a clean spoon for every jar, a glass of water between tastings, and the moral courage to tell the vicar’s wife that her peel is cut too thick. For nineteen summers she had brought all three to the judging tent on Pennywhistle Green, and for nineteen summers the worst thing to happen had been the year a wasp got into the Seville Orange, Traditional.</p>
<p>This year, the fête committee had decided the competition needed <em>a bit of glamour</em>, and so Winifred was sharing the trestle table with Mr Lionel Dacre, who had once presented a television programme about jam and had never, as far as Winifred could tell, stopped presenting it.</p>
<p>“Darlings,” he said to the jars, as they were carried in. There were twelve. He said it to each one.</p>
<p>The tent was warm and smelled of canvas and sugar. Outside, the brass band was losing a disagreement with the tombola’s loudspeaker. Winifred arranged her spoons, her water and her scoring cards, and noted without comment that Mr Dacre had brought his own spoon, a heavy silver one with a crest, which he polished on a handkerchief before each jar as though the marmalade might otherwise be unworthy of it.</p>
<p>Jars one to six passed without drama. Mrs Pryce’s Three Fruit was, as ever, faultless and dull. The Colonel’s whisky marmalade contained, in Winifred’s opinion, more Colonel than marmalade. Mr Dacre awarded everything an eight and said “bright” a great deal.</p>
<p>Jar number seven had a plain lid and a handwritten label — <em>Bitter Orange &amp; Ginger</em> — in a neat, backward-sloping hand that Winifred was quite certain she had seen before, on an envelope, at the counter of the post office, some time in the last ten years. She had sorted the village’s post for thirty-one years. She did not forget handwriting any more than other people forgot faces.</p>
<p>Mr Dacre dipped his silver spoon, tasted, closed his eyes, and said, “Oh, now <em>that</em> is—”</p>
<p>He did not say what it was. He set the spoon down very carefully, as if it had become heavy, and then he put both hands flat on the trestle table, and then he was not sitting on his chair any more but lying beside it on the grass, with his eyes open and looking at nothing at all.</p>
<p>Winifred was first at his side. She was also, she would reflect later that evening, the only person in the tent who noticed that jar number seven had vanished from the table before the ambulance arrived.</p>`,
    },
    {
      title: 'A Jar Too Many',
      xhtml: `<h1>A Jar Too Many</h1>
<p>Detective Sergeant Okonjo was in the Algarve, and had sent a postcard to the police house to prove it. In his place came a young constable from the county town called Fitch, who had a new notebook and an air of wanting very much for everything to turn out to be a heart attack.</p>
<p>“It’s possible,” Winifred allowed, over tea in her front room. “He was sixty-eight and ate a great deal of sugar for a living. But there were twelve jars entered, Constable, and I have the entry book, and I count thirteen rings on the tablecloth.”</p>
<p>Fitch looked at the tablecloth, which Winifred had folded into a pillowcase and brought home, because nobody had told her not to. He looked at the entry book. He wrote something down, and Winifred suspected it was the word <em>tablecloth</em>.</p>
<p>“Someone brought an extra jar into the tent,” she went on, “put it among the entries, and took it away again afterwards. Jar seven was not entered by anyone. I’ve checked every name. And I knew the hand on its label.”</p>
<p>“Whose?”</p>
<p>“That,” said Winifred, “is the trouble. I know I’ve seen it. I can see the envelope. Cream, good paper, a London postmark. I cannot for the life of me see the name on the back.”</p>
<hr/>
<p>She spent the evening with the parish magazine’s back numbers, which she kept, and a magnifying glass, which she had bought for stamps. The village was small. The number of people who wrote letters on good cream paper to London was smaller. By ten o’clock she had a list of four.</p>
<p>By eleven she had crossed off the Colonel, whose hand was a furious scrawl, and Mrs Pryce, who wrote everything in capitals as if the world were slightly deaf. That left the vicar’s wife, Evangeline Hart, who sent her marmalade to her sister in Highgate every Christmas — and Mr Dacre’s own nephew, Rupert, who had arrived in the village three weeks earlier to “help Uncle Lionel with his memoirs”, and whose letters to a solicitor in Lincoln’s Inn Winifred had, by long habit, weighed and franked at the counter before she retired.</p>
<p>She put the magnifying glass down. Outside, someone cycled past the cottage without lights, slowly, as if reading the names on the gates.</p>`,
    },
    {
      title: 'The Vicar’s Bicycle',
      xhtml: `<h1>The Vicar’s Bicycle</h1>
<p>In the morning the vicar’s bicycle was in the ditch by the war memorial, and the vicar, who had not been riding it, was very upset.</p>
<p>“Someone borrowed it,” he told Winifred, pushing it up the lane with her. The front wheel wobbled. “Last night. I never lock it. Nobody in Pennywhistle locks anything.”</p>
<p>“Somebody in Pennywhistle has started to,” said Winifred. She crouched by the basket. Caught in the wicker was a twist of orange peel, cut very fine, glossy with syrup, and beside it a curl of fresh root ginger.</p>
<p>She found Rupert Dacre on the bench outside the Plough, pale and unslept, with his uncle’s manuscript in a carrier bag at his feet. He did not pretend not to know why she had come. People rarely did, with Winifred. It was something about having handed them their pension for twenty years.</p>
<p>“I didn’t put anything in it,” he said. “I swear. I made it, yes. I wanted him to taste it blind. He always said I had no palate, that I’d never amount to anything in the business, and I thought if he scored it a ten without knowing—” He stopped. “It was just marmalade. Bitter orange and ginger. I took the jar back because I panicked. I rode out to throw it in the mill pond and came off the bike in the dark.”</p>
<p>“And the label?”</p>
<p>“Aunt Evangeline wrote it for me. My writing’s awful.”</p>
<p>Winifred sat down beside him. She thought about the backward-sloping hand, and the cream envelopes to Highgate, and the fact that the vicar’s wife had been the one to carry the entries in from the kitchen tent, and the silver spoon with its crest that Mr Dacre had polished so lovingly, on a handkerchief, before every single jar.</p>
<p>“Rupert,” she said, “who gave your uncle that handkerchief?”</p>
<p>He looked at her for a long moment. Then he opened the carrier bag and took out the manuscript, and turned, with shaking hands, to the chapter headed <em>My Years with Evangeline</em>.</p>`,
    },
  ],
};
