import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

/**
 * `/api/metrics` with WORKERS > 1 (docs/decisions.md "Several processes"): the worker a scrape reaches asks the
 * primary, which gathers every worker's figures and sums them with prom-client's cluster aggregator (each series as
 * its metric says: counters and histograms summed, the event-loop delay the worst, web vitals from one worker). The
 * primary serves no HTTP itself, so the endpoint and its access rules stay in the workers.
 */

/** A worker asks the primary for every worker's figures. */
const SCRAPE = 'metrics:scrape';
/** The primary's answer: the text, or why there is none. */
const SCRAPED = 'metrics:scraped';

type ScrapeRequest = { type: typeof SCRAPE; id: number };
type ScrapeAnswer = { type: typeof SCRAPED; id: number } & ({ text: string } | { error: string });

/** How long a worker waits for the primary (which gives up on a silent worker after 5 s, prom-client's limit). */
const ANSWER_TIMEOUT_MS = 10_000;

// Preloaded in every worker (`--import`, workers.ts): prom-client's listener answers the primary's requests for this
// process's figures from the worker's first moment, so a scrape while one starts does not wait for it in vain (a
// message that comes before a listener is lost). It answers from the registries Metrics names once it exists, and
// with nothing before.
if (cluster.isWorker) new AggregatorRegistry();

/** In the primary (workers.ts): answers every worker's scrape with the sum over all workers. */
export function serveClusterScrapes(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: ScrapeRequest | undefined) => {
    if (message?.type !== SCRAPE) return;
    const answer = (result: { text: string } | { error: string }) => {
      const reply: ScrapeAnswer = { type: SCRAPED, id: message.id, ...result };
      if (worker.isConnected()) worker.send(reply, () => undefined);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** The scrapes this worker has asked the primary for and not had an answer to. */
const waiting = new Map<number, { resolve(text: string): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
let nextId = 0;

/** In a worker: the Prometheus text of every worker, from the primary. */
export function clusterExposition(): Promise<string> {
  if (nextId === 0) process.on('message', answered);
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    const silent = { error: 'the server process watching the workers did not answer' };
    const timer = setTimeout(() => settle(id, silent), ANSWER_TIMEOUT_MS).unref();
    waiting.set(id, { resolve, reject, timer });
    process.send!({ type: SCRAPE, id } satisfies ScrapeRequest, undefined, undefined, (error: Error | null) => {
      if (error) settle(id, { error: error.message });
    });
  });
}

function answered(message: ScrapeAnswer | undefined): void {
  if (message?.type === SCRAPED) settle(message.id, message);
}

function settle(id: number, result: { text: string } | { error: string }): void {
  const request = waiting.get(id);
  if (!request) return;
  waiting.delete(id);
  clearTimeout(request.timer);
  if ('text' in result) request.resolve(result.text);
  else request.reject(new Error(`Metrics of every worker: ${result.error}`));
}
