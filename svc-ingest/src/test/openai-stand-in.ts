import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface TChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  headers: IncomingMessage['headers'];
}

/**
 * A local stand-in for an OpenAI-compatible server: POST /v1/chat/completions answers with a
 * `chat.completion` object as the API reference documents; `answer` decides the message content.
 */
type TAnswer = string | { status: number; body: unknown };

export async function startOpenAiStandIn(answer: (request: TChatRequest) => TAnswer | Promise<TAnswer>) {
  const requests: TChatRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
        return;
      }
      const parsed = { ...(JSON.parse(body) as Omit<TChatRequest, 'headers'>), headers: req.headers };
      requests.push(parsed);
      const out = await answer(parsed);
      if (typeof out !== 'string') {
        res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.body));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: parsed.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: out, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
