import type { AiSettings } from '../../config';
import { localAnswerer } from './local-answerer';
import { openAiCompatibleAnswerer } from './openai-compatible';
import type { Answerer } from './types';

/** The configured answerer: an OpenAI-compatible endpoint when LLM_BASE_URL is set, else the local one. */
export function answererFor(ai: AiSettings): Answerer {
  return ai.llm ? openAiCompatibleAnswerer(ai.llm) : localAnswerer();
}
