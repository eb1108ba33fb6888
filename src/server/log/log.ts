import { isoTime } from './json-text.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Sink {
  write(chunk: string): unknown;
}

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * An info line whose fields are already JSON members (`"name":value,…`, no braces), for the line every
   * request writes (accessMembers makes them, escaping every string). The caller's names must differ
   * from time, level, msg and the logger's base fields.
   */
  infoMembers(msg: string, members: string): void;
  enabled(level: LogLevel): boolean;
  /** Write out the lines still held back. */
  flush(): void;
}

// Long base64/base64url/hex runs are what tokens, secrets, keys and PEM bodies look like; an
// unexpected error message may quote one, so it is cut before it reaches a log line.
const SECRET_LIKE = /[A-Za-z0-9_-]{24,}|[A-Za-z0-9+/]{40,}={0,2}/g;
const PEM_BLOCK = /-----BEGIN [^-]+-----[\s\S]*?(-----END [^-]+-----|$)/g;

export function redact(text: string): string {
  return text.replace(PEM_BLOCK, '[pem]').replace(SECRET_LIKE, '[redacted]').slice(0, 500);
}

/** Loggers holding lines back; whatever they hold is written when the process exits. */
const holding = new Set<Logger>();
let exitHookInstalled = false;

function holdUntilExit(logger: Logger): void {
  holding.add(logger);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const held of holding) held.flush();
  });
}

/**
 * One JSON object per line on the sink (stderr by default): structured, and never a request body.
 * Debug and info lines (one access line per request) are held back until the current turn of the
 * event loop ends and then written together: under load one write carries many lines, where a write
 * per line would cost as much as answering the request. Warnings and errors are written at once,
 * after what was held back, so the order of lines is kept.
 */
export function createLogger(sink: Sink, level: LogLevel, base: Record<string, unknown> = {}): Logger {
  const threshold = RANK[level];
  const serialise = lineSerialiser(base);
  const baseText = baseMembers(base);
  // The message of the last prepared line, as JSON: every access line has the same one.
  let lastMsg = '';
  let lastMsgJson = '""';
  const serialiseMembers = (lvl: string, msg: string, members: string): string => {
    if (msg !== lastMsg) {
      lastMsg = msg;
      lastMsgJson = JSON.stringify(msg);
    }
    return `{"time":"${isoNow()}","level":"${lvl}","msg":${lastMsgJson}${baseText},${members}}`;
  };
  let held = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    holding.delete(logger);
    if (held === '') return;
    const lines = held;
    held = '';
    sink.write(lines);
  };
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>): void => {
    if (RANK[lvl] < threshold) return;
    if (RANK[lvl] >= RANK.warn) {
      held += `${serialise(lvl, msg, fields)}\n`;
      flush();
      return;
    }
    hold(`${serialise(lvl, msg, fields)}\n`);
  };
  /** Keep a debug or info line until this turn of the event loop ends. */
  const hold = (line: string): void => {
    held += line;
    if (scheduled) return;
    scheduled = true;
    holdUntilExit(logger);
    setImmediate(flush);
  };
  const logger: Logger = {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    infoMembers: (m, members) => {
      if (RANK.info < threshold) return;
      hold(`${serialiseMembers('info', m, members)}\n`);
    },
    enabled: (l) => RANK[l] >= threshold,
    flush,
  };
  return logger;
}

function isoNow(): string {
  return isoTime(Date.now());
}

/** The base fields as JSON members with a leading comma, or nothing. */
function baseMembers(base: Record<string, unknown>): string {
  return Object.keys(base).length === 0 ? '' : `,${JSON.stringify(base).slice(1, -1)}`;
}

/**
 * One line as JSON: time, level and msg, then the logger's base fields, then the line's own, later
 * names overriding earlier ones. The base is serialised once; a line whose fields repeat a name
 * above takes the general path, so no line ever holds a member name twice.
 */
function lineSerialiser(base: Record<string, unknown>): (level: string, msg: string, fields?: Record<string, unknown>) => string {
  const baseNames = Object.keys(base);
  const baseText = baseMembers(base);
  return (level, msg, fields) => {
    const time = isoNow();
    if (fields === undefined) return `{"time":"${time}","level":"${level}","msg":${JSON.stringify(msg)}${baseText}}`;
    if ('time' in fields || 'level' in fields || 'msg' in fields || baseNames.some((name) => name in fields)) {
      return JSON.stringify({ time, level, msg, ...base, ...fields });
    }
    const own = JSON.stringify(fields);
    const rest = own.length > 2 ? `,${own.slice(1)}` : '}';
    return `{"time":"${time}","level":"${level}","msg":${JSON.stringify(msg)}${baseText}${rest}`;
  };
}

/** What may be logged about an unexpected fault: its class and stack frames, with the message redacted. */
export function describeFault(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const frames = (error.stack ?? '').split('\n').slice(1, 8).map((l) => redact(l.trim()));
  return { error: error.name, message: redact(error.message), stack: frames };
}
