// For the end-to-end tests: the OpenAI transcription stub (a stand-in for a paid service we cannot
// reach) on a fixed port, so the local backend's transcribe function can be pointed at it.
import { startOpenAiStub } from './openai-transcription-stub.ts';

const port = Number(process.env['STUB_PORT'] ?? 54399);
const stub = await startOpenAiStub(port);
console.log(`OpenAI transcription stub on ${stub.url}`);
