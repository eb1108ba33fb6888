import cluster, { type Worker } from 'node:cluster';
import { GENERATED_KEY_ENV } from '../auth/keys.ts';
import { StartupError, type ServerSettings } from '../config/settings.ts';
import type { Env, RunningServer, StartOptions } from '../config/start-options.ts';
import { urlOf } from '../http/address.ts';
import type { Logger } from '../log/log.ts';
import { serveClusterMetrics } from '../metrics/cluster-metrics.ts';
import { exitOnSignals } from './signals.ts';

/**
 * The cluster primary (WORKERS > 1): forks the workers, which re-run the entry script and share the
 * port, and replaces any that exits while serving. Resolves once every worker listens; rejects with a
 * StartupError when one fails to start, after stopping the others. A generated key is handed to the
 * workers, so the whole cluster answers to the one key printed.
 */
export function startPrimary(settings: ServerSettings, firstKey: string, generated: boolean, log: Logger, options: StartOptions): Promise<RunningServer> {
  const workerEnv: Env = generated ? { [GENERATED_KEY_ENV]: firstKey } : {};
  serveClusterMetrics();
  let stopping = false;
  const workers = new Set<Worker>();
  const fork = (): Worker => {
    const worker = cluster.fork(workerEnv);
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      log.error('worker exited; starting a replacement', { code, signal });
      fork();
    });
    return worker;
  };

  return new Promise<RunningServer>((resolve, reject) => {
    let listening = 0;
    let url = '';
    const onStartExit = (_worker: Worker, code: number): void => {
      if (listening < settings.workers && !stopping) {
        stopping = true;
        for (const w of workers) w.process.kill('SIGTERM');
        reject(new StartupError(`a worker failed to start (exit code ${code}); see its message above`));
      }
    };
    cluster.on('exit', onStartExit);
    cluster.on('listening', (_worker, address) => {
      listening++;
      url ||= urlOf({ address: address.address ?? settings.host, port: address.port, family: address.addressType === 6 ? 'IPv6' : 'IPv4' });
      if (listening !== settings.workers) return;
      cluster.off('exit', onStartExit);
      let stopSignals: (() => void) | undefined;
      let closing: Promise<void> | undefined;
      const close = (): Promise<void> => {
        closing ??= new Promise<void>((done) => {
          stopping = true;
          if (workers.size === 0) {
            done();
            return;
          }
          cluster.on('exit', () => {
            if (workers.size === 0) done();
          });
          for (const w of workers) w.process.kill('SIGTERM');
        }).then(() => stopSignals?.());
        return closing;
      };
      if (options.handleSignals ?? true) {
        stopSignals = exitOnSignals((signal) => log.info('draining workers', { signal }), close);
      }
      log.info('cluster listening', { url, workers: settings.workers });
      resolve({ url, close });
    });
    for (let i = 0; i < settings.workers; i++) fork();
  });
}
