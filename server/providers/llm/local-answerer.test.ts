import { describe, expect, it } from 'vitest';
import { BRIDGES_SLIDES } from '../../test/fixtures/answer-sets/bridges-deck';
import { givesWhatIsAsked, intentOf, isRecap, liftedFrom, stemOf } from './answer-intents';
import { inflectionsOf, simplePast } from './lemmas';
import {
  composeLocalAnswer,
  directAnswer,
  localAnswerer,
  pickSentences,
  sentencesOf,
} from './local-answerer';
import type { AnswerRequest, Passage } from './types';

const base: Omit<Passage, 'chunkId' | 'text'> = {
  sourceKind: 'caption',
  title: 'Circles',
  heading: '',
  courseId: null,
  videoId: 'v',
  materialId: null,
  startSeconds: 216,
  page: null,
  slide: null,
  rank: 1,
};
const passage = (text: string, patch: Partial<Passage> = {}): Passage => ({
  ...base,
  chunkId: 'a',
  text,
  ...patch,
});
const request = (
  passages: Passage[],
  teachingMode: 'direct' | 'hints' = 'direct',
  question = 'What is the area of a circle?',
): AnswerRequest => ({
  guru: { name: 'Geo', subject: 'Geometry', instructions: '', teachingMode },
  question,
  passages,
  terms: [],
  history: [],
});
const pick = (question: string, text: string, patch: Partial<Passage> = {}) =>
  pickSentences(question, [passage(text, patch)]).sentences;

describe('local answerer', () => {
  it('answers with the sentences that hold the question’s words, in the order the material says them', () => {
    const text =
      'Circles are round. The area of a circle is pi times the radius squared. Pi is about three. Square the radius first.';
    // "Circles are round." holds one of the two words: not an answer beside the sentence holding both.
    expect(pick('What is the area of a circle?', text)).toEqual([
      'The area of a circle is pi times the radius squared.',
    ]);
    const areaAndPi =
      'Pi is about three. The area of a circle is pi r squared. A circle has an area and a centre.';
    expect(pick('What is the area of a circle?', areaAndPi)).toEqual([
      'The area of a circle is pi r squared.',
      'A circle has an area and a centre.',
    ]);
    // Plain prose: only the material's sentences, and where they are is never written into the text.
    expect(composeLocalAnswer(request([passage(text)]))).toBe(
      'The area of a circle is pi times the radius squared.',
    );
  });

  it('answers from the first passage, the one its first citation shows', () => {
    const first = passage('A radius goes from the centre to the edge.', { chunkId: 'first' });
    const second = passage('The area of a circle is pi times the radius squared.', { chunkId: 'second' });
    expect(pickSentences('What is the area of a circle?', [first, second]).source.chunkId).toBe('first');
  });

  it('picks the sentence giving what was asked: a cause, a quantity, a definition', () => {
    const ice =
      'Ice is frozen water. Ice floats because water expands when it freezes. Icebergs can be huge.';
    expect(pick('Why does ice float?', ice)).toEqual(['Ice floats because water expands when it freezes.']);
    const tree =
      'Trees give off water vapour. A large oak tree can give off more than 400 litres of water on a hot day.';
    expect(pick('How much water can a tree give off?', tree).join(' ')).toContain('400 litres');
    const clouds =
      'Clouds float high up. Cirrus clouds are thin wisps of ice. A cloud is called cumulus when it is puffy.';
    expect(pick('What is a cumulus cloud?', clouds)).toContain('A cloud is called cumulus when it is puffy.');
  });

  it('weighs a word by how rare it is among the passages found: the course-wide word says least', () => {
    const matters = passage(
      'The water cycle moves heat around the planet. It refills the rivers that farms depend on.',
      { chunkId: 'matters' },
    );
    const others = ['Water evaporates.', 'The water cycle never stops.', 'Water falls as rain.'].map(
      (text, index) => passage(text, { chunkId: `other-${index}` }),
    );
    const { sentences } = pickSentences('Why is the water cycle important for farms?', [matters, ...others]);
    expect(sentences).toContain('It refills the rivers that farms depend on.');
  });

  it('gives the sentence before one that leans on it, and the next step of an explanation', () => {
    const leaf =
      'Plants lose water through pores in their leaves. This loss of water is called transpiration. Roots take water in.';
    expect(pick('What is transpiration?', leaf)).toEqual([
      'Plants lose water through pores in their leaves.',
      'This loss of water is called transpiration.',
    ]);
    const puddle =
      'The sun heats the water in puddles. Heated water turns into an invisible gas. Rain fills puddles again.';
    expect(pick('Why do puddles disappear on a sunny day?', puddle, { heading: '' }).slice(0, 2)).toEqual([
      'The sun heats the water in puddles.',
      'Heated water turns into an invisible gas.',
    ]);
  });

  it('gives both sides of a comparison', () => {
    const text =
      'Cumulus clouds are puffy and white. Weather changes fast. Stratus clouds are flat grey layers. Clouds are water.';
    const answer = pick('What is the difference between cumulus and stratus?', text);
    expect(answer).toContain('Cumulus clouds are puffy and white.');
    expect(answer).toContain('Stratus clouds are flat grey layers.');
  });

  it('reads whole sentences: PDF line breaks joined, a heading glued to the narration left out', () => {
    expect(sentencesOf('Water expands when it\nfreezes. Ice is\nlighter.')).toEqual([
      'Water expands when it freezes.',
      'Ice is lighter.',
    ]);
    const glued = passage('Why Ice Floats Water expands when it freezes. Ice is lighter than water.', {
      heading: 'Why Ice Floats',
      sourceKind: 'segment',
    });
    expect(pickSentences('Why is ice lighter than water?', [glued]).sentences[0]).toBe(
      'Ice is lighter than water.',
    );
  });

  it('answers an FAQ passage with its answer as a whole', () => {
    const faq = passage(
      'Q: What is the area of a circle?\nA: Use pi r squared. Measure the radius carefully.',
      {
        sourceKind: 'guru_faq',
        title: 'Guru FAQ',
        videoId: null,
        startSeconds: null,
      },
    );
    expect(composeLocalAnswer(request([faq]))).toBe('Use pi r squared. Measure the radius carefully.');
  });

  it('streams small deltas that add up to the answer and stops when aborted', async () => {
    const one = passage('The area of a circle is pi times the radius squared.');
    const parts: string[] = [];
    for await (const part of localAnswerer().answer(request([one]))) parts.push(part);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe(composeLocalAnswer(request([one])));

    const controller = new AbortController();
    const aborted: string[] = [];
    for await (const part of localAnswerer().answer(request([one]), controller.signal)) {
      aborted.push(part);
      controller.abort();
    }
    expect(aborted).toHaveLength(1);
  });
});

describe('answers that say what was asked (issue 31, decision 057)', () => {
  const slide = (heading: string, text: string, number: number) =>
    passage(text, { chunkId: `slide-${number}`, heading, sourceKind: 'segment', slide: number });
  const bridges = Object.fromEntries(
    BRIDGES_SLIDES.map((each, index) => [
      each.title,
      slide(each.title, Array.isArray(each.body) ? each.body.join(' ') : each.body, index + 1),
    ]),
  );
  const answer = (question: string, passages: Passage[]) =>
    composeLocalAnswer({ ...request(passages, 'direct', question) });
  const first = (text: string) => /^.+?[.!?](?=\s|$)/.exec(text)?.[0];

  it('states the count asked for, then the course sentence that says it', () => {
    // The demo's Polygons lesson: retrieval ranked the slide saying "how many sides" first.
    const polygons = slide(
      'Polygons',
      'A polygon is a closed shape made only of straight sides. We name a polygon by how many sides it has.',
      1,
    );
    const hexagons = slide(
      'Regular hexagons',
      'A regular hexagon has six equal sides and six equal angles of 120 degrees each.',
      3,
    );
    expect(answer('how many sides does a hexagon have', [polygons, hexagons])).toBe(
      'A hexagon has six sides. A regular hexagon has six equal sides and six equal angles of 120 degrees each.',
    );
    expect(
      first(answer('How many kinds of load does a bridge carry?', [bridges['Forces on a bridge']])),
    ).toBe('A bridge carries two kinds of load.');
    expect(
      first(answer('How long is the main span of the Çanakkale Bridge?', [bridges['Suspension bridges']])),
    ).toBe('The main span of the Çanakkale Bridge is 2,023 metres long.');
  });

  it('answers from the passage that answers, not the first one sharing a word, and cites it first', async () => {
    const question = 'Which bridge type is best for a very long span?';
    const passages = [bridges['Wind and bridges'], bridges['Suspension bridges']];
    expect(first(answer(question, passages))).toBe('Suspension bridges are best for a very long span.');
    let cited: string[] = [];
    const parts: string[] = [];
    for await (const part of localAnswerer().answer({
      ...request(passages, 'direct', question),
      onCite: (ids) => {
        cited = ids;
      },
    }))
      parts.push(part);
    expect(cited).toEqual(['slide-6', 'slide-8']);
    expect(parts.join('')).not.toContain('wind tunnels');
  });

  it('states a definition, a cause, a time, a place and a choice in a sentence of its own', () => {
    expect(first(answer('What is scour and why is it dangerous?', [bridges.Summary, bridges.Scour]))).toBe(
      'Scour is the washing away of sand and gravel from around the foundations of a bridge by fast-flowing water.',
    );
    expect(first(answer('What are abutments?', [bridges['Arch bridges']]))).toBe(
      'Abutments are supports at each end.',
    );
    expect(first(answer('Why are beam bridges short?', [bridges['Beam bridges']]))).toBe(
      'Beam bridges are short because a longer beam sags under its own weight.',
    );
    expect(first(answer('Why is concrete reinforced with steel?', [bridges['Forces on a bridge']]))).toBe(
      'Concrete is reinforced with steel because concrete is strong in compression but weak in tension.',
    );
    expect(first(answer('When did the Tacoma Narrows Bridge collapse?', [bridges['Wind and bridges']]))).toBe(
      'The Tacoma Narrows Bridge collapsed in 1940.',
    );
    expect(first(answer('Where was the Tacoma Narrows Bridge?', [bridges['Wind and bridges']]))).toBe(
      'The Tacoma Narrows Bridge was in Washington.',
    );
    // "It is the simplest and cheapest bridge…": "it" is the sentence before's subject.
    expect(first(answer('Which bridge is the cheapest to build?', [bridges['Beam bridges']]))).toBe(
      'A beam bridge is the cheapest to build.',
    );
  });

  it('gives the course sentence alone when no statement can be made from it, and reads any script', () => {
    const text = answer('How do trusses stay stiff?', [bridges['Truss bridges']]);
    expect(bridges['Truss bridges'].text).toContain(first(text));
    const hindi = slide('जल चक्र', 'सूरज पानी को गर्म करता है। पानी भाप बनकर ऊपर उठता है।', 2);
    expect(pickSentences('पानी भाप कैसे बनता है?', [hindi]).sentences.join(' ')).toContain('भाप');
  });
});

describe('answers that say what was asked, round two: general rules (decision 057)', () => {
  // Passages of courses the bench does not use: each rule on a sentence of its own.
  const at = (heading: string, text: string, number: number) =>
    passage(text, { chunkId: `p-${number}`, heading, sourceKind: 'segment', slide: number });
  const first = (question: string, passages: Passage[]) =>
    /^.+?[.!?](?=\s|$)/.exec(composeLocalAnswer({ ...request(passages, 'direct', question) }))?.[0];

  it('finds a cause without "because": "That is why", "A, so B until C", "B as A", "X, which…", a doer', () => {
    expect(
      first('Why does ice float on a lake?', [
        at(
          'Ice',
          'Water expands when it freezes, so ice is lighter than water. That is why ice floats on a lake.',
          1,
        ),
      ]),
    ).toBe('Ice floats on a lake because water expands when it freezes, so ice is lighter than water.');
    expect(
      first('Why do kettles whistle?', [
        at(
          'Kettles',
          'Steam cannot get out of the spout quickly, so it squeezes through a small hole until the kettle whistles.',
          1,
        ),
      ]),
    ).toBe(
      'Kettles whistle because steam cannot get out of the spout quickly, so it squeezes through a small hole.',
    );
    expect(
      first('Why do puddles dry up?', [
        at('Puddles', 'Puddles dry up on a sunny day as the sun heats the water.', 1),
      ]),
    ).toBe('Puddles dry up because the sun heats the water.');
    expect(
      first('Why are snowshoes wide?', [
        at('Snow', 'Trappers wear wide snowshoes, which spread their weight over the snow.', 1),
      ]),
    ).toBe('Snowshoes are wide because they spread their weight over the snow.');
    expect(
      first('Why was the village flooded?', [at('Floods', 'The river flooded the village in March.', 1)]),
    ).toBe('The village was flooded because of the river.');
    // Two verbs joined by "or" are the predicate, not part of the subject.
    expect(
      first('Why can fences tilt or fall?', [
        at('Fences', 'Rain softens the ground, so fences can tilt or fall.', 1),
      ]),
    ).toBe('Fences can tilt or fall because rain softens the ground.');
    // "since" before a time says when, not why.
    expect(givesWhatIsAsked('cause', 'Why is the site famous?', 'People have dug here since 1748.')).toBe(
      false,
    );
  });

  it('states a place: "beside", "opposite", a "where" clause, and only the asked predicate’s place', () => {
    expect(
      first('Where is the lighthouse of the harbour?', [
        at('Harbour', 'The lighthouse of the harbour stands beside the old pier.', 1),
      ]),
    ).toBe('The lighthouse of the harbour is beside the old pier.');
    expect(
      first('Where do salmon lay their eggs?', [
        at('Salmon', 'Salmon lay their eggs where the river runs over clean gravel.', 1),
      ]),
    ).toBe('Salmon lay their eggs where the river runs over clean gravel.');
    // The sentence higher up gives another thing's place: the passage that says "build … dens" answers.
    const rivers = at('Rivers', 'Otters catch fish in rivers and lakes, and otters swim under the ice.', 1);
    const dens = at('Dens', 'Otters build their dens in the banks of rivers.', 2);
    expect(first('Where do otters build their dens?', [rivers, dens])).toBe(
      'Otters build their dens in the banks of rivers.',
    );
  });

  it('asks a count of the right kind, and says it as English does', () => {
    const herd = at('The herd', 'A tortoise herd on the island can hold 40 tortoises.', 1);
    const life = at('Lifespan', 'A giant tortoise lives for more than 100 years.', 2);
    expect(first('How long does a giant tortoise live?', [herd, life])).toBe(
      'A giant tortoise lives for more than 100 years.',
    );
    expect(
      first('How deep is the lake?', [at('Lake', 'The lake is about 300 metres deep in the middle.', 1)]),
    ).toBe('The lake is about 300 metres deep.');
    expect(
      first('How many islands are in the lake?', [at('Lake', 'About 30 islands lie in the lake.', 1)]),
    ).toBe('There are about 30 islands in the lake.');
    expect(
      first('When did the digging start?', [
        at('Dig', 'Archaeologists have been digging the site since 1901.', 1),
      ]),
    ).toBe('The digging started in 1901.');
    expect(simplePast('begin')).toBe('began');
    expect(stemOf('bees')).toBe(stemOf('bee'));
  });

  it('names the one a "which" question means: its predicate said, "no" included, or a name in apposition', () => {
    expect(
      first('Which planet has no moons?', [at('Moons', 'Mars has two small moons. Venus has no moons.', 1)]),
    ).toBe('Venus has no moons.');
    expect(
      first('Which explorer reached the South Pole first?', [
        at('Poles', 'In 1911 the Norwegian explorer Roald Amundsen reached the South Pole.', 1),
      ]),
    ).toBe('Roald Amundsen reached the South Pole first.');
  });

  it('reads every form of "differ" as a comparison, and answers "the difference between" with the course’s own', async () => {
    expect(intentOf('How is a frog different from a toad?')).toBe('compare');
    expect(intentOf('How does a frog differ from a toad?')).toBe('compare');
    expect(intentOf('Which is heavier, a frog or a toad?')).toBe('compare');
    const skins = at(
      'Frogs and toads',
      'Frogs live near water. Toads can live in dry places. A frog has smooth wet skin, while a toad has dry bumpy skin.',
      1,
    );
    // "How is A different from B?" is about A: A's passage is cited first, though B's ranks higher.
    const toads = at('Toads', 'A toad has dry bumpy skin and short legs.', 2);
    const frogs = at('Frogs', 'A frog has smooth wet skin and long legs.', 3);
    const cited: string[][] = [];
    for await (const _ of localAnswerer().answer({
      ...request([toads, frogs], 'direct', 'How is a frog different from a toad?'),
      onCite: (ids) => cited.push(ids),
    }));
    expect(cited[0]?.[0]).toBe('p-3');
    expect(first('What is the difference between a frog and a toad?', [skins])).toBe(
      'A frog has smooth wet skin, while a toad has dry bumpy skin.',
    );
  });

  it('defines a term by the noun phrase in apposition after it, never by a list', () => {
    expect(
      first('What is the delta?', [
        at('Rivers', 'At its mouth the river builds the delta, a fan of mud and sand 1,200 metres wide.', 1),
      ]),
    ).toBe('The delta is a fan of mud and sand 1,200 metres wide.');
    expect(
      first('What is the delta?', [at('Rivers', 'We visited the delta, the hills and the coast.', 1)]),
    ).toBe('We visited the delta, the hills and the coast.');
  });

  it('does not take a comparison for a definition', () => {
    const compared = at('Floating', 'Ice is lighter than liquid water, so it floats.', 1);
    const defined = at('States of water', 'Frozen water is called ice.', 2);
    expect(first('What is ice?', [compared, defined])).toBe('Ice is frozen water.');
  });

  it('prefers the passage whose heading asks the question', () => {
    const rule = at(
      'Angles of a polygon',
      'The angles of a pentagon add up to 540 degrees, so each is 108 degrees.',
      1,
    );
    const why = at(
      'Why the angles of a square make 360°',
      'Cut a square along a diagonal into two triangles. So the angles of a square add up to 360 degrees.',
      2,
    );
    expect(first('Why do the angles of a square add up to 360 degrees?', [rule, why])).toBe(
      'The angles of a square add up to 360 degrees because cut a square along a diagonal into two triangles.',
    );
  });
});

describe('answers that say what was asked, round three: never more than the course sentence (decision 057)', () => {
  const at = (text: string, number = 1) =>
    passage(text, { chunkId: `r-${number}`, heading: 'Slide', sourceKind: 'segment', slide: number });
  const first = (question: string, text: string) =>
    /^.+?[.!?](?=\s|$)/.exec(composeLocalAnswer({ ...request([at(text)], 'direct', question) }))?.[0];

  it('keeps a range or a list whole: the course sentence answers when the statement would name a part', () => {
    const platelets =
      'Platelets help blood clot, and a microlitre of healthy blood holds between 150,000 and 450,000 of them.';
    expect(first('how many platelets are in blood', platelets)).toBe(platelets);
    const measles =
      'Measles once killed millions of children every year, and today the virus spreads widely in only two regions, Africa and Asia.';
    expect(first('which regions still have measles', measles)).toBe(measles);
  });

  it('never says a word twice in a row, leaves no "this" dangling, keeps a number’s unit', () => {
    expect(
      first(
        'Where does the word volcano come from?',
        'The word volcano comes from Vulcano, an island named after the Roman god of fire.',
      ),
    ).toBe('The word volcano comes from Vulcano, an island named after the Roman god of fire.');
    expect(
      first(
        'What is photosynthesis?',
        'When a leaf is in light, it turns water and air into sugar and gives off oxygen. This is called photosynthesis; it feeds almost all life on Earth.',
      ),
    ).toBe('When a leaf is in light, it turns water and air into sugar and gives off oxygen.');
    expect(
      first(
        'How much current is enough to melt a fuse?',
        'A current of only 5 amps through the thin wire can melt the fuse, so never replace it with a nail.',
      ),
    ).toContain('5 amps');
  });

  it('checks a statement against its source: words, numbers, order, the parts of a range or a list', () => {
    const source =
      'Most bridges built since 1990 are cable-stayed, and they cost less than suspension bridges.';
    expect(liftedFrom('Bridges built since 1990 are cable-stayed.', 'Which bridges?', source)).toBe(true);
    // A word the source does not say, a number it does not give, a word twice.
    expect(liftedFrom('Bridges built since 1990 are cheap.', 'Which bridges?', source)).toBe(false);
    expect(liftedFrom('Bridges built since 1980 are cable-stayed.', 'Which bridges?', source)).toBe(false);
    expect(liftedFrom('Bridges are are cable-stayed.', 'Which bridges?', source)).toBe(false);
    expect(
      liftedFrom('There are 4,000 cells.', 'How many cells?', 'It holds between 4,000 and 11,000 cells.'),
    ).toBe(false);
    expect(liftedFrom('Deserts are dry when this.', 'What are deserts?', 'This is a desert.')).toBe(false);
  });

  it('gives the year of the asked event, not the first one in the sentence', () => {
    expect(
      first(
        'When was the bridge declared safe?',
        'In the nineteenth century the bridge carried trains, until a flood cracked it; engineers declared it safe again in 1995.',
      ),
    ).toBe('The bridge was declared safe in 1995.');
  });

  it('does not define a term by a phrase that runs back into the sentence’s own verb', () => {
    const spores =
      'Every fern grows tiny cells under its leaves, called spores, that the wind carries far away.';
    expect(first('What is a spore?', spores)).toBe(spores);
  });

  it('reads a decimal point as part of a number, not as a sentence’s end', () => {
    expect(sentencesOf('An AA battery gives 1.5 volts. A car battery gives twelve.')).toEqual([
      'An AA battery gives 1.5 volts.',
      'A car battery gives twelve.',
    ]);
  });

  it('reads a title’s abbreviation and a run of initials as part of a name', () => {
    expect(
      sentencesOf('युवक एलेक्सिस सेंट मार्टिन (Alexis St. Martin) को गोली लग गई। Dr. Beaumont ने इलाज किया।'),
    ).toEqual(['युवक एलेक्सिस सेंट मार्टिन (Alexis St. Martin) को गोली लग गई।', 'Dr. Beaumont ने इलाज किया।']);
    expect(sentencesOf('अपने नेताओं डॉ. सैफ़ुद्दीन किचलू और डॉ. सत्यपाल के लिए। 379 लोग मारे गए।')).toEqual([
      'अपने नेताओं डॉ. सैफ़ुद्दीन किचलू और डॉ. सत्यपाल के लिए।',
      '379 लोग मारे गए।',
    ]);
    expect(sentencesOf('वी. डी. सावरकर ने 1909 में इसे स्वतंत्रता संग्राम कहा। J. R. R. Tolkien wrote it.')).toEqual([
      'वी. डी. सावरकर ने 1909 में इसे स्वतंत्रता संग्राम कहा।',
      'J. R. R. Tolkien wrote it.',
    ]);
    // A capital alone still ends a sentence.
    expect(sentencesOf('Carrots give vitamin A. Milk gives vitamin D.')).toEqual([
      'Carrots give vitamin A.',
      'Milk gives vitamin D.',
    ]);
  });
});

describe('answers that say what was asked, round four (decision 057)', () => {
  const slide = (text: string, number: number, heading: string) =>
    passage(text, { chunkId: `s-${number}`, heading, sourceKind: 'segment', slide: number });
  const answer = (question: string, passages: Passage[]) =>
    composeLocalAnswer({ ...request(passages, 'direct', question) });
  const opening = (text: string) => /^.+?[.!?](?=\s|$)/.exec(text)?.[0];

  it('knows the irregular forms a stem search misses: a verb’s past, an adjective’s superlative, a plural', () => {
    expect(inflectionsOf('leave', 'verb')).toContain('left');
    expect(inflectionsOf('dry', 'adj')).toEqual(expect.arrayContaining(['drier', 'driest']));
    expect(inflectionsOf('good', 'adj')).toEqual(expect.arrayContaining(['better', 'best']));
    expect(inflectionsOf('stoma', 'noun')).toContain('stomata');
    // Only forms WordNet reads back as the word: "forest" is no superlative of "for".
    expect(inflectionsOf('for', 'adj')).toEqual([]);
  });

  it('gives the time of the asked event, said with the question’s verb in another form', () => {
    const text =
      'From early September the monsoon withdraws from north-west India, and by mid-October it has left most of the country.';
    expect(opening(answer('when does the monsoon leave india', [slide(text, 8, 'The retreat')]))).toBe(
      'The monsoon leaves india by mid-October.',
    );
  });

  it('does not define a term by a bare kind, nor lead with an unrelated sentence before a possessive', () => {
    const pipe =
      'A swallowed bolus enters the oesophagus. Its walls squeeze in waves, a movement called peristalsis, and push the food down.';
    expect(opening(answer('what is peristalsis', [slide(pipe, 4, 'The food pipe')]))).toBe(
      'Its walls squeeze in waves, a movement called peristalsis, and push the food down.',
    );
    const intestine =
      'The small intestine is about 6 metres long. Here bile breaks fats into tiny drops. Its inner wall is covered with millions of finger-like villi.';
    expect(opening(answer('what are villi', [slide(intestine, 6, 'The small intestine')]))).toBe(
      'Its inner wall is covered with millions of finger-like villi.',
    );
  });

  it('does not make the subject of a sentence the object a "which … do" question asks for', () => {
    const farming =
      'Kharif crops are sown with the first rains: rice, maize, cotton and soybean are the main ones.';
    expect(opening(answer('which crops do farmers sow in the monsoon', [slide(farming, 9, 'Farming')]))).toBe(
      'Kharif crops are sown with the first rains: rice, maize, cotton and soybean are the main ones.',
    );
  });

  it('answers from the teaching passage before a recap that says the same', () => {
    expect(isRecap('Summary')).toBe(true);
    expect(isRecap('In short')).toBe(true);
    expect(isRecap('Key points: the mouth')).toBe(true);
    expect(isRecap('सारांश')).toBe(true);
    expect(isRecap('Reviewing a budget')).toBe(false);
    expect(isRecap('The mouth')).toBe(false);
    const recap = slide('Digestion starts in the mouth and ends in the large intestine.', 10, 'In short');
    const mouth = slide('Digestion starts in the mouth, where an adult has 32 teeth.', 3, 'The mouth');
    const ask = (passages: Passage[]) =>
      directAnswer({ question: 'where does digestion start', passages, terms: [] }).source.slide;
    expect(ask([recap, mouth])).toBe(3);
    // Alone, a recap still answers.
    expect(ask([recap])).toBe(10);
  });
});

describe('answers that say what was asked, round five: a composed sentence only where it holds (decision 057)', () => {
  const slide = (text: string, number: number, heading: string) =>
    passage(text, { chunkId: `f-${number}`, heading, sourceKind: 'segment', slide: number });
  const opening = (question: string, passages: Passage[]) =>
    /^.+?[.!?](?=\s|$)/.exec(composeLocalAnswer({ ...request(passages, 'direct', question) }))?.[0] ?? '';

  it('states a quantity of the kind asked: "how fast" is a speed', () => {
    const speed = slide(
      'In air at 20 degrees Celsius sound covers about 343 metres every second. It moves faster in water.',
      4,
      'The speed of sound',
    );
    const first = opening('how fast does sound travel in air', [speed]);
    expect(first).toContain('343 metres every second');
    expect(first).not.toContain('travels 20 degrees');
  });

  it('never states what the question already says, nor ends on a word that needs more', () => {
    const snakes = slide(
      'India has around 300 kinds of snake, yet most deadly bites come from just four: the cobra, the common krait, the Russell’s viper and the saw-scaled viper.',
      9,
      'Snake bites',
    );
    expect(opening('which snakes cause most deadly bites in india', [snakes])).toContain('cobra');
    const halls = slide(
      'An echo is a sound that bounces back. Soft materials like curtains and carpets soak sound up, and concert halls use them to stop echoes blurring the music.',
      7,
      'Echoes',
    );
    expect(opening('why do concert halls have curtains and carpets', [halls])).not.toMatch(/\blike\.$/);
  });

  it('takes no idiom and no list the asked thing belongs to for its place', () => {
    const cpr = slide(
      'If a person is not breathing normally, start CPR at once. Push hard in the centre of the chest, 5 to 6 centimetres deep.',
      8,
      'CPR',
    );
    expect(opening('where do you push when doing CPR', [cpr])).not.toMatch(/^You push .*at once\.$/);
    const cities = slide('Life in the cities of Harappa and Mohenjo-daro.', 1, 'The Indus Valley');
    expect(opening('where is mohenjo daro', [cities])).not.toMatch(/is in the cities of Harappa/);
  });

  it('gives first the sentence that explains a "why" when the best one only restates the question', () => {
    const nose = slide(
      'For a nosebleed, sit the person down with the head tipped forward, not back. Tipping the head back sends blood down the throat, where it can make them choke.',
      5,
      'Nosebleeds',
    );
    const terms = ['tip', 'head', 'forward', 'nosebleed'].map((word) => ({
      word,
      forms: word === 'tip' ? ['tipped', 'tipping'] : [],
      related: [],
      weak: false,
    }));
    const text = composeLocalAnswer({
      ...request([nose], 'direct', 'Why do you tip the head forward for a nosebleed?'),
      terms,
    });
    expect(text).toMatch(/^Tipping the head back sends blood down the throat/);
  });

  it('compares from the teaching passages before a recap’s short contrast', () => {
    const recap = slide('Series bulbs share one path; parallel bulbs each have their own.', 10, 'Summary');
    const series = slide(
      'In a series circuit the current has only one path through every bulb.',
      7,
      'Series',
    );
    const parallel = slide('In a parallel circuit each bulb sits on its own branch.', 8, 'Parallel');
    const compared = directAnswer({
      question: 'difference between series and parallel circuits',
      passages: [recap, series, parallel],
      terms: [],
    });
    expect(compared.text).toContain('its own branch');
    expect(compared.source.slide).not.toBe(10);
    // Alone, the recap's contrast still answers.
    expect(
      directAnswer({
        question: 'difference between series and parallel circuits',
        passages: [recap],
        terms: [],
      }).text,
    ).toBe('Series bulbs share one path; parallel bulbs each have their own.');
  });

  it('answers from the passage whose heading names what is asked, not from the topic word', () => {
    const trade = slide(
      'Indus cities used the same stone weights, and traders in Harappa and Lothal measured goods alike.',
      7,
      'Trade',
    );
    const decline = slide(
      'From about 1900 BCE people slowly left the Indus cities. Rivers changed their course, and the rains grew weaker.',
      9,
      'Decline',
    );
    const ask = (heading: string) =>
      directAnswer({
        question: 'why did the indus cities decline',
        passages: [trade, { ...decline, heading }],
        terms: [],
      }).source.slide;
    expect(ask('Decline')).toBe(9);
    // The same passage under a heading the question does not name: the first passage answers.
    expect(ask('The end of the cities')).toBe(7);
  });
});
