import type { QuestionDraftContent } from '../../common/question-drafts';

/**
 * The rules drafted questions are judged by (issue 37), written before the drafter was tuned and kept apart from
 * its code on purpose: plain lower-case words with a crude plural rule, nothing of the drafter's own stemming, so
 * a mistake the two shared would not hide itself.
 *
 * 1. Answerable from the cited passage alone: the cited sentence is in the passage; the right answer is in it
 *    (a cloze's option, a typed answer, a true statement word for word); and most (≥ 75 %) of the prompt's own
 *    words are the passage's.
 * 2. A wrong option also right: a wrong option the cited sentence says; a false statement that the course says
 *    (≥ 90 % of its words in one of the course's sentences, its swapped-in term included).
 * 3. Near-duplicates: two drafts whose prompts share ≥ 50 % of their words (Jaccard), or that ask for the same
 *    answer from the same sentence; every draft of such a pair counts.
 */
const FUNCTION_WORDS = new Set(
  `a an the of in on at to for from by with and or but is are was were be been it its this that these those they
  them their as into than then so such can which who what when where how fill blank statements true these following
  का की के को में से पर ने है हैं था थे और या भी ही यह ये वह वे इस उस रिक्त स्थान भरें इनमें कौन कथन सही`.split(/\s+/u),
);

const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
    .filter((word) => !FUNCTION_WORDS.has(word))
    .map((word) =>
      /^\p{Script=Latin}+$/u.test(word) && word.length > 3 ? word.replace(/(?:es|s)$/u, '') : word,
    );

const setOf = (text: string) => new Set(wordsOf(text));
const shareIn = (words: Set<string>, inside: Set<string>) => {
  if (words.size === 0) return 1;
  let found = 0;
  for (const word of words) if (inside.has(word)) found += 1;
  return found / words.size;
};
const jaccard = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared || 1);
};
const squash = (text: string) => text.toLowerCase().replace(/\s+/gu, ' ').trim();
/** Whole words only: "volcano" is not said by "volcanologists". */
const says = (text: string, phrase: string) => {
  const words = (value: string) => ` ${(value.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).join(' ')} `;
  return words(text).includes(words(phrase));
};

export interface Verdict {
  answerable: boolean;
  wrongAlsoRight: boolean;
  why: string;
}

export function judgeDraft(draft: QuestionDraftContent, courseSentences: readonly string[]): Verdict {
  const passage = squash(draft.passageText);
  const passageWords = setOf(draft.passageText);
  const sentence = squash(draft.sentence);
  const verdict = (answerable: boolean, wrongAlsoRight: boolean, why: string) => ({
    answerable,
    wrongAlsoRight,
    why,
  });
  if (draft.type !== 'multiple' && !passage.includes(sentence))
    return verdict(false, false, 'sentence not in passage');
  const promptWords = setOf(draft.prompt.replace(/_+/gu, ' '));
  // Said by the course: one of its sentences holds the statement's words that are not the cited sentence's (the
  // swapped-in term) and ≥ 90 % of all its words.
  const sentenceWords = setOf(draft.sentence);
  const saysCourse = (statement: string) => {
    const words = setOf(statement);
    const swappedIn = new Set([...words].filter((word) => !sentenceWords.has(word)));
    return courseSentences.some((other) => {
      const otherWords = setOf(other);
      return shareIn(swappedIn, otherWords) === 1 && shareIn(words, otherWords) >= 0.9;
    });
  };

  if (draft.type === 'true_false') {
    if (draft.trueFalseAnswer === true) {
      return verdict(passage.includes(squash(draft.prompt)), false, 'true statement word for word');
    }
    // False: it differs from the sentence, and the course does not say it.
    const differs = squash(draft.prompt) !== sentence;
    return verdict(
      differs && shareIn(promptWords, passageWords) >= 0.75,
      saysCourse(draft.prompt),
      'false statement',
    );
  }
  if (draft.type === 'multiple') {
    const rightOnes = draft.options.filter((option) => option.correct);
    const wrongOnes = draft.options.filter((option) => !option.correct);
    const answerable =
      rightOnes.length > 0 && rightOnes.every((option) => passage.includes(squash(option.text)));
    // Each wrong statement judged against the sentence it was made from (its swapped-in words).
    const wrongRight = wrongOnes.some(
      (option) =>
        passage.includes(squash(option.text)) ||
        courseSentences.some((other) => {
          const words = setOf(option.text);
          const otherWords = setOf(other);
          const madeFrom = courseSentences.find((candidate) => shareIn(setOf(candidate), words) >= 0.7) ?? '';
          const swappedIn = new Set([...words].filter((word) => !setOf(madeFrom).has(word)));
          return shareIn(swappedIn, otherWords) === 1 && shareIn(words, otherWords) >= 0.9;
        }),
    );
    return verdict(answerable, wrongRight, 'statements');
  }
  const mostlyFromPassage = shareIn(promptWords, passageWords) >= 0.75;
  if (draft.type === 'single') {
    const right = draft.options.find((option) => option.correct);
    const answerable = Boolean(right && says(draft.sentence, right.text)) && mostlyFromPassage;
    const wrongRight = draft.options
      .filter((option) => !option.correct)
      .some((option) => {
        if (says(draft.sentence, option.text)) return true;
        // The sentence with this option in the blank, said by the course.
        return saysCourse(draft.prompt.replace(/_+/u, option.text));
      });
    return verdict(answerable, wrongRight, 'cloze');
  }
  // Short answer: an accepted answer is in the sentence, and the question is the passage's.
  const answerable =
    draft.acceptedAnswers.some((answer) => says(draft.sentence, answer)) && mostlyFromPassage;
  return verdict(answerable, false, 'short');
}

/** The drafts that have a near-duplicate among the others. */
export function nearDuplicates(drafts: readonly QuestionDraftContent[]): Set<number> {
  const words = drafts.map((draft) => setOf(draft.prompt.replace(/_+/gu, ' ')));
  const found = new Set<number>();
  for (let i = 0; i < drafts.length; i += 1) {
    for (let j = i + 1; j < drafts.length; j += 1) {
      const a = drafts[i] as QuestionDraftContent;
      const b = drafts[j] as QuestionDraftContent;
      const sameAsk = a.sentence === b.sentence && squash(a.answerTerm) === squash(b.answerTerm);
      if (sameAsk || jaccard(words[i] as Set<string>, words[j] as Set<string>) >= 0.5) {
        found.add(i);
        found.add(j);
      }
    }
  }
  return found;
}
