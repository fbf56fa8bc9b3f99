import type { QuestionDraftContent } from '../../../common/question-drafts';
import { contentStems, overlap, termKey } from './words';

export interface RewriteSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

export interface RewrittenDraft {
  content: QuestionDraftContent;
  /** The model's wording passed the check and replaced the drafter's. */
  rewritten: boolean;
}

const INSTRUCTIONS = [
  'You improve the wording of quiz questions a teacher will review. Each question was drafted from one sentence of the course, given with it.',
  'Rewrite only the "prompt" so it reads as a clear, natural question or statement in the same language as the sentence. Keep its meaning and its answer exactly: use only facts the sentence states, never add a fact, never name the answer in the prompt.',
  'A prompt with a blank (_____) keeps one blank or becomes a question that the same answer answers. A true statement stays true to the sentence; a false statement stays false in the same way (keep the wrong term it uses).',
  'Answer with JSON only: {"prompts": ["…", "…"]}, one prompt per question, in the same order.',
].join(' ');

/**
 * Whether a model's wording still asks what the draft asked, judged against the cited sentence (issue 37: every
 * draft must still cite a passage and is checked against it): its words are the sentence's, the answer is not
 * given away, a blank or a question remains, and a true or false statement keeps the term that makes it so.
 */
export function rewordingHolds(draft: QuestionDraftContent, prompt: string, language: string): boolean {
  const text = prompt.trim();
  if (text.length < 8 || text.length > 1000) return false;
  const sentenceStems = contentStems(draft.sentence, language);
  const promptStems = contentStems(text.replace(/_+/gu, ' '), language);
  if (overlap(promptStems, sentenceStems) < 0.6) return false;
  const answer = termKey(draft.answerTerm, language);
  const has = (phrase: string) => ` ${termKey(text, language)} `.includes(` ${termKey(phrase, language)} `);
  if (draft.type === 'true_false') {
    if (!draft.trueFalseAnswer) {
      // The false statement keeps its swapped-in term and does not get the right one back.
      const swappedIn = [...contentStems(draft.prompt, language)].filter((stem) => !sentenceStems.has(stem));
      return swappedIn.every((stem) => promptStems.has(stem)) && !has(draft.answerTerm);
    }
    return answer === '' || has(draft.answerTerm);
  }
  if (draft.type === 'multiple') return true;
  if (answer && has(draft.answerTerm)) return false;
  return text.includes('_') || /[?？]$/u.test(text);
}

/** Reads `{"prompts": [...]}` out of a reply, also when a model wraps it in prose or a code fence. */
function promptsOf(reply: string): unknown[] | null {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed = JSON.parse(reply.slice(start, end + 1)) as { prompts?: unknown };
    return Array.isArray(parsed.prompts) ? parsed.prompts : null;
  } catch {
    return null;
  }
}

/**
 * Asks an OpenAI-compatible chat endpoint (LLM_BASE_URL, POST /chat/completions, not streamed) to reword the
 * drafts, and keeps a wording only where rewordingHolds; any failure keeps the drafter's own wording.
 */
export async function rewriteDrafts(
  settings: RewriteSettings,
  drafts: QuestionDraftContent[],
  language: string,
  fetcher: typeof fetch = fetch,
): Promise<RewrittenDraft[]> {
  const unchanged = drafts.map((content) => ({ content, rewritten: false }));
  if (drafts.length === 0) return unchanged;
  const questions = drafts.map((draft, index) => ({
    number: index + 1,
    type: draft.type,
    prompt: draft.prompt,
    sentence: draft.sentence,
  }));
  let reply: string;
  try {
    const response = await fetcher(`${settings.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        stream: false,
        temperature: 0.2,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify({ questions }) },
        ],
      }),
      signal: AbortSignal.timeout(60_000),
    });
    if (!response.ok) return unchanged;
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    reply = body.choices?.[0]?.message?.content ?? '';
  } catch {
    return unchanged;
  }
  const prompts = promptsOf(reply);
  if (!prompts) return unchanged;
  return drafts.map((draft, index) => {
    const prompt = prompts[index];
    if (typeof prompt !== 'string' || !rewordingHolds(draft, prompt, language))
      return { content: draft, rewritten: false };
    return { content: { ...draft, prompt: prompt.trim() }, rewritten: true };
  });
}
