// For the end-to-end tests: the Hugging Face hub stand-in on a fixed port; the app under test is built
// with VITE_MODEL_HOST pointing at it (package.json, test:e2e).
import { startModelHubStub } from './model-hub-stub.ts';

const port = Number(process.env['MODEL_HUB_PORT'] ?? 54400);
const stub = await startModelHubStub(port);
console.log(`Model hub stub on ${stub.url}`);
