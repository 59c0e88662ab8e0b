import { createOpenAiExtractor } from './openai-extractor.js';
import type { TExtractor } from '../domain/extraction/extractor.js';
import { createWorkerHeuristicExtractor } from '../domain/extraction/worker-extractor.js';

/** The AI extractor when an OpenAI-compatible endpoint is configured, the offline heuristic (in a deck worker) otherwise. */
export function createExtractor(config: {
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL: string;
}): TExtractor {
  if (config.OPENAI_BASE_URL && config.OPENAI_API_KEY) {
    return createOpenAiExtractor({
      baseURL: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
    });
  }
  return createWorkerHeuristicExtractor();
}
