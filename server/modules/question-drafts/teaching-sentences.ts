import type { TaughtSentence } from './course-text';

// A word's end by lookahead: \b knows only ASCII letters, and would never end a Devanagari word.
const END = String.raw`(?=[\s,]|$)`;
/** "It …", "They …", "यह …" lean on the sentence before; "This change …" names its subject and is kept. */
const PRONOUN_START = new RegExp(
  `^(?:it|they|he|she|them|this|that|these|those|its|their|यह|ये|वह|वे|वो|इसे|इसका|इसकी|इसके|इस|इसमें|इन|उस|उसका|उसकी|उसके|उन)${END}`,
  'iu',
);
const DETERMINER_START = /^(?:this|that|these|those)\s+\p{L}+/iu;
/**
 * A slide's instruction, not a fact: "Draw a line through the top corner…", "Look at…", "Let's…". The verbs a
 * teacher starts an instruction with; a statement rarely starts with one of them bare.
 */
const INSTRUCTION_START =
  /^(?:draw|look|take|add|measure|imagine|notice|remember|try|find|count|use|put|make|see|think|compare|cut|fold|mark|join|write|read|watch|let|let's|lets|consider|suppose|pick|choose|start|open|place|turn|check|fill|colour|color|label|trace|note|recall|say|ask|answer|show|name|list|work|multiply|divide|subtract|split|match|copy)\b/iu;
/**
 * What points at something on the slide or frames the lesson rather than teaching: "In this triangle the angles
 * are 50, 60 and 70 degrees", "In this lesson we meet…", "The arrows at both ends show…", "as shown below";
 * a worked step ("So the area is…", "For example…").
 */
const POINTS_AT =
  /(?:^|\s)(?:this|these|the following|the next)\s+(?:lesson|lessons|picture|pictures|figure|figures|diagram|diagrams|slide|slides|example|examples|drawing|video|chapter|unit|shape|triangle|square|circle|rectangle|map|graph|table|photo)\b|\b(?:shown|below|above|opposite page|in the picture|in the figure|on the slide|on the screen|the arrows?|this is|these are)\b|इस\s+(?:पाठ|चित्र|अध्याय|स्लाइड|उदाहरण)|नीचे\s+दिए|चित्र\s+में/iu;
/** A worked step or a sentence joined to the one before ("So the area is …", "And the angles …", "If one …"). */
const WORKED_START =
  /^(?:so|now|next|then|here|if|and|but|or|also|for example|for instance|e\.g\.|अब|तो|और|लेकिन|अगर|यदि|उदाहरण\s+के\s+लिए)(?=[\s,]|$)/iu;

/**
 * A sentence a student can judge alone and that teaches a fact: long enough, not a question, not leaning on the
 * sentence before, not an instruction, not pointing at the slide's picture, not a step of a worked example. The
 * drafter asks only about these, and the lesson notes summarise only these.
 */
export function standsAlone(sentence: Pick<TaughtSentence, 'text'>): boolean {
  const text = sentence.text.trim();
  if (text.endsWith('?') || text.length < 25) return false;
  const words = text.split(/\s+/u).length;
  // Fewer words rarely state a fact ("The sun powers the cycle."); a slide's title line ("How water moves between
  // the sea, the sky and the land") states nothing.
  if (words < 7 || (!/[.!।]["')\]]?$/u.test(text) && words < 14)) return false;
  if (INSTRUCTION_START.test(text) || POINTS_AT.test(text) || WORKED_START.test(text)) return false;
  return !PRONOUN_START.test(text) || DETERMINER_START.test(text);
}
