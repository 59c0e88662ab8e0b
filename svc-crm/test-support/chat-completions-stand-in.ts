import { sendJson, startHttpStandIn } from './http-stand-in.js';

/**
 * A stand-in for an OpenAI-compatible Chat Completions endpoint (`POST /v1/chat/completions`, bearer
 * key), answering as the API reference documents: a `chat.completion` object whose first choice's
 * message content is the JSON the test gives.
 */
export async function startChatCompletionsStandIn(options: { apiKey: string; answer: () => unknown }) {
  /** The key it accepts; a test changes it to see a refusal (401 with OpenAI's error body). */
  const control = { apiKey: options.apiKey };
  const standIn = await startHttpStandIn((request, res) => {
    if (request.headers.authorization !== `Bearer ${control.apiKey}`) {
      return sendJson(res, 401, {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
      return sendJson(res, 404, {
        error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null },
      });
    }
    const body = request.body as { model: string };
    const answer = options.answer();
    return sendJson(res, 200, {
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: typeof answer === 'string' ? answer : JSON.stringify(answer),
            refusal: null,
          },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
    });
  });
  return {
    ...standIn,
    baseUrl: `${standIn.url}/v1`,
    get apiKey() {
      return control.apiKey;
    },
    set apiKey(value: string) {
      control.apiKey = value;
    },
  };
}
