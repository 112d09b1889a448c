// Stand-in for OpenRouter's chat completions API (a paid service we cannot reach here), after its
// documented format: POST /api/v1/chat/completions, JSON { model, messages: [{ role, content: [{ type:
// 'text', text }, { type: 'input_audio', input_audio: { data: <base64>, format } }] }] }, Bearer key;
// answers { id, model, choices: [{ message: { role: 'assistant', content } }] }; errors { error: { code,
// message } } with 400, 401, 402, 429 (Retry-After) and 5xx.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface OpenRouterStubRequest {
  headers: Record<string, string | string[] | undefined>;
  body: {
    model?: string;
    messages?: {
      role: string;
      content: (
        | { type: 'text'; text: string }
        | { type: 'input_audio'; input_audio: { data: string; format: string } }
      )[];
    }[];
  };
}

export interface OpenRouterStub {
  url: string;
  requests: OpenRouterStubRequest[];
  queue: { status: number; body: unknown; headers?: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startOpenRouterStub(transcript: string): Promise<OpenRouterStub> {
  const stub: OpenRouterStub = { url: '', requests: [], queue: [], close: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/api/v1/chat/completions') {
        response
          .writeHead(404, { 'Content-Type': 'application/json' })
          .end('{"error":{"code":404,"message":"Not found"}}');
        return;
      }
      stub.requests.push({
        headers: request.headers,
        body: JSON.parse(raw) as OpenRouterStubRequest['body'],
      });
      const answer = stub.queue.shift() ?? {
        status: 200,
        body: {
          id: 'gen-1',
          model: 'google/gemini-2.5-flash',
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: ` ${transcript}\n` } },
          ],
        },
      };
      response
        .writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}
