import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * With WORKERS > 1 a scrape reaches whichever worker accepts the connection. That worker asks the
 * primary, which collects every worker's registry (prom-client's cluster protocol) and answers with
 * all their series, each labelled with its worker. A scrape then sees the whole process tree, not one
 * worker at a time.
 */
const ASK = 'oidc-gate:cluster-metrics';
const ANSWER = 'oidc-gate:cluster-metrics-answer';
/** prom-client gives up on a silent worker after 5 s; the asking worker waits a little longer. */
const ASK_TIMEOUT_MS = 6_000;

interface Message {
  kind?: unknown;
  id?: unknown;
  text?: unknown;
}

/** In the primary: answer each worker's request for the whole cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Message) => {
    if (message?.kind !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ kind: ANSWER, id: message.id, text }),
      () => worker.send({ kind: ANSWER, id: message.id }),
    );
  });
}

/**
 * In a worker: lend the registry to the primary's collection, and render a scrape from the primary's
 * answer. When the primary does not answer in time, the worker's own metrics are served.
 */
export function clusterRenderer(registry: Registry): () => Promise<string> {
  // Constructing one installs prom-client's worker side of the protocol; setRegistries points it here.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  const waiting = new Map<number, (text: string | undefined) => void>();
  let next = 0;
  process.on('message', (message: Message) => {
    if (message?.kind !== ANSWER || typeof message.id !== 'number') return;
    waiting.get(message.id)?.(typeof message.text === 'string' ? message.text : undefined);
  });
  return async () => {
    const id = next++;
    const text = await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), ASK_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      process.send?.({ kind: ASK, id });
    });
    waiting.delete(id);
    return text ?? registry.metrics();
  };
}
