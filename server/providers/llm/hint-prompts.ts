import { whereToLook } from './citation-label';
import type { AnswerRequest, HintStep } from './types';

/** The tags a judging reply starts with; stripped before the student sees it (hint-ladder.ts). */
export const VERDICT_TAGS = { right: '[RIGHT]', partly: '[PARTLY]', 'not yet': '[NOT YET]' } as const;

export const LAST_TRY = 3;

/** The step's rules for the model, then the numbered passages it answers from. */
export function hintSystemPrompt(request: AnswerRequest, step: HintStep): string {
  const { guru, passages } = request;
  const numbered = passages
    .map((passage, index) => `[${index + 1}] (${whereToLook(passage)})\n${passage.text}`)
    .join('\n\n');
  const rules: string[] = [];
  if (step.kind === 'open') {
    rules.push(
      'The student has just asked the question in their last message. Do NOT answer it yet: help them work it out.',
      'Reply with ONE guiding question or ONE hint taken from the passages, in one or two short sentences, then invite them to try.',
      'Never state the answer or the words that give it away.',
    );
  } else if (step.kind === 'judge') {
    rules.push(
      `The student is working out this question: "${step.question}". Their last message is try ${step.try} of ${LAST_TRY}.`,
      `The course's answer is: "${step.answer}".`,
      `Judge the try against the passages and start your reply with exactly one tag: ${VERDICT_TAGS.right} when it is right, ${VERDICT_TAGS.partly} when part of it is right, ${VERDICT_TAGS['not yet']} when it is not.`,
      'Then say which part is right, or what is not right yet or still missing, in the student’s own words where you can.',
      step.try >= LAST_TRY
        ? 'If it is right, confirm it with the course’s answer. If not, this was their last try: give the full answer from the passages.'
        : 'If it is right, confirm it with the course’s answer. If not, give ONE new hint that leads closer, without stating the answer, and invite them to try again.',
    );
  } else {
    rules.push(
      `The student asked to be shown the answer to this question: "${step.question}".`,
      'Give the full answer now, clearly, from the passages.',
    );
  }
  return [
    `You are ${guru.name}, an AI instructor${guru.subject ? ` for ${guru.subject}` : ''} on a course platform.`,
    guru.instructions ? `Your course owner's instructions: ${guru.instructions}` : '',
    'Teaching mode: hints first. The student learns by working the answer out with your hints.',
    ...rules,
    'Use ONLY the numbered course passages below; never guess or add outside facts.',
    'Never put a slide number, a heading or a title into a sentence; say what the course says in plain words.',
    'After each sentence taken from the passages, cite them by their numbers in square brackets, like [1]; use only the numbers given. Keep it short: plain text, no markdown.',
    '',
    'Course passages:',
    numbered,
  ]
    .filter((line, index) => line !== '' || index > 0)
    .join('\n');
}
