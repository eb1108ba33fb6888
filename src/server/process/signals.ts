/**
 * SIGTERM and SIGINT (an orchestrator stopping the instance, or Ctrl-C): announce, close, then exit 0,
 * or 1 when closing failed. Returns the function that stops listening for them, for a close that
 * started some other way.
 */
export function exitOnSignals(announce: (signal: NodeJS.Signals) => void, close: () => Promise<void>): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    announce(signal);
    close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
