/** What each of our workers says when it cannot go on (it could not open the database, say). */
interface Failed {
  type: 'failed';
  message: string;
}

// Trusts the message contract: every worker's reply union has this one 'failed' shape.
const isFailed = (reply: { type: string }): reply is Failed => reply.type === 'failed';

interface WorkerClient<Request, Reply, Local, Answer> {
  /** Logged, with the worker's own message, when the worker fails. */
  failureMessage: string;
  /** Null where no Worker exists (unit tests): the local implementation is used from the start. */
  createWorker: (() => Worker) | null;
  /** The first message: the worker opens the user's database itself. */
  open: Request;
  /** The same service on the main thread. */
  createLocal: () => Local;
  /**
   * Each reply other than 'failed' while the worker is in use; `answer` settles the question of that
   * id, `refuse` fails it (the worker is still in use: only that question failed).
   */
  onReply: (
    reply: Reply,
    answer: (id: number, result: Answer) => void,
    refuse: (id: number, error: unknown) => void,
  ) => void;
  /** Gives the local implementation what the worker had (listeners, last options) when it takes over. */
  handOver: (local: Local) => void;
}

interface WorkerWithFallback<Request, Local, Answer> {
  /** The main-thread implementation once it is in use, else null. */
  readonly local: Local | null;
  /** Sends a request to the worker, or does it `locally` once the worker is not in use. */
  tell(request: Request, locally: (local: Local) => void): void;
  /** Asks the worker a question by a fresh id, or asks it `locally` once the worker is not in use. */
  ask(request: (id: number) => Request, locally: (local: Local) => Promise<Answer>): Promise<Answer>;
  close(): void;
}

interface Question<Local, Answer> {
  locally: (local: Local) => Promise<Answer>;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

/**
 * A service run in a module worker that reads the database itself, with the same service on the main
 * thread where no Worker exists or once the worker has failed. A failure is logged, not thrown: the
 * screen carries on on the main thread, and questions the worker left open are asked there, so none
 * hangs.
 */
export function workerWithFallback<
  Request,
  Reply extends { type: string },
  Local extends { close(): void },
  Answer = never,
>(client: WorkerClient<Request, Reply, Local, Answer>): WorkerWithFallback<Request, Local, Answer> {
  const worker = client.createWorker?.();
  if (!worker) {
    const only = client.createLocal();
    return {
      local: only,
      tell: (_, locally) => locally(only),
      ask: (_, locally) => locally(only),
      close: () => only.close(),
    };
  }
  let local: Local | null = null;
  const questions = new Map<number, Question<Local, Answer>>();
  let nextId = 1;

  const answer = (id: number, result: Answer) => {
    questions.get(id)?.resolve(result);
    questions.delete(id);
  };
  const refuse = (id: number, error: unknown) => {
    questions.get(id)?.reject(error);
    questions.delete(id);
  };
  const fail = (message: string) => {
    console.error(client.failureMessage, message);
    worker.terminate();
    local = client.createLocal();
    client.handOver(local);
    for (const [id, question] of questions) {
      questions.delete(id);
      void question.locally(local).then(question.resolve, question.reject);
    }
  };
  worker.onmessage = (event: MessageEvent<Reply>) => {
    // Once given up, the worker is terminated: anything it had still queued is stale.
    if (local) return;
    const reply = event.data;
    if (isFailed(reply)) fail(reply.message);
    else client.onReply(reply, answer, refuse);
  };
  // A script that cannot load (offline before its first use) fires a plain Event, with no message.
  worker.onerror = (event) => {
    if (!local) fail(event.message || 'its script could not be loaded');
  };
  worker.postMessage(client.open);

  return {
    get local() {
      return local;
    },
    tell(request, locally) {
      if (local) locally(local);
      else worker.postMessage(request);
    },
    ask(request, locally) {
      if (local) return locally(local);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        questions.set(id, { locally, resolve, reject });
        worker.postMessage(request(id));
      });
    },
    close() {
      worker.terminate();
      local?.close();
      questions.clear();
    },
  };
}
