/** Demo book: a practical guide to writing, written for Quire. Free, by the demo author. */
import type { DemoBook } from './types';

export const thePatientDraft: DemoBook = {
  slug: 'the-patient-draft',
  title: 'The Patient Draft',
  subtitle: 'A Practical Guide to Finishing What You Write',
  description:
    'Most unfinished books are not abandoned for lack of talent but for lack of a method. Four short chapters on scoping a project you can actually finish, keeping a daily page, revising by reading slowly, and showing your work to other people without losing your nerve.',
  contributors: [{ name: 'Ada Author', role: 'author', account: 'author' }],
  publisher: 'Quire Originals',
  imprint: false,
  isbn: '9798614309275',
  priceCents: 0,
  genres: ['VS', 'DN'],
  featured: false,
  publishedDaysAgo: 25,
  cover: { palette: ['#f3efe6', '#1d3557', '#e63946'], motif: 'lines', titleLines: ['The Patient', 'Draft'], author: 'Ada Author' },
  chapters: [
    {
      title: 'Start Smaller Than You Think',
      xhtml: `<h1>Start Smaller Than You Think</h1>
<p>The most common reason a book goes unfinished is that it was never a book to begin with. It was a weather system: a mood, a setting, three characters and a feeling about the ending. Weather is wonderful to write in, and impossible to finish, because it has no edges.</p>
<p>Before you write another page, give your project edges. Write one sentence that says what happens, or what the reader will know by the end that they did not know at the start. Not what it is <em>about</em> — every book is about love and time — but what it <em>does</em>. “A widowed beekeeper teaches her grandson to lie, and regrets it.” “How to plan a vegetable garden on a north-facing balcony.” If you cannot write the sentence, you are not ready to draft; you are ready to explore, which is different and also fine, as long as you know which one you are doing.</p>
<p>Next, choose a length you can imagine finishing. For a first book, that is almost always shorter than you want. A novella of thirty thousand words is a real book. A guide of twelve short chapters is a real book. You can write a long one next time, with the confidence of somebody who knows what the end of a draft feels like.</p>
<blockquote><p>A finished small thing teaches you more than an unfinished large one, because only the finished one shows you its whole shape.</p></blockquote>
<p>Finally, make a list of the scenes or sections you expect to write. Keep it rough: a line each, in whatever order they occur to you. This list is not a contract. It will change as soon as you start, and that is the point; a plan is something to depart from, and you cannot depart from nothing. When you lose your way in the middle — and you will — the list is how you find the road again.</p>
<p>Put the sentence, the length and the list on one page. Pin it somewhere you will see it. That page is the book’s edges, and everything in this guide assumes you have drawn them.</p>`,
    },
    {
      title: 'The Daily Page',
      xhtml: `<h1>The Daily Page</h1>
<p>Books are finished by people who work on them often, not by people who work on them hard. A page a day is three hundred and sixty-five pages a year, and almost nobody who writes a page a day actually stops at one.</p>
<p>The daily page has three rules. It is small enough that you can do it on your worst day. It happens at roughly the same time, so that you are not deciding each day whether to write. And it counts even when it is bad. Especially when it is bad: a bad page is raw material, and a blank page is nothing at all.</p>
<p>Choose your unit honestly. For some people it is two hundred words, for others twenty minutes with the phone in another room. Do not choose the number you admire; choose the number you will still be doing in March.</p>
<hr/>
<p>When you sit down, do not reread yesterday’s work from the beginning. Read the last paragraph only, then write the next sentence. Rereading invites revising, and revising during a draft is how drafts die: you polish the first chapter until it shines and never meet the second.</p>
<p>If you are stuck, lower the stakes. Write the scene as a summary — “they argue about the money, she leaves, he finds the letter” — and move on. Write a note to yourself in square brackets: <em>[something better here]</em>. Write the scene you are looking forward to instead of the one you are dreading. The brackets and summaries are promises to your future self, and your future self, with the whole draft in front of her, will be far better at keeping them.</p>
<p>At the end of each session, stop in the middle of a sentence you know how to finish. It sounds like a trick, and it is one, and it works: tomorrow you will sit down already knowing the next five words.</p>`,
    },
    {
      title: 'Revision Is Reading Slowly',
      xhtml: `<h1>Revision Is Reading Slowly</h1>
<p>When the draft is done, put it away. A fortnight is good; a month is better. You are waiting until you can read it as a stranger would, and strangers are the only readers you will ever have.</p>
<p>Then read it all the way through, in as few sittings as you can, without fixing anything. Keep a notebook beside you and write down only two kinds of thing: where you got bored, and where you got confused. Boredom and confusion are the two honest signals a reader gives; everything else is taste.</p>
<p>Now revise from the largest problems to the smallest. First structure: is anything missing, anything in the wrong order, anything that happens twice? Then scenes: does each one change something, or could the book lose it and not notice? Only then sentences. It is heartbreaking to spend an afternoon perfecting a paragraph in a chapter you are about to cut.</p>
<blockquote><p>Cutting is not failure. It is the draft telling you what the book is.</p></blockquote>
<p>At the sentence level, read aloud. Your ear will catch what your eye slides past: repeated words, sentences that run out of breath, dialogue no human would say. Circle every adverb and ask whether a stronger verb would do its job. Look for the words you lean on — everyone has them; mine are <em>just</em> and <em>quite</em> — and search for them deliberately.</p>
<p>Expect two or three passes. Expect the third to be smaller than the first. When you find yourself changing a word and then changing it back, the draft is telling you something else: it is time to let someone else read it.</p>`,
    },
    {
      title: 'Showing Your Work',
      xhtml: `<h1>Showing Your Work</h1>
<p>Handing a manuscript to another person is frightening because it is the moment the book stops being a possibility and becomes a thing that can be judged. That fear does not go away with experience. You simply get used to walking through it.</p>
<p>Choose your first readers on purpose. You want two or three people who read the kind of book you have written, who will be honest, and who are not in love with you. Friends are fine if they can manage all three. Tell them what you need: “Where did you get bored? Where were you confused? What do you think happens in the book?” That last question is the most useful one there is, because the answer is often not what you meant, and the gap is where the work is.</p>
<p>When the notes come back, read them once, then put them down for a day. Do not reply, argue or explain. You will not be in the room when a stranger reads your book, so your explanation is not part of the book; only the page is.</p>
<hr/>
<p>When a note stings, ask what the reader noticed rather than what they suggested. Readers are very good at finding problems and often poor at fixing them. “Cut the sister” may mean “I didn’t understand why the sister mattered,” and the fix may be one line in chapter two.</p>
<p>If two readers independently stumble at the same place, believe them. If one reader hates something the others loved, consider it, and then feel free to keep it. It is your book. The aim of feedback is not to write a book everyone approves of; it is to write the book you meant to, so clearly that the right readers can find it.</p>
<p>And then, one day, you will make a final pass, and fix a last comma, and realise that you are done — not because the book is perfect, but because it is finished. That is a different feeling, and a better one. Go and start the next.</p>`,
    },
  ],
};
