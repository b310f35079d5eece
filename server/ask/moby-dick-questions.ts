/**
 * The hand-written retrieval set of "Ask this book": questions a reader of Moby-Dick might ask,
 * each with the chapter that answers it (written from the novel, not from the index's output).
 * Used by `npm run bench:ask` and server/ask/retrieval-quality.test.ts against the Standard Ebooks
 * EPUB at MOBY_DICK_EPUB; the target is the expected chapter in the top 3 for ≥ 80 % of them.
 */
export const MOBY_DICK_EPUB = '/work/shared/fixtures/epub/moby-dick.epub';

export interface QuestionCase {
  question: string;
  /** The start of the expected chapter's title: "Chapter 9." or "Epilogue". */
  chapter: string;
}

export const MOBY_DICK_QUESTIONS: QuestionCase[] = [
  { question: 'Why does Ishmael go to sea whenever there is a damp, drizzly November in his soul?', chapter: 'Chapter 1.' },
  { question: 'Why does Ishmael have to share a bed with a harpooneer at the inn?', chapter: 'Chapter 3.' },
  { question: "What does Ishmael find when he wakes with Queequeg's arm thrown over him?", chapter: 'Chapter 4.' },
  { question: 'How does Father Mapple climb up into his pulpit?', chapter: 'Chapter 8.' },
  { question: 'What lesson does Father Mapple preach from the story of Jonah?', chapter: 'Chapter 9.' },
  { question: 'Is the chowder at the Try Pots made of clams or cod?', chapter: 'Chapter 15.' },
  { question: 'What lay do Peleg and Bildad offer Ishmael when he signs on the Pequod?', chapter: 'Chapter 16.' },
  { question: 'Why does Queequeg sit fasting all day during his Ramadan?', chapter: 'Chapter 17.' },
  { question: 'What does the ragged stranger Elijah prophesy about the ship and its captain?', chapter: 'Chapter 19.' },
  { question: 'How does Ishmael classify the whales into folios, octavos and duodecimos?', chapter: 'Chapter 32.' },
  { question: 'What does Ahab nail to the mainmast for the man who first raises the white whale?', chapter: 'Chapter 36.' },
  { question: 'What is known of the white whale, his wrinkled brow and crooked jaw, and how did he take off Ahab’s leg?', chapter: 'Chapter 41.' },
  { question: 'Why does the whiteness of the whale appal Ishmael above all things?', chapter: 'Chapter 42.' },
  { question: 'How does Ahab use his charts to find the feeding grounds of the sperm whale?', chapter: 'Chapter 44.' },
  { question: "Who are the strange phantoms that crew Ahab's own boat at the first lowering?", chapter: 'Chapter 48.' },
  { question: 'What happened between Steelkilt and the mate Radney on the Town-Ho?', chapter: 'Chapter 54.' },
  { question: 'How does Stubb kill his first whale with the lance?', chapter: 'Chapter 61.' },
  { question: 'What sermon does old Fleece the cook preach to the sharks?', chapter: 'Chapter 64.' },
  { question: "Why is the whale's blubber like a blanket or counterpane?", chapter: 'Chapter 68.' },
  { question: 'How are Ishmael and Queequeg tied together by the monkey-rope?', chapter: 'Chapter 72.' },
  { question: "How is Tashtego saved after he falls into the sperm whale's head?", chapter: 'Chapter 78.' },
  { question: 'What is ambergris and where is it found?', chapter: 'Chapter 92.' },
  { question: 'What became of little Pip after he jumped from the boat and was left in the ocean?', chapter: 'Chapter 93.' },
  { question: 'Why does squeezing the lumps of sperm make Ishmael feel love for his shipmates?', chapter: 'Chapter 94.' },
  { question: 'How do the try-works boil the blubber into oil at night?', chapter: 'Chapter 96.' },
  { question: 'What does each man see in the gold doubloon nailed to the mast?', chapter: 'Chapter 99.' },
  { question: 'How did Captain Boomer of the Samuel Enderby lose his arm?', chapter: 'Chapter 100.' },
  { question: 'Why does Queequeg ask the carpenter to make him a coffin canoe?', chapter: 'Chapter 110.' },
  { question: 'Why does the blacksmith Perth go to sea after his ruin?', chapter: 'Chapter 112.' },
  { question: "How is Ahab's harpoon forged and tempered in the pagans' blood?", chapter: 'Chapter 113.' },
  { question: 'Why does Ahab dash the quadrant to the deck and trample it?', chapter: 'Chapter 118.' },
  { question: 'What happens when the corpusants burn on the masts in the typhoon?', chapter: 'Chapter 119.' },
  { question: 'Why does Starbuck stand at the cabin door with a loaded musket?', chapter: 'Chapter 123.' },
  { question: 'What does the captain of the Rachel beg Ahab to help him search for?', chapter: 'Chapter 128.' },
  { question: "What snatches Ahab's hat from his head at the masthead?", chapter: 'Chapter 130.' },
  { question: 'How does Ishmael survive the sinking, floating on the coffin life-buoy?', chapter: 'Epilogue' },
];
