export const id = 833;
export const ids = [833];
export const modules = {

/***/ 8833:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  StartupError: () => (/* reexport */ StartupError),
  runServer: () => (/* binding */ runServer),
  startServer: () => (/* binding */ startServer)
});

// EXTERNAL MODULE: external "node:cluster"
var external_node_cluster_ = __webpack_require__(139);
var external_node_cluster_default = /*#__PURE__*/__webpack_require__.n(external_node_cluster_);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/engine/index.ts + 150 modules
var src_engine = __webpack_require__(4612);
;// CONCATENATED MODULE: ./src/server/errors.ts
class ServerError extends Error {
    code;
    constructor(code, message) {
        super(message);
        this.name = 'ServerError';
        this.code = code;
    }
}
/** A setting that stops the start. The message is the one line printed to the operator. */
class StartupError extends ServerError {
    constructor(message) {
        super('STARTUP_FAILED', message);
        this.name = 'StartupError';
    }
}

;// CONCATENATED MODULE: ./src/server/log/json-text.ts
/**
 * JSON text written by hand for the lines every request logs, each exactly what JSON.stringify writes for
 * the same value: a string, a duration in milliseconds, a time. The access line (access-line.ts) is made
 * of these only, so nothing a client sends can reach a log line unescaped.
 */
/** Printable ASCII other than `"` and `\`: JSON.stringify writes such a string between quotes as it is. */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** A string as JSON text, exactly as JSON.stringify(value) writes it: the one escaping helper of the access line. */
function jsonString(value) {
    return PLAIN_TEXT.test(value) ? `"${value}"` : JSON.stringify(value);
}
/**
 * Whole microseconds as milliseconds in JSON number text, as JSON.stringify(micros / 1000) writes
 * them ("12", "1.5", "0.003"): from integers, which print without the general number formatting
 * every access line would otherwise pay for.
 */
function millisecondsText(micros) {
    if (!Number.isSafeInteger(micros) || micros < 0 || micros >= 1e15)
        return JSON.stringify(micros / 1000);
    const whole = Math.floor(micros / 1000);
    const rest = micros - whole * 1000;
    if (rest === 0)
        return `${whole}`;
    if (rest % 100 === 0)
        return `${whole}.${rest / 100}`;
    if (rest % 10 === 0)
        return `${whole}.${rest < 100 ? '0' : ''}${rest / 10}`;
    return `${whole}.${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}`;
}
/**
 * The time of a log line, as toISOString() writes it. Under load many lines share a millisecond, and so
 * one string; and every line of a second shares its text up to the milliseconds, made once a second.
 */
let lastMs = Number.NaN;
let lastIso = '';
let secondStart = Number.NaN;
let secondPrefix = '';
function isoTime(time) {
    // Whole milliseconds, as toISOString counts them.
    const ms = Math.trunc(time);
    if (ms === lastMs)
        return lastIso;
    lastMs = ms;
    const withinSecond = ms - secondStart;
    if (withinSecond >= 0 && withinSecond < 1000) {
        lastIso = `${secondPrefix}${withinSecond < 10 ? '00' : withinSecond < 100 ? '0' : ''}${withinSecond}Z`;
    }
    else {
        lastIso = new Date(ms).toISOString();
        // The prefix is only reused for the years toISOString writes with four digits.
        secondStart = ms >= 0 && ms < 253402300800000 ? ms - (ms % 1000) : Number.NaN;
        secondPrefix = lastIso.slice(0, 20);
    }
    return lastIso;
}

;// CONCATENATED MODULE: ./src/server/log/log.ts

const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'];
const RANK = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
// Long base64/base64url/hex runs are what tokens, secrets, keys and PEM bodies look like; an
// unexpected error message may quote one, so it is cut before it reaches a log line.
const SECRET_LIKE = /[A-Za-z0-9_-]{24,}|[A-Za-z0-9+/]{40,}={0,2}/g;
const PEM_BLOCK = /-----BEGIN [^-]+-----[\s\S]*?(-----END [^-]+-----|$)/g;
function redact(text) {
    return text.replace(PEM_BLOCK, '[pem]').replace(SECRET_LIKE, '[redacted]').slice(0, 500);
}
/** Loggers holding lines back; whatever they hold is written when the process exits. */
const holding = new Set();
let exitHookInstalled = false;
function holdUntilExit(logger) {
    holding.add(logger);
    if (exitHookInstalled)
        return;
    exitHookInstalled = true;
    process.once('exit', () => {
        for (const held of holding)
            held.flush();
    });
}
/**
 * One JSON object per line on the sink (stderr by default): structured, and never a request body.
 * Debug and info lines (one access line per request) are held back until the current turn of the
 * event loop ends and then written together: under load one write carries many lines, where a write
 * per line would cost as much as answering the request. Warnings and errors are written at once,
 * after what was held back, so the order of lines is kept.
 */
function createLogger(sink, level, base = {}) {
    const threshold = RANK[level];
    const serialise = lineSerialiser(base);
    const baseText = baseMembers(base);
    // The message of the last prepared line, as JSON: every access line has the same one.
    let lastMsg = '';
    let lastMsgJson = '""';
    const serialiseMembers = (lvl, msg, members) => {
        if (msg !== lastMsg) {
            lastMsg = msg;
            lastMsgJson = JSON.stringify(msg);
        }
        return `{"time":"${isoNow()}","level":"${lvl}","msg":${lastMsgJson}${baseText},${members}}`;
    };
    let held = '';
    let scheduled = false;
    const flush = () => {
        scheduled = false;
        holding.delete(logger);
        if (held === '')
            return;
        const lines = held;
        held = '';
        sink.write(lines);
    };
    const emit = (lvl, msg, fields) => {
        if (RANK[lvl] < threshold)
            return;
        if (RANK[lvl] >= RANK.warn) {
            held += `${serialise(lvl, msg, fields)}\n`;
            flush();
            return;
        }
        hold(`${serialise(lvl, msg, fields)}\n`);
    };
    /** Keep a debug or info line until this turn of the event loop ends. */
    const hold = (line) => {
        held += line;
        if (scheduled)
            return;
        scheduled = true;
        holdUntilExit(logger);
        setImmediate(flush);
    };
    const logger = {
        debug: (m, f) => emit('debug', m, f),
        info: (m, f) => emit('info', m, f),
        warn: (m, f) => emit('warn', m, f),
        error: (m, f) => emit('error', m, f),
        infoMembers: (m, members) => {
            if (RANK.info < threshold)
                return;
            hold(`${serialiseMembers('info', m, members)}\n`);
        },
        enabled: (l) => RANK[l] >= threshold,
        flush,
    };
    return logger;
}
function isoNow() {
    return isoTime(Date.now());
}
/** The base fields as JSON members with a leading comma, or nothing. */
function baseMembers(base) {
    return Object.keys(base).length === 0 ? '' : `,${JSON.stringify(base).slice(1, -1)}`;
}
/**
 * One line as JSON: time, level and msg, then the logger's base fields, then the line's own, later
 * names overriding earlier ones. The base is serialised once; a line whose fields repeat a name
 * above takes the general path, so no line ever holds a member name twice.
 */
function lineSerialiser(base) {
    const baseNames = Object.keys(base);
    const baseText = baseMembers(base);
    return (level, msg, fields) => {
        const time = isoNow();
        if (fields === undefined)
            return `{"time":"${time}","level":"${level}","msg":${JSON.stringify(msg)}${baseText}}`;
        if ('time' in fields || 'level' in fields || 'msg' in fields || baseNames.some((name) => name in fields)) {
            return JSON.stringify({ time, level, msg, ...base, ...fields });
        }
        const own = JSON.stringify(fields);
        const rest = own.length > 2 ? `,${own.slice(1)}` : '}';
        return `{"time":"${time}","level":"${level}","msg":${JSON.stringify(msg)}${baseText}${rest}`;
    };
}
/** What may be logged about an unexpected fault: its class and stack frames, with the message redacted. */
function describeFault(error) {
    if (!(error instanceof Error))
        return { error: typeof error };
    const frames = (error.stack ?? '').split('\n').slice(1, 8).map((l) => redact(l.trim()));
    return { error: error.name, message: redact(error.message), stack: frames };
}

;// CONCATENATED MODULE: ./src/server/config/settings.ts





/** Shorter keys are guessable; 16 characters is the floor, generated keys are 43. */
const MIN_API_KEY_LENGTH = 16;
/**
 * Longer keys are refused at start, and a longer presented key is refused before any comparison, so
 * no header a client sends makes the comparison longer than this.
 */
const MAX_API_KEY_LENGTH = 256;
/** What an API key may hold: it travels in an HTTP header. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
const MAX_WORKERS = 64;
const DEFAULT_MAX_CONNECTIONS = 1024;
/** Beyond a million sockets the process runs out of memory or file descriptors first. */
const MAX_MAX_CONNECTIONS = 1_000_000;
/** An entry takes about 200 bytes (measured: the digest, its slot in the LRU list, the check), so the largest cache stays near 200 MB. */
const MAX_VERIFY_CACHE_SIZE = 1_000_000;
function present(env, name) {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value;
}
function parseInteger(name, raw, min, max) {
    const text = raw.trim();
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
        throw new StartupError(`${name} must be an integer from ${min} to ${max}, got "${text.slice(0, 40)}"`);
    }
    return Number(text);
}
/** Three dot-separated base64url segments, the first decoding to a JSON object with alg: a JWT, not an API key. */
function looksLikeJwt(value) {
    const parts = value.split('.');
    if (parts.length !== 3 && parts.length !== 5)
        return false;
    if (!parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p)))
        return false;
    try {
        const header = JSON.parse(Buffer.from(parts[0] ?? '', 'base64url').toString('utf8'));
        return typeof header === 'object' && header !== null && 'alg' in header;
    }
    catch {
        return false;
    }
}
function checkKeys(keys, source) {
    keys.forEach((key, i) => {
        // Positions, never the key itself: a misplaced secret must not reach the terminal or the log.
        const where = `${source} entry ${i + 1}`;
        if (/\s/.test(key))
            throw new StartupError(`${where} contains whitespace`);
        if (key.length < MIN_API_KEY_LENGTH)
            throw new StartupError(`${where} is shorter than ${MIN_API_KEY_LENGTH} characters`);
        if (!PRINTABLE_ASCII.test(key))
            throw new StartupError(`${where} must be printable ASCII (it travels in an HTTP header)`);
        if (looksLikeJwt(key))
            throw new StartupError(`${where} is a JWT; an API key is an opaque random string, and tokens are sent in the request body`);
        if (key.length > MAX_API_KEY_LENGTH)
            throw new StartupError(`${where} is longer than ${MAX_API_KEY_LENGTH} characters`);
    });
    return [...new Set(keys)];
}
function readApiKeys(env) {
    const inline = present(env, 'API_KEYS');
    const file = present(env, 'API_KEYS_FILE');
    if (inline !== undefined && file !== undefined)
        throw new StartupError('set API_KEYS or API_KEYS_FILE, not both');
    if (inline !== undefined) {
        const keys = inline.split(',').map((k) => k.trim());
        if (keys.some((k) => k === ''))
            throw new StartupError('API_KEYS has an empty entry (keys are comma-separated)');
        return checkKeys(keys, 'API_KEYS');
    }
    if (file !== undefined) {
        let text;
        try {
            text = (0,external_node_fs_.readFileSync)(file, 'utf8');
        }
        catch (error) {
            throw new StartupError(`API_KEYS_FILE "${file}" cannot be read (${error.code ?? 'error'})`);
        }
        const keys = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
        if (keys.length === 0)
            throw new StartupError(`API_KEYS_FILE "${file}" holds no key (one key per line; # starts a comment)`);
        return checkKeys(keys, 'API_KEYS_FILE');
    }
    return [];
}
function readBoolean(env, name) {
    const raw = present(env, name)?.trim().toLowerCase();
    if (raw === undefined || raw === 'false')
        return false;
    if (raw === 'true')
        return true;
    throw new StartupError(`${name} must be true or false, got "${raw.slice(0, 40)}"`);
}
function readAudit(env) {
    const raw = present(env, 'AUDIT_LOG')?.trim();
    if (raw === undefined || raw.toLowerCase() === 'off')
        return { kind: 'off' };
    if (raw.toLowerCase() === 'stdout')
        return { kind: 'stdout' };
    return { kind: 'file', path: raw };
}
/** Environment -> settings. Throws StartupError with one line naming the setting. */
function parseSettings(env) {
    const port = parseInteger('PORT', present(env, 'PORT') ?? '8080', 0, 65535);
    const host = (present(env, 'HOST') ?? '127.0.0.1').trim();
    const logRaw = (present(env, 'LOG_LEVEL') ?? 'info').trim().toLowerCase();
    if (!LOG_LEVELS.includes(logRaw)) {
        throw new StartupError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logRaw.slice(0, 40)}"`);
    }
    const workers = parseInteger('WORKERS', present(env, 'WORKERS') ?? '1', 1, MAX_WORKERS);
    const maxConnections = parseInteger('MAX_CONNECTIONS', present(env, 'MAX_CONNECTIONS') ?? String(DEFAULT_MAX_CONNECTIONS), 1, MAX_MAX_CONNECTIONS);
    const verifyCacheSize = parseInteger('VERIFY_CACHE_SIZE', present(env, 'VERIFY_CACHE_SIZE') ?? String(src_engine/* DEFAULT_VERIFY_CACHE_SIZE */.RW), 0, MAX_VERIFY_CACHE_SIZE);
    const metricsPublic = readBoolean(env, 'METRICS_PUBLIC');
    let outboundAllow;
    try {
        outboundAllow = (0,src_engine/* parseOutboundAllow */.Db)(present(env, 'OUTBOUND_ALLOW'));
    }
    catch (error) {
        if (error instanceof src_engine/* OutboundAllowError */.gn)
            throw new StartupError(error.message);
        throw error;
    }
    const profilesJson = present(env, 'ISSUER_PROFILES_JSON');
    const profilesFile = present(env, 'ISSUER_PROFILES_FILE');
    if (profilesJson !== undefined && profilesFile !== undefined) {
        throw new StartupError('set ISSUER_PROFILES_JSON or ISSUER_PROFILES_FILE, not both');
    }
    const profiles = {};
    if (profilesJson !== undefined)
        profiles.json = profilesJson;
    if (profilesFile !== undefined)
        profiles.file = profilesFile;
    return {
        port,
        host,
        apiKeys: readApiKeys(env),
        profiles,
        outboundAllow,
        audit: readAudit(env),
        logLevel: logRaw,
        workers,
        maxConnections,
        verifyCacheSize,
        metricsPublic,
    };
}

;// CONCATENATED MODULE: ./src/server/auth/auth.ts


function comparableKey(key) {
    if (key.length === 0 || key.length > MAX_API_KEY_LENGTH || !PRINTABLE_ASCII.test(key)) {
        throw new Error(`an API key is 1 to ${MAX_API_KEY_LENGTH} printable ASCII characters`);
    }
    const codes = new Uint8Array(MAX_API_KEY_LENGTH);
    for (let i = 0; i < MAX_API_KEY_LENGTH; i++)
        codes[i] = key.charCodeAt(i % key.length);
    return { codes, length: key.length };
}
/**
 * Whether the presented key (at most MAX_API_KEY_LENGTH characters, checked by the caller) equals a
 * configured one. Every character the client sent is compared, with no early exit, and a length
 * difference is folded into the same result: the work and the time depend only on the presented key's
 * length, which the client chose, never on the configured key. Plain JavaScript on purpose: hashing the
 * presented key first (to compare digests) goes through OpenSSL, which cost several µs on every request.
 */
function keysEqual(presented, key) {
    const length = presented.length;
    if (length === 0 || length > MAX_API_KEY_LENGTH)
        return false;
    const codes = key.codes;
    let difference = length ^ key.length;
    for (let i = 0; i < length; i++)
        difference |= presented.charCodeAt(i) ^ codes[i];
    return difference === 0;
}
/** Truncated SHA-256: enough to tell keys apart in the audit log, useless for recovering one. */
function keyFingerprint(key) {
    return (0,external_node_crypto_.hash)('sha256', key, 'hex').slice(0, 12);
}
function generateApiKey() {
    return `ogk_${(0,external_node_crypto_.randomBytes)(32).toString('base64url')}`;
}
const BEARER = /^Bearer[ ]+([\x21-\x7e]+)[ ]*$/i;
/**
 * Bearer API keys. The presented key is compared with every configured key (keysEqual), without
 * stopping at a match, so neither a key's length nor which key matched shows in the response time. A
 * presented key longer than any key can be is refused uncompared.
 */
class ApiKeyAuthenticator {
    #keys;
    #fingerprints;
    constructor(keys) {
        if (keys.length === 0)
            throw new Error('at least one API key is required');
        this.#keys = keys.map(comparableKey);
        this.#fingerprints = keys.map(keyFingerprint);
    }
    check(header) {
        if (header === undefined || header === '')
            return { ok: false, detail: 'Send an API key in the Authorization header: "Authorization: Bearer <key>".' };
        const match = BEARER.exec(header);
        if (match === null)
            return { ok: false, detail: 'The Authorization header must use the Bearer scheme: "Authorization: Bearer <key>".' };
        const presented = match[1];
        let found = -1;
        for (let i = 0; i < this.#keys.length; i++) {
            if (keysEqual(presented, this.#keys[i]) && found < 0)
                found = i;
        }
        if (found >= 0)
            return { ok: true, fingerprint: this.#fingerprints[found] };
        if (looksLikeJwt(presented)) {
            return { ok: false, detail: 'The bearer credential is a JWT, not an API key. Send the token to validate in the request body and an API key in the Authorization header.' };
        }
        return { ok: false, detail: 'The API key is not valid.' };
    }
}

;// CONCATENATED MODULE: ./src/server/auth/keys.ts


/** Set by the primary for its workers, so a generated key is one key for the whole cluster. */
const GENERATED_KEY_ENV = 'OIDC_GATE_CLUSTER_API_KEY';
/**
 * The configured API keys; with none, one generated for this run. The service never runs open, and
 * the operator needs the key to call it, so a generated key is printed once, whatever LOG_LEVEL says:
 * the one place a key is ever written out. A cluster worker takes the primary's key instead of
 * printing one of its own.
 */
function resolveApiKeys(configured, env, stderr) {
    if (configured.length > 0)
        return { keys: configured, generated: false };
    const inherited = (external_node_cluster_default()).isWorker ? env[GENERATED_KEY_ENV] : undefined;
    if (inherited !== undefined && inherited !== '')
        return { keys: [inherited], generated: true };
    const key = generateApiKey();
    stderr.write(`${JSON.stringify({
        time: new Date().toISOString(),
        level: 'warn',
        msg: 'No API key is configured (API_KEYS / API_KEYS_FILE); generated one for this run. It is printed only once.',
        api_key: key,
    })}\n`);
    return { keys: [key], generated: true };
}

;// CONCATENATED MODULE: ./src/server/process/build-engine.ts



/**
 * The service's engine: online, with the outbound allow-list and CA of the settings, and the issuer
 * profiles registered when any are configured. Throws StartupError when a profile is invalid.
 */
function buildEngine(settings, env, options) {
    const engine = (0,src_engine/* createEngine */.P)({
        network: { online: true, outboundAllow: settings.outboundAllow, ca: options.outboundCa },
        clock: options.now,
        verifyCacheSize: settings.verifyCacheSize,
    });
    if (settings.profiles.json === undefined && settings.profiles.file === undefined)
        return engine;
    try {
        return engine.withProfiles((0,src_engine/* loadIssuerProfiles */.Mf)({ ...engine.services, env, ...settings.profiles }));
    }
    catch (error) {
        // The loader's messages name profile and field and never a configured value; anything else is redacted.
        if (error instanceof src_engine/* IssuerProfileError */.HC)
            throw new StartupError(error.message);
        throw new StartupError(`issuer profiles: ${redact(error instanceof Error ? error.message : String(error))}`);
    }
}

;// CONCATENATED MODULE: ./src/server/http/address.ts
/** http://host:port of a listening address, with an IPv6 host in brackets. */
function urlOf(address) {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
}

// EXTERNAL MODULE: ./node_modules/prom-client/index.js
var prom_client = __webpack_require__(5222);
;// CONCATENATED MODULE: ./src/server/metrics/cluster-metrics.ts


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
/** In the primary: answer each worker's request for the whole cluster's metrics. */
function serveClusterMetrics() {
    const aggregator = new prom_client.AggregatorRegistry();
    external_node_cluster_default().on('message', (worker, message) => {
        if (message?.kind !== ASK)
            return;
        aggregator.clusterMetrics().then((text) => worker.send({ kind: ANSWER, id: message.id, text }), () => worker.send({ kind: ANSWER, id: message.id }));
    });
}
/**
 * In a worker: lend the registry to the primary's collection, and render a scrape from the primary's
 * answer. When the primary does not answer in time, the worker's own metrics are served.
 */
function clusterRenderer(registry) {
    // Constructing one installs prom-client's worker side of the protocol; setRegistries points it here.
    new prom_client.AggregatorRegistry();
    prom_client.AggregatorRegistry.setRegistries([registry]);
    const waiting = new Map();
    let next = 0;
    process.on('message', (message) => {
        if (message?.kind !== ANSWER || typeof message.id !== 'number')
            return;
        waiting.get(message.id)?.(typeof message.text === 'string' ? message.text : undefined);
    });
    return async () => {
        const id = next++;
        const text = await new Promise((resolve) => {
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

;// CONCATENATED MODULE: ./src/server/process/signals.ts
/**
 * SIGTERM and SIGINT (an orchestrator stopping the instance, or Ctrl-C): announce, close, then exit 0,
 * or 1 when closing failed. Returns the function that stops listening for them, for a close that
 * started some other way.
 */
function exitOnSignals(announce, close) {
    const onSignal = (signal) => {
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

;// CONCATENATED MODULE: ./src/server/process/cluster.ts






/**
 * The cluster primary (WORKERS > 1): forks the workers, which re-run the entry script and share the
 * port, and replaces any that exits while serving. Resolves once every worker listens; rejects with a
 * StartupError when one fails to start, after stopping the others. A generated key is handed to the
 * workers, so the whole cluster answers to the one key printed.
 */
function startPrimary(settings, firstKey, generated, log, options) {
    const workerEnv = generated ? { [GENERATED_KEY_ENV]: firstKey } : {};
    serveClusterMetrics();
    let stopping = false;
    const workers = new Set();
    const fork = () => {
        const worker = external_node_cluster_default().fork(workerEnv);
        workers.add(worker);
        worker.on('exit', (code, signal) => {
            workers.delete(worker);
            if (stopping)
                return;
            log.error('worker exited; starting a replacement', { code, signal });
            fork();
        });
        return worker;
    };
    return new Promise((resolve, reject) => {
        let listening = 0;
        let url = '';
        const onStartExit = (_worker, code) => {
            if (listening < settings.workers && !stopping) {
                stopping = true;
                for (const w of workers)
                    w.process.kill('SIGTERM');
                reject(new StartupError(`a worker failed to start (exit code ${code}); see its message above`));
            }
        };
        external_node_cluster_default().on('exit', onStartExit);
        external_node_cluster_default().on('listening', (_worker, address) => {
            listening++;
            url ||= urlOf({ address: address.address ?? settings.host, port: address.port, family: address.addressType === 6 ? 'IPv6' : 'IPv4' });
            if (listening !== settings.workers)
                return;
            external_node_cluster_default().off('exit', onStartExit);
            let stopSignals;
            let closing;
            const close = () => {
                closing ??= new Promise((done) => {
                    stopping = true;
                    if (workers.size === 0) {
                        done();
                        return;
                    }
                    external_node_cluster_default().on('exit', () => {
                        if (workers.size === 0)
                            done();
                    });
                    for (const w of workers)
                        w.process.kill('SIGTERM');
                }).then(() => stopSignals?.());
                return closing;
            };
            if (options.handleSignals ?? true) {
                stopSignals = exitOnSignals((signal) => log.info('draining workers', { signal }), close);
            }
            log.info('cluster listening', { url, workers: settings.workers });
            resolve({ url, close });
        });
        for (let i = 0; i < settings.workers; i++)
            fork();
    });
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
;// CONCATENATED MODULE: ./src/server/audit/audit.ts



/** The audit line of a request answered with `status` (0: nobody was answered). */
function auditRecordOf(state, status, now) {
    return {
        time: new Date(now).toISOString(),
        request_id: state.id,
        endpoint: state.endpoint,
        api_key_fingerprint: state.keyFingerprint,
        outcome: state.outcome,
        status,
        finding_codes: state.findingCodes,
        token_fingerprint: state.tokenFingerprint,
        duration_ms: now - state.start,
    };
}
const disabledAudit = { enabled: false, write: () => undefined, close: async () => undefined };
async function openAudit(target, stdout, onError) {
    if (target.kind === 'off')
        return disabledAudit;
    if (target.kind === 'stdout') {
        return { enabled: true, write: (r) => void stdout.write(`${JSON.stringify(r)}\n`), close: async () => undefined };
    }
    // Append, owner-only: the file names which keys called and which tokens were seen (as digests).
    const stream = (0,external_node_fs_.createWriteStream)(target.path, { flags: 'a', mode: 0o600 });
    try {
        await (0,external_node_events_.once)(stream, 'open');
    }
    catch (error) {
        throw new StartupError(`AUDIT_LOG file "${target.path}" cannot be opened for appending (${error.code ?? 'error'})`);
    }
    // A write failure later (disk full) is reported, and must not take the service down with it.
    stream.on('error', onError);
    return {
        enabled: true,
        write: (r) => void stream.write(`${JSON.stringify(r)}\n`),
        close: () => new Promise((resolve) => stream.end(resolve)),
    };
}

;// CONCATENATED MODULE: ./src/server/http/body.ts

const MAX_BODY_BYTES = 64 * 1024;

/**
 * application/json or any +json type. A charset parameter, when given, must be UTF-8: JSON exchanged
 * between systems is UTF-8, and a body declared otherwise would be read as something it is not.
 */
function isJsonContentType(header) {
    if (header === undefined)
        return false;
    if (header === 'application/json')
        return true;
    const [type, ...params] = header.split(';');
    const media = type.trim().toLowerCase();
    if (media !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(media))
        return false;
    for (const p of params) {
        const [name, value] = p.split('=');
        if (name?.trim().toLowerCase() === 'charset') {
            const v = (value ?? '').trim().replace(/^"|"$/g, '').toLowerCase();
            if (v !== 'utf-8' && v !== 'utf8')
                return false;
        }
    }
    return true;
}
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
/**
 * Read the body up to MAX_BODY_BYTES and call `done` once with the outcome. A declared Content-Length
 * over the limit is refused before a byte is read; a chunked body is refused as soon as it crosses the
 * limit, and reading stops. `done` runs in the handler of the event that decided the outcome, so an
 * answer can still be written in the same turn of the event loop as the body's last byte.
 */
function readBody(req, done) {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) {
        done({ kind: 'too_large' });
        return;
    }
    const chunks = [];
    let size = 0;
    let settled = false;
    // Listeners are not removed on settling: the request object is dropped right after, and the
    // flag makes late events harmless.
    const finish = (outcome) => {
        if (settled)
            return;
        settled = true;
        done(outcome);
    };
    req.on('data', (chunk) => {
        if (settled)
            return;
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
            req.pause();
            finish({ kind: 'too_large' });
            return;
        }
        chunks.push(chunk);
    });
    req.on('end', () => {
        const buf = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
        let text;
        try {
            text = decoder.decode(buf);
        }
        catch {
            finish({ kind: 'not_utf8' });
            return;
        }
        finish({ kind: 'ok', text });
    });
    // 'close' before 'end' is a client that went away mid-upload. No 'error' listener: a request that
    // fails is destroyed and closes, and Node emits a request's 'error' only to a listener.
    req.on('close', () => finish({ kind: 'aborted' }));
}
/**
 * JSON.parse plus two checks it does not make: a duplicate member name (which parsers resolve
 * differently, so {"issuer":"a","issuer":"b"} must not pass) and nesting deeper than MAX_JSON_DEPTH.
 * The parser's own message is not returned: it quotes the input, which may hold a token.
 */
function parseJsonBody(text) {
    if (text.trim() === '')
        return { ok: false, pointer: '', message: 'the request body is empty; expected a JSON object' };
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return { ok: false, pointer: '', message: 'the request body is not valid JSON' };
    }
    // The parsed value proves most bodies sound without a second pass over the text.
    const issue = (0,src_engine/* checkJsonStructure */.Ug)(text, value, src_engine/* MAX_JSON_DEPTH */.KX);
    if (issue !== undefined)
        return { ok: false, pointer: '', message: describeStructureIssue(issue) };
    return { ok: true, value };
}
/** Duplicate member names and depth, by the engine's structure scanner; the message names the problem. */
function scanJson(text) {
    const issue = scanJsonStructure(text, MAX_JSON_DEPTH);
    return issue === undefined ? undefined : describeStructureIssue(issue);
}
function describeStructureIssue(issue) {
    if (issue.kind === 'too_deep')
        return `the request body nests deeper than ${src_engine/* MAX_JSON_DEPTH */.KX} levels`;
    const name = issue.name;
    return `the request body repeats the member name "${name.length > 64 ? `${name.slice(0, 64)}…` : name}" in one object`;
}

;// CONCATENATED MODULE: ./src/server/http/reply.ts

const GONE = { kind: 'gone' };
function jsonReply(status, body, headers) {
    const answer = { kind: 'send', status, contentType: 'application/json', body };
    if (headers !== undefined)
        answer.headers = headers;
    return answer;
}
function problemReply(p, headers) {
    const answer = { kind: 'send', status: p.status, contentType: 'application/problem+json', body: JSON.stringify(p) };
    if (headers !== undefined)
        answer.headers = headers;
    return answer;
}
/**
 * An answer sent before the body was read. It closes the connection: keeping it open would mean
 * reading, and waiting for, an upload nobody will look at.
 */
function refusal(code, detail, headers = {}) {
    return problemReply((0,src_engine/* problem */.CC)(code, detail), { connection: 'close', ...headers });
}
/** The 500 answer: no internals, only the id to quote. */
function internalError(requestId) {
    return problemReply((0,src_engine/* problem */.CC)('INTERNAL', `An internal error occurred. Quote request id ${requestId} when reporting it.`));
}
/**
 * Write an answer with the headers every answer carries: its length, no caching (answers hold verdicts
 * about tokens), no content sniffing, the request id, and `connection: close` once the service is draining.
 */
function writeAnswer(res, answer, requestId, closing) {
    if (answer.headers === undefined && !closing) {
        // The common answer (every 200 of an operation): a flat list, which Node takes without building an object.
        res.writeHead(answer.status, [
            'content-type', answer.contentType,
            'content-length', Buffer.byteLength(answer.body),
            'cache-control', 'no-store',
            'x-content-type-options', 'nosniff',
            'x-request-id', requestId,
        ]);
        res.end(answer.body);
        return;
    }
    const headers = {
        'content-type': answer.contentType,
        'content-length': Buffer.byteLength(answer.body),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-request-id': requestId,
        ...answer.headers,
    };
    if (closing)
        headers.connection = 'close';
    res.writeHead(answer.status, headers);
    res.end(answer.body);
}

;// CONCATENATED MODULE: ./src/server/http/deadline.ts


/**
 * The answer for a request that overran its budget. A slow upload is the client's delay: 408, and the
 * connection closes, since the rest of the upload would only be read to be thrown away. A slow answer
 * is the service's own (an identity provider that does not answer, say): 503, and the connection stays.
 */
function overdueAnswer(state, budgetMs) {
    const seconds = budgetMs / 1000;
    return state.phase === 'body'
        ? problemReply((0,src_engine/* problem */.CC)('TIMEOUT', `The request was not received within ${seconds} s.`, { status: 408 }), { connection: 'close' })
        : problemReply((0,src_engine/* problem */.CC)('TIMEOUT', `The request was not answered within ${seconds} s.`));
}

;// CONCATENATED MODULE: ./src/server/http/request.ts


const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** `METHOD /path` of a path the service serves, or of "(unknown path)": a client may have put a token in a path. */
const endpoints = new Map();
function endpointOf(method, path) {
    const route = path ?? '(unknown path)';
    let byMethod = endpoints.get(route);
    if (byMethod === undefined) {
        byMethod = new Map();
        endpoints.set(route, byMethod);
    }
    let endpoint = byMethod.get(method);
    if (endpoint === undefined) {
        // The same few strings every request: metrics look them up without hashing them anew.
        endpoint = `${method} ${route}`;
        byMethod.set(method, endpoint);
    }
    return endpoint;
}
/**
 * The state of a request that just arrived. `route`: the path as the service's route table spells it,
 * undefined when the service serves no such path (only served paths and Node's own methods are ever
 * remembered, so the strings kept are bounded).
 */
function openRequest(req, res, route) {
    const incomingId = req.headers['x-request-id'];
    return {
        id: acceptRequestId(incomingId) ? incomingId : (0,external_node_crypto_.randomUUID)(),
        start: Date.now(),
        startedAt: performance.now(),
        endpoint: endpointOf(req.method ?? 'GET', route),
        phase: 'body',
        keyFingerprint: null,
        tokenFingerprint: null,
        findingCodes: [],
        outcome: 'ok',
        res,
    };
}
/** A caller's id is logged and echoed, so it must be short and plain, and must not be a token sent by mistake. */
function acceptRequestId(value) {
    return typeof value === 'string' && REQUEST_ID.test(value) && !looksLikeJwt(value);
}
/** The path without its query string. */
function pathOf(req) {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    return q < 0 ? url : url.slice(0, q);
}
/** The request announces a body (a length above zero, or chunks). */
function declaresBody(req) {
    const length = req.headers['content-length'];
    return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

;// CONCATENATED MODULE: ./src/server/log/access-line.ts

/**
 * The access line's members (Logger.infoMembers), every string through jsonString: whatever a request id
 * holds, the line stays one JSON object. Exactly JSON.stringify's members for the same fields.
 */
function accessMembers(line) {
    const members = `"request_id":${jsonString(line.requestId)},"endpoint":${jsonString(line.endpoint)},"status":${line.status},"outcome":${jsonString(line.outcome)}`;
    return line.durationMicros === undefined ? members : `${members},"duration_ms":${millisecondsText(line.durationMicros)}`;
}

;// CONCATENATED MODULE: ./src/server/audit/operation-audit.ts

function auditTraitsOf(operation) {
    const request = operation.request.schema;
    const metadata = operation.response.schema.properties?.metadata?.properties ?? {};
    return {
        token: request.properties?.token !== undefined,
        warnings: metadata.warnings !== undefined,
        requestId: metadata.request_id !== undefined,
    };
}
/** Before the engine runs: the token's fingerprint, so a request the engine refuses is still traceable. */
function auditRequest(state, traits, body) {
    if (!traits.token)
        return;
    const token = body?.token;
    if (typeof token === 'string')
        state.tokenFingerprint = (0,src_engine/* tokenFingerprint */.Wv)(token);
}
/** After: the finding codes, warnings included. */
function auditResponse(state, traits, response) {
    const warnings = traits.warnings ? response.metadata?.warnings ?? [] : [];
    state.findingCodes = [...response.findings, ...warnings].map((f) => f.code);
}
/** The request id in the response (always, audit log or not), so a client can quote it. */
function stampRequestId(state, traits, response) {
    if (!traits.requestId)
        return;
    const withMetadata = response;
    if (withMetadata.metadata === undefined)
        withMetadata.metadata = { request_id: state.id };
    else
        withMetadata.metadata.request_id = state.id;
}

;// CONCATENATED MODULE: ./src/server/app/operation-route.ts




/**
 * The handler of one engine operation: read a JSON body, run the operation, answer its response (200)
 * or its problem (400/422). The checks run in the documented order (415 in the request lifecycle, then
 * 413, then the JSON itself), so a client fixes one mistake at a time. A fault thrown by the engine is
 * left to the request lifecycle, which answers 500.
 */
function operationHandler(operation, engine, auditing, metrics) {
    const traits = auditTraitsOf(operation);
    /** A body that arrived: its parsed JSON to run the operation on, or the answer that refuses it. */
    const parsedOrRefused = (read, state) => {
        // The request budget ran out while the body was arriving, and the 408 is already sent.
        if (state.phase === 'done')
            return GONE;
        if (read.kind === 'too_large')
            return refusal('PAYLOAD_TOO_LARGE', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
        if (read.kind === 'aborted')
            return GONE;
        if (read.kind === 'not_utf8') {
            return problemReply((0,src_engine/* problem */.CC)('REQUEST_INVALID', 'The request body is not valid UTF-8.', { errors: [{ pointer: '', message: 'the request body is not valid UTF-8' }] }));
        }
        const parsed = parseJsonBody(read.text);
        if (!parsed.ok) {
            const errors = [{ pointer: parsed.pointer, message: parsed.message }];
            return problemReply((0,src_engine/* problem */.CC)('REQUEST_INVALID', `${parsed.message[0]?.toUpperCase() ?? ''}${parsed.message.slice(1)}.`, { errors }));
        }
        return { kind: 'parsed', value: parsed.value };
    };
    const answerOutcome = (outcome, state) => {
        if (outcome.problem !== undefined)
            return problemReply(outcome.problem);
        const response = outcome.response;
        state.outcome = response.valid ? 'valid' : 'invalid';
        if (auditing)
            auditResponse(state, traits, response);
        metrics.observeResponse(response, traits.warnings);
        stampRequestId(state, traits, response);
        return jsonReply(200, JSON.stringify(response));
    };
    return {
        when: 'later',
        // An operation that needs nothing from the network (a validation with an inline key) settles in the
        // microtasks after the body's last byte: the answer is written before the event loop turns.
        async answer(req, state) {
            const read = await new Promise((resolve) => readBody(req, resolve));
            const body = parsedOrRefused(read, state);
            if (body.kind !== 'parsed')
                return body;
            state.phase = 'engine';
            // Fingerprints and code lists exist only for the audit line: not computed when it is off.
            if (auditing)
                auditRequest(state, traits, body.value);
            return answerOutcome(await engine.run(operation.name, body.value), state);
        },
    };
}

;// CONCATENATED MODULE: ./src/server/app/routes.ts



/**
 * Every endpoint, by path: one per engine operation (POST, API key required), read from the engine's
 * operations table so a new operation is served without a change here; the two meta endpoints, which
 * answer without a key so that load balancers and clients can reach them; and the Prometheus metrics,
 * behind the key unless the operator made them public.
 */
function buildRoutes(deps) {
    const routes = deps.engine.operations.map((operation) => ({
        url: operation.path,
        methods: [operation.method],
        auth: true,
        json: true,
        handler: operationHandler(operation, deps.engine, deps.auditing, deps.metrics),
    }));
    routes.push({
        url: '/v1/openapi.json',
        methods: ['GET', 'HEAD'],
        auth: false,
        json: false,
        handler: { when: 'now', answer: (req) => jsonReply(200, deps.openapiJson, { 'cache-control': 'public, max-age=300', ...closeIfUnread(req) }) },
    }, {
        url: '/healthz',
        methods: ['GET', 'HEAD'],
        auth: false,
        json: false,
        handler: {
            when: 'now',
            answer: (req) => (deps.draining()
                ? jsonReply(503, '{"status":"draining"}', closeIfUnread(req))
                : jsonReply(200, '{"status":"ok"}', closeIfUnread(req))),
        },
    }, {
        url: '/metrics',
        methods: ['GET', 'HEAD'],
        auth: !deps.metricsPublic,
        json: false,
        handler: {
            when: 'later',
            answer: async (req) => {
                const body = await deps.metrics.render();
                return { kind: 'send', status: 200, contentType: deps.metrics.contentType, body, headers: closeIfUnread(req) };
            },
        },
    });
    return new Map(routes.map((route) => [route.url, route]));
}
const NO_HEADERS = {};
const CLOSE = { connection: 'close' };
/** A body these endpoints do not read would keep the connection waiting for it: close instead. */
function closeIfUnread(req) {
    return declaresBody(req) ? CLOSE : NO_HEADERS;
}

;// CONCATENATED MODULE: ./src/server/app/app.ts








/**
 * The request lifecycle around the route handlers: find the route (404, 405), check the API key (401)
 * and the media type (415), run the handler, write its answer once, and record it (audit line, access
 * log, metrics). Every request stays in the in-flight set until it is answered, so the sweep can answer
 * one that overran its budget and draining can wait for the rest.
 */
function createApp(deps) {
    const { auth, audit, log } = deps;
    const accessLog = log.enabled('info');
    const open = new Set();
    let draining = false;
    const { metrics } = deps;
    const routes = buildRoutes({
        engine: deps.engine,
        auditing: audit.enabled,
        openapiJson: deps.openapiJson,
        draining: () => draining,
        metrics,
        metricsPublic: deps.metricsPublic,
    });
    /** The one place an answer leaves: later answers for the same request (a handler after the sweep) are dropped. */
    function settle(state, reply) {
        if (state.phase === 'done')
            return;
        state.phase = 'done';
        open.delete(state);
        if (reply.kind === 'gone') {
            state.outcome = 'aborted';
            record(state, 0);
            return;
        }
        const res = state.res;
        if (res.writableEnded || res.destroyed)
            return;
        writeAnswer(res, reply, state.id, draining);
        if (reply.status >= 500)
            state.outcome = 'error';
        else if (reply.status >= 400)
            state.outcome = 'rejected';
        record(state, reply.status);
    }
    /** Every request, answered or abandoned: its audit line, its access log line and its metrics. */
    function record(state, status) {
        const seconds = (performance.now() - state.startedAt) / 1000;
        metrics.observeRequest(state.endpoint, status, seconds);
        if (audit.enabled)
            audit.write(auditRecordOf(state, status, Date.now()));
        if (accessLog) {
            log.infoMembers('request', accessMembers({
                requestId: state.id, endpoint: state.endpoint, status, outcome: state.outcome, durationMicros: Math.round(seconds * 1e6),
            }));
        }
    }
    function fault(state, error) {
        if (state.phase === 'done')
            return; // the sweep answered first
        log.error('unexpected fault', { request_id: state.id, endpoint: state.endpoint, ...describeFault(error) });
        settle(state, internalError(state.id));
    }
    function handle(req, res) {
        const path = pathOf(req);
        const route = routes.get(path);
        const state = openRequest(req, res, route?.url);
        // No per-request 'close' listener: a request whose client left is still settled (or swept) and
        // removed then, and the listener costs more than it saves on every request.
        open.add(state);
        if (route === undefined) {
            settle(state, refusal('NOT_FOUND', 'No endpoint has this path. See GET /v1/openapi.json.'));
            return;
        }
        const method = req.method ?? 'GET';
        if (!route.methods.includes(method)) {
            const allow = route.methods.join(', ');
            settle(state, refusal('METHOD_NOT_ALLOWED', `This endpoint accepts ${allow}.`, { allow }));
            return;
        }
        if (route.auth) {
            const result = auth.check(req.headers.authorization);
            if (!result.ok) {
                settle(state, refusal('UNAUTHORIZED', result.detail, { 'www-authenticate': 'Bearer realm="oidc-gate"' }));
                return;
            }
            state.keyFingerprint = result.fingerprint;
        }
        if (route.json && !isJsonContentType(req.headers['content-type'])) {
            settle(state, refusal('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with "Content-Type: application/json".'));
            return;
        }
        const { handler } = route;
        let reply;
        try {
            if (handler.when === 'later') {
                handler.answer(req, state).then((r) => settle(state, r), (error) => fault(state, error));
                return;
            }
            reply = handler.answer(req);
        }
        catch (error) {
            fault(state, error);
            return;
        }
        settle(state, reply);
    }
    function sweep(now) {
        // The overdue requests are listed first and answered after, so answering one can never change
        // which others are visited.
        const overdue = [];
        for (const state of open)
            if (now - state.start >= deps.requestTimeoutMs)
                overdue.push(state);
        for (const state of overdue) {
            if (state.phase === 'done')
                continue;
            if (state.phase !== 'body')
                log.warn('request timed out', { request_id: state.id, endpoint: state.endpoint });
            settle(state, overdueAnswer(state, deps.requestTimeoutMs));
        }
    }
    return {
        handle,
        get inFlight() {
            return open.size;
        },
        startDrain() {
            draining = true;
        },
        sweep,
    };
}

;// CONCATENATED MODULE: ./src/server/http/http-limits.ts
/**
 * The request line and headers must arrive within 10 s of the connection (or of the first byte of
 * the next request on a kept-alive one), and may take at most 16 KiB: a client that trickles headers
 * cannot hold a connection open for long, whatever it sends.
 */
const HTTP_LIMITS = { headersTimeoutMs: 10_000, maxHeaderBytes: 16 * 1024 };

;// CONCATENATED MODULE: ./src/server/app/openapi.ts



const API_VERSION = 'v0.0.1';
/**
 * The same schema objects the engine compiles, with shared sub-schemas (found by identity, so
 * nothing is copied by hand) replaced by $ref into components. A shared schema that refers to
 * itself by its $id (a recursive one) is pointed at its component instead, since components drop $id.
 */
function component(schema, shared, root, used = []) {
    if (!root) {
        const name = shared.get(schema);
        if (name !== undefined) {
            used.push(name);
            return { $ref: `#/components/schemas/${name}` };
        }
    }
    if (Array.isArray(schema))
        return schema.map((s) => (typeof s === 'object' && s !== null ? component(s, shared, false, used) : s));
    const out = {};
    for (const [k, v] of Object.entries(schema)) {
        // Dialect and identity belong to the document (jsonSchemaDialect), not to each component.
        if (root && (k === '$schema' || k === '$id'))
            continue;
        // Definitions that are components already are published once, there.
        if (k === '$defs' && Object.values(v).every((d) => shared.has(d)))
            continue;
        if (k === '$ref' && typeof v === 'string') {
            out[k] = componentRefById(v, shared) ?? v;
            continue;
        }
        out[k] = typeof v === 'object' && v !== null ? component(v, shared, false, used) : v;
    }
    return out;
}
function componentRefById(id, shared) {
    for (const [schema, name] of shared) {
        if (schema.$id === id)
            return `#/components/schemas/${name}`;
    }
    return undefined;
}
const problemResponse = (description, extraHeaders = {}) => ({
    description,
    headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' }, ...extraHeaders },
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
function jsonResponse(description, schema) {
    return {
        description,
        headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
    };
}
/** One engine operation as the document describes it: its request and response components, and every problem it can answer. */
function operationObject(o) {
    return {
        operationId: o.operationId,
        summary: o.summary,
        description: o.description,
        tags: [o.tag],
        parameters: [{ $ref: '#/components/parameters/RequestId' }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${o.request.name}` } } } },
        responses: {
            200: jsonResponse('The outcome. Every finding travels here: read valid and findings.', o.response.name),
            400: { $ref: `#/components/responses/${o.malformedToken === true ? 'MalformedToken' : 'BadRequest'}` },
            401: { $ref: '#/components/responses/Unauthorized' },
            405: { $ref: '#/components/responses/MethodNotAllowed' },
            408: { $ref: '#/components/responses/RequestTimeout' },
            413: { $ref: '#/components/responses/PayloadTooLarge' },
            415: { $ref: '#/components/responses/UnsupportedMediaType' },
            422: { $ref: '#/components/responses/RequestInvalid' },
            431: { $ref: '#/components/responses/HeadersTooLarge' },
            500: { $ref: '#/components/responses/Internal' },
            503: { $ref: '#/components/responses/Timeout' },
        },
    };
}
/** HTTP-level answers any path can give, before routing. */
const httpErrors = {
    400: { $ref: '#/components/responses/BadRequest' },
    408: { $ref: '#/components/responses/RequestTimeout' },
    431: { $ref: '#/components/responses/HeadersTooLarge' },
};
/**
 * Sub-schemas of requests published as components of their own, found by identity (nothing is copied
 * by hand). Each is listed right after the first request that uses it.
 */
const REQUEST_PARTS = new Map([
    [src_engine/* verifyPolicySchema */.N2, 'VerifyPolicy'],
    [src_engine/* customClaimValueSchema */.mC, 'CustomClaimValue'],
    // The validator's written-out copy of the same schema: published as the recursive form.
    [src_engine/* customClaimValueUnrolled */.mv, 'CustomClaimValue'],
]);
const PUBLISHED_PART = new Map([['VerifyPolicy', src_engine/* verifyPolicySchema */.N2], ['CustomClaimValue', src_engine/* customClaimValueSchema */.mC]]);
/** Components every response shares (and the error and health bodies): listed last. */
const COMMON = [['Finding', src_engine/* findingSchema */.$f], ['Problem', src_engine/* problemSchema */.zs], ['Health', src_engine/* healthSchema */.qO]];
/**
 * The component schemas: each operation's request (followed by the request parts it introduces), then
 * each operation's response, then the common ones.
 */
function componentSchemas() {
    const shared = new Map([...REQUEST_PARTS, [src_engine/* findingSchema */.$f, 'Finding']]);
    const schemas = {};
    const publishRequest = (name, schema) => {
        if (name in schemas)
            return;
        const used = [];
        schemas[name] = component(schema, shared, true, used);
        for (const part of used) {
            const partSchema = PUBLISHED_PART.get(part);
            if (partSchema !== undefined)
                publishRequest(part, partSchema);
        }
    };
    for (const o of src_engine/* OPERATIONS */.xb)
        publishRequest(o.request.name, o.request.schema);
    for (const o of src_engine/* OPERATIONS */.xb)
        schemas[o.response.name] = component(o.response.schema, shared, true);
    for (const [name, schema] of COMMON)
        schemas[name] = component(schema, shared, true);
    return schemas;
}
/** The OpenAPI 3.1 description of /v1: the engine's operations table, with their request and response schemas. */
function buildOpenApiDocument() {
    const schemas = componentSchemas();
    const paths = {};
    for (const o of src_engine/* OPERATIONS */.xb)
        paths[o.path] = { [o.method.toLowerCase()]: operationObject(o) };
    return {
        openapi: '3.1.0',
        jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
        info: {
            title: 'oidc-gate',
            version: API_VERSION,
            summary: 'JWT validation under a trust policy and OIDC provider configuration lint.',
            description: 'Validate a JWT against an inline policy or a registered issuer profile, lint an OIDC provider configuration, '
                + 'and fetch a provider discovery document. Findings are reported on the 200 channel; errors are RFC 9457 '
                + `problem+json. Request bodies are JSON, at most ${MAX_BODY_BYTES} bytes, and their arrays hold at most `
                + `${src_engine/* MAX_ARRAY_ITEMS */.C6} items. Headers (at most ${HTTP_LIMITS.maxHeaderBytes} bytes) must arrive within `
                + `${HTTP_LIMITS.headersTimeoutMs / 1000} s, and the body and the answer within 10 s of the headers. `
                + 'A path that is not listed here answers 404 with a Problem body (code NOT_FOUND); bytes that are not '
                + 'HTTP/1.1 answer 400 (code BAD_REQUEST).',
            license: { name: 'MIT', identifier: 'MIT' },
        },
        servers: [{ url: 'http://127.0.0.1:8080', description: 'Default local address (PORT, HOST).' }],
        security: [{ apiKey: [] }],
        tags: [
            { name: 'validate', description: 'JWT validation.' },
            { name: 'lint', description: 'OIDC provider configuration lint and discovery.' },
            { name: 'meta', description: 'Service description, health and metrics.' },
        ],
        paths: {
            ...paths,
            '/v1/openapi.json': {
                get: {
                    operationId: 'getOpenApiDocument',
                    summary: 'This OpenAPI document',
                    tags: ['meta'],
                    security: [],
                    responses: {
                        200: { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } },
                        ...httpErrors,
                        405: { $ref: '#/components/responses/MethodNotAllowed' },
                    },
                },
            },
            '/healthz': {
                get: {
                    operationId: 'getHealth',
                    summary: 'Liveness',
                    description: 'ok while serving; draining (503) once SIGTERM was received.',
                    tags: ['meta'],
                    security: [],
                    responses: {
                        200: jsonResponse('Serving.', 'Health'),
                        ...httpErrors,
                        405: { $ref: '#/components/responses/MethodNotAllowed' },
                        503: jsonResponse('Draining after SIGTERM; take the instance out of rotation.', 'Health'),
                    },
                },
            },
            '/metrics': {
                get: {
                    operationId: 'getMetrics',
                    summary: 'Prometheus metrics',
                    description: 'Prometheus text exposition format (version 0.0.4), this process only: oidc_gate_http_requests_total (endpoint, status), '
                        + 'oidc_gate_http_request_duration_seconds (endpoint), oidc_gate_findings_total (code), oidc_gate_jwks_cache_total (state), '
                        + 'oidc_gate_signature_cache_total (result), oidc_gate_signature_cache_entries, oidc_gate_signature_cache_evictions_total, '
                        + 'and the Node.js process metrics (process_*, nodejs_*). Needs the API key unless the service runs with METRICS_PUBLIC=true.',
                    tags: ['meta'],
                    security: [{ apiKey: [] }, {}],
                    responses: {
                        200: {
                            description: 'The metrics.',
                            headers: { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } },
                            content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: { type: 'string' } } },
                        },
                        ...httpErrors,
                        401: { $ref: '#/components/responses/Unauthorized' },
                        405: { $ref: '#/components/responses/MethodNotAllowed' },
                    },
                },
            },
        },
        components: {
            schemas,
            securitySchemes: {
                apiKey: {
                    type: 'http',
                    scheme: 'bearer',
                    description: 'An API key from API_KEYS / API_KEYS_FILE (or the one generated at start). Not a JWT: the token to validate travels in the body.',
                },
            },
            parameters: {
                RequestId: {
                    name: 'X-Request-Id',
                    in: 'header',
                    required: false,
                    description: 'Correlation id, echoed back; 1-128 characters of A-Z a-z 0-9 . _ : -. Anything else is replaced by a generated UUID.',
                    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
                },
            },
            headers: {
                RequestId: { description: 'The request id (the one sent, or a generated UUID).', schema: { type: 'string' } },
            },
            responses: {
                MalformedToken: problemResponse('MALFORMED_TOKEN: the token is not a parseable compact JWS; or BAD_REQUEST: the bytes received are not a valid HTTP/1.1 request.'),
                BadRequest: problemResponse('BAD_REQUEST: the bytes received are not a valid HTTP/1.1 request (request line, header or framing).'),
                HeadersTooLarge: problemResponse(`HEADERS_TOO_LARGE: the request line and headers exceed ${HTTP_LIMITS.maxHeaderBytes} bytes.`),
                Unauthorized: problemResponse('UNAUTHORIZED: the Authorization header is missing, not Bearer, or not a configured API key.', {
                    'WWW-Authenticate': { description: 'Bearer realm="oidc-gate"', schema: { type: 'string' } },
                }),
                MethodNotAllowed: problemResponse('METHOD_NOT_ALLOWED: see the Allow header.', {
                    Allow: { description: 'The methods this endpoint accepts.', schema: { type: 'string' } },
                }),
                RequestTimeout: problemResponse(`TIMEOUT: the headers were not received within ${HTTP_LIMITS.headersTimeoutMs / 1000} s, or the body within 10 s of them.`),
                PayloadTooLarge: problemResponse(`PAYLOAD_TOO_LARGE: the body exceeds ${MAX_BODY_BYTES} bytes.`),
                UnsupportedMediaType: problemResponse('UNSUPPORTED_MEDIA_TYPE: the Content-Type is not application/json (charset, when given, must be UTF-8).'),
                RequestInvalid: problemResponse(`REQUEST_INVALID: the body is not JSON, not UTF-8, repeats a member name, or does not match the schema (an array over ${src_engine/* MAX_ARRAY_ITEMS */.C6} items included); errors lists each field.`),
                Internal: problemResponse('INTERNAL: an unexpected fault; quote the request id.'),
                Timeout: problemResponse('TIMEOUT: the request was not answered within 10 s.'),
            },
        },
    };
}
/** The committed openapi.json, byte for byte: two-space JSON and a final newline. */
function renderOpenApiDocument() {
    return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}

;// CONCATENATED MODULE: ./src/server/http/client-error.ts


/**
 * How long a refused connection may stay half-open after the answer, so the client can read it
 * before the socket is destroyed (destroying at once can reset the connection and lose the answer).
 */
const LINGER_MS = 1000;
/**
 * The problem for a request Node's parser could not read, or did not receive in time. The parser's
 * message is never used: it may quote the bytes received, which can hold a token or an API key.
 */
function clientErrorProblem(code, limits, headersReceived = false) {
    switch (code) {
        case 'ERR_HTTP_REQUEST_TIMEOUT':
            return (0,src_engine/* problem */.CC)('TIMEOUT', headersReceived
                ? 'The request body was not received in time.'
                : `The request headers were not received within ${limits.headersTimeoutMs / 1000} s.`, { status: 408 });
        case 'HPE_HEADER_OVERFLOW':
            return (0,src_engine/* problem */.CC)('HEADERS_TOO_LARGE', `The request line and headers exceed ${limits.maxHeaderBytes} bytes; send fewer or shorter headers.`);
        case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
            return (0,src_engine/* problem */.CC)('PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are too large.');
        default:
            return (0,src_engine/* problem */.CC)('BAD_REQUEST', 'The request is not valid HTTP/1.1 (request line, header or message framing); nothing was processed.');
    }
}
/** The response of a request on this socket that has started but not finished, if any. */
function pendingResponse(socket) {
    const message = socket._httpMessage;
    return message !== undefined && message !== null && !message.writableEnded ? message : undefined;
}
/**
 * Node's 'clientError': answer with a problem+json and close. There is no request or response object
 * here, so the response is written to the socket as bytes. Returns the status answered, or undefined
 * when the connection was only closed.
 */
function answerClientError(error, socket, limits, requestId) {
    const pending = pendingResponse(socket);
    // Once a status line is out, another one would corrupt the answer: just close.
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent === true) {
        socket.destroy();
        return undefined;
    }
    const p = clientErrorProblem(error.code, limits, pending !== undefined);
    const body = JSON.stringify(p);
    const bytes = [
        `HTTP/1.1 ${p.status} ${external_node_http_.STATUS_CODES[p.status] ?? ''}`,
        'content-type: application/problem+json',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        'x-content-type-options: nosniff',
        `x-request-id: ${requestId}`,
        'connection: close',
        '',
        body,
    ].join('\r\n');
    if (pending !== undefined) {
        // A request handler still holds this socket (its body was cut off or mis-framed): close at
        // once, as Node does, so the handler cannot write a second answer after this one.
        socket.write(bytes);
        socket.destroy();
        return p.status;
    }
    socket.end(bytes);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
    return p.status;
}

;// CONCATENATED MODULE: ./src/server/http/connection-cap.ts
/**
 * Hold at most `max` open connections in this process: one more is closed as soon as it is accepted,
 * before a byte of it is read. Answering it instead (503) would mean waiting for its headers, holding
 * the very sockets the cap is there to bound.
 *
 * Node's own server.maxConnections is not used: under node:cluster a worker at its cap hands the
 * connection back to the primary, which offers it to the next worker, and so on in a busy loop
 * (measured: each process spinning while the client waits) instead of refusing it.
 */
function capConnections(server, max, onRefused) {
    let open = 0;
    server.on('connection', (socket) => {
        if (open >= max) {
            socket.destroy();
            onRefused();
            return;
        }
        open++;
        socket.once('close', () => {
            open--;
        });
    });
}

;// CONCATENATED MODULE: ./src/server/metrics/latency-histogram.ts
class LatencyHistogram {
    name;
    help;
    type = 'histogram';
    aggregator = 'sum';
    #bounds;
    #series = new Map();
    constructor(name, help, bounds) {
        this.name = name;
        this.help = help;
        this.#bounds = [...bounds].sort((a, b) => a - b);
    }
    observe(endpoint, seconds) {
        let series = this.#series.get(endpoint);
        if (series === undefined) {
            series = { endpoint: { endpoint }, counts: this.#bounds.map(() => 0), sum: 0, count: 0 };
            this.#series.set(endpoint, series);
        }
        const bounds = this.#bounds;
        let i = 0;
        while (i < bounds.length && seconds > bounds[i])
            i++;
        if (i < bounds.length)
            series.counts[i] = series.counts[i] + 1;
        series.sum += seconds;
        series.count++;
    }
    /** prom-client's Registry.resetMetrics(). */
    reset() {
        this.#series.clear();
    }
    /** What a text scrape renders: the endpoint as a shared label, as prom-client's Histogram gives it. */
    getForPromString() {
        const values = [];
        const bucket = `${this.name}_bucket`;
        for (const series of this.#series.values()) {
            let cumulative = 0;
            for (let i = 0; i < this.#bounds.length; i++) {
                cumulative += series.counts[i];
                values.push({ labels: { le: this.#bounds[i] }, sharedLabels: series.endpoint, value: cumulative, metricName: bucket });
            }
            values.push({ labels: { le: '+Inf' }, sharedLabels: series.endpoint, value: series.count, metricName: bucket });
            values.push({ labels: {}, sharedLabels: series.endpoint, value: series.sum, metricName: `${this.name}_sum` });
            values.push({ labels: {}, sharedLabels: series.endpoint, value: series.count, metricName: `${this.name}_count` });
        }
        return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator });
    }
    /** What a cluster collection reads: every label in `labels`, as prom-client's Histogram gives it. */
    async get() {
        const data = await this.getForPromString();
        data.values = data.values.map(({ labels, sharedLabels, value, metricName }) => ({ labels: { ...labels, ...sharedLabels }, value, metricName }));
        return data;
    }
}

;// CONCATENATED MODULE: ./src/server/metrics/metrics.ts



/** The label values the cache counters take: any other value is not counted. */
const JWKS_CACHE_STATES = ['hit', 'miss', 'refreshed', 'stale'];
const SIGNATURE_CACHE_RESULTS = ['hit', 'miss'];
/** Request latency buckets (seconds): most answers take about a millisecond; the budget is 10 s. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * The service's Prometheus metrics, in a registry of its own (not prom-client's global one), so every
 * server in a process counts only its own requests. Label values come from bounded sets only: the
 * route or "(unknown path)" (never a path as sent, which may hold a token), status codes, finding codes
 * and cache states.
 */
function createMetrics(services, options = {}) {
    const registry = new prom_client.Registry();
    if (options.worker !== undefined)
        registry.setDefaultLabels({ worker: String(options.worker) });
    (0,prom_client.collectDefaultMetrics)({ register: registry });
    // Requests are counted here, one number per endpoint and status, and handed to prom-client when scraped.
    const requestCounts = new Map();
    new prom_client.Counter({
        name: 'oidc_gate_http_requests_total',
        help: 'HTTP requests answered, by endpoint ("METHOD /path", or "(unknown path)") and status (0: the client left before its body arrived).',
        labelNames: ['endpoint', 'status'],
        registers: [registry],
        collect() {
            this.reset();
            for (const [endpoint, byStatus] of requestCounts) {
                for (const [status, count] of byStatus)
                    this.inc({ endpoint, status: String(status) }, count);
            }
        },
    });
    const latency = new LatencyHistogram('oidc_gate_http_request_duration_seconds', 'Time from the request headers to the answer, by endpoint.', LATENCY_BUCKETS);
    registry.registerMetric(latency);
    const findings = new prom_client.Counter({
        name: 'oidc_gate_findings_total',
        help: 'Findings in operation responses (errors and warnings), by code.',
        labelNames: ['code'],
        registers: [registry],
    });
    const jwksCache = new prom_client.Counter({
        name: 'oidc_gate_jwks_cache_total',
        help: 'Validations whose keys came from a JWKS, by how its cache served them (hit, miss, refreshed, stale).',
        labelNames: ['state'],
        registers: [registry],
    });
    // Counted here on every validation and handed to prom-client when scraped, like the request counts.
    const signatureCounts = new Map();
    new prom_client.Counter({
        name: 'oidc_gate_signature_cache_total',
        help: 'Signature checks by the verification cache: hit (a check that passed before was reused) or miss (verified).',
        labelNames: ['result'],
        registers: [registry],
        collect() {
            this.reset();
            for (const [result, count] of signatureCounts)
                this.inc({ result }, count);
        },
    });
    const cache = services.verifyCache;
    new prom_client.Gauge({
        name: 'oidc_gate_signature_cache_entries',
        help: 'Passed signature checks held by the verification cache.',
        registers: [registry],
        collect() {
            this.set(cache?.size ?? 0);
        },
    });
    new prom_client.Counter({
        name: 'oidc_gate_signature_cache_evictions_total',
        help: 'Entries pushed out of the full verification cache; a steady rise means VERIFY_CACHE_SIZE is small for the traffic.',
        registers: [registry],
        collect() {
            this.reset();
            this.inc(cache?.evictions ?? 0);
        },
    });
    // prom-client hashes the label values on every call, and labels() builds a new child each time: the
    // few series in use are kept (endpoints are the same few strings every request).
    const codeSeries = new Map();
    const countFinding = (f) => {
        let series = codeSeries.get(f.code);
        if (series === undefined) {
            series = findings.labels(f.code);
            codeSeries.set(f.code, series);
        }
        series.inc();
    };
    const jwksSeries = new Map(JWKS_CACHE_STATES.map((state) => [state, jwksCache.labels(state)]));
    return {
        contentType: registry.contentType,
        observeRequest(endpoint, status, seconds) {
            let byStatus = requestCounts.get(endpoint);
            if (byStatus === undefined) {
                byStatus = new Map();
                requestCounts.set(endpoint, byStatus);
            }
            byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
            latency.observe(endpoint, seconds);
        },
        observeResponse(response, validation) {
            for (const f of response.findings)
                countFinding(f);
            // Only a validation's metadata is read: discovery's is the provider's document, which names nothing here.
            const metadata = validation ? response.metadata : undefined;
            if (metadata === undefined)
                return;
            if (metadata.warnings !== undefined)
                for (const f of metadata.warnings)
                    countFinding(f);
            if (metadata.jwks_cache !== undefined)
                jwksSeries.get(metadata.jwks_cache)?.inc();
            const result = metadata.signature_cache;
            if (result !== undefined && SIGNATURE_CACHE_RESULTS.includes(result))
                signatureCounts.set(result, (signatureCounts.get(result) ?? 0) + 1);
        },
        render: options.worker !== undefined ? clusterRenderer(registry) : () => registry.metrics(),
    };
}

;// CONCATENATED MODULE: ./src/server/process/listen.ts
















/** How much longer than the request budget a socket may sit with no traffic before it is closed. */
const IDLE_GRACE_MS = 5_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/** How requests Node's parser refused (or that timed out before their headers were complete) are logged and counted. */
const UNPARSED_ENDPOINT = '(unparsed request)';
/**
 * How often deadlines are checked: Node's header deadline and the app's request budget. Node's own
 * default (30 s) would let a 10 s limit run to 40 s; this keeps every limit within half a second.
 */
const DEADLINE_CHECK_MS = 500;
/** At most one warning per this interval while connections are being refused, with a count. */
const REFUSAL_WARNING_INTERVAL_MS = 10_000;
/**
 * One process serving HTTP: the app on a Node server with the HTTP limits, the connection cap and the
 * deadline sweep, until close() drains it. Throws StartupError when the audit file cannot be opened
 * or the address cannot be bound.
 */
async function listen(settings, engine, keys, log, options) {
    const audit = await openAudit(settings.audit, options.stdout ?? process.stdout, (error) => {
        log.error('audit log write failed', { error: error.code ?? error.name });
    });
    const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    // Each worker of a cluster counts its own requests; a scrape of any worker shows every worker's series.
    const metrics = createMetrics(engine.services, (external_node_cluster_default()).isWorker ? { worker: (external_node_cluster_default()).worker?.id ?? 0 } : {});
    const app = createApp({
        engine,
        auth: new ApiKeyAuthenticator(keys),
        audit,
        log,
        openapiJson: renderOpenApiDocument(),
        requestTimeoutMs,
        metrics,
        metricsPublic: settings.metricsPublic,
    });
    const server = (0,external_node_http_.createServer)({
        headersTimeout: HTTP_LIMITS.headersTimeoutMs,
        maxHeaderSize: HTTP_LIMITS.maxHeaderBytes,
        // The body deadline is the app's budget, counted from the headers (408 from the sweep). Node's
        // whole-request deadline is only a backstop behind it, for a request the sweep somehow missed.
        requestTimeout: HTTP_LIMITS.headersTimeoutMs + requestTimeoutMs + 2 * DEADLINE_CHECK_MS,
        connectionsCheckingInterval: DEADLINE_CHECK_MS,
        keepAliveTimeout: 5000,
    }, app.handle);
    // The deadlines above watch requests, not answers: a client that pipelines requests and never reads
    // what comes back would otherwise hold its socket (and a MAX_CONNECTIONS slot) for good. A socket with
    // no traffic either way for longer than the whole-request budget (plus grace) is closed. A request the
    // engine is still working on is answered by the sweep at the budget, so a live request never idles this long.
    server.setTimeout(requestTimeoutMs + IDLE_GRACE_MS);
    let refused = 0;
    let lastRefusalWarning = 0;
    capConnections(server, settings.maxConnections, () => {
        refused++;
        const now = Date.now();
        if (now - lastRefusalWarning < REFUSAL_WARNING_INTERVAL_MS)
            return;
        log.warn('refusing connections: MAX_CONNECTIONS open connections reached', { max_connections: settings.maxConnections, refused });
        lastRefusalWarning = now;
        refused = 0;
    });
    server.on('clientError', (error, socket) => {
        const requestId = (0,external_node_crypto_.randomUUID)();
        const status = answerClientError(error, socket, HTTP_LIMITS, requestId);
        if (status === undefined)
            return;
        // Bytes that never became a request: nothing of them is logged, not even the path.
        metrics.observeRequest(UNPARSED_ENDPOINT, status, 0);
        log.infoMembers('request', accessMembers({ requestId, endpoint: UNPARSED_ENDPOINT, status, outcome: 'rejected' }));
    });
    await new Promise((resolve, reject) => {
        const onError = (error) => {
            reject(new StartupError(`cannot listen on ${settings.host}:${settings.port} (${error.code ?? error.message})`));
        };
        server.once('error', onError);
        server.listen(settings.port, settings.host, () => {
            server.off('error', onError);
            resolve();
        });
    });
    server.on('error', (error) => log.error('server error', describeFault(error)));
    const url = urlOf(server.address());
    const sweeper = setInterval(() => app.sweep(Date.now()), Math.min(DEADLINE_CHECK_MS, Math.max(50, requestTimeoutMs / 4)));
    sweeper.unref();
    let stopSignals;
    let closing;
    const close = () => {
        closing ??= (async () => {
            app.startDrain();
            const stopped = new Promise((resolve) => server.close(() => resolve()));
            server.closeIdleConnections();
            const deadline = Date.now() + (options.drainTimeoutMs ?? requestTimeoutMs);
            while (app.inFlight > 0 && Date.now() < deadline)
                await new Promise((r) => setTimeout(r, 20));
            server.closeAllConnections();
            await stopped;
            clearInterval(sweeper);
            await audit.close();
            stopSignals?.();
            log.info('stopped');
            log.flush();
        })();
        return closing;
    };
    if (options.handleSignals ?? true) {
        stopSignals = exitOnSignals((signal) => log.info('draining', { signal, in_flight: app.inFlight }), close);
    }
    log.info('listening', {
        url,
        api_keys: keys.length,
        issuer_profiles: settings.profiles.json !== undefined || settings.profiles.file !== undefined,
        audit: settings.audit.kind,
        max_connections: settings.maxConnections,
        verify_cache_size: settings.verifyCacheSize,
        metrics_public: settings.metricsPublic,
    });
    // Written now, not with the next batch: whoever started the service reads this line to know it is up.
    log.flush();
    return { url, close };
}

;// CONCATENATED MODULE: ./src/server/main.ts
/**
 * The service's public surface: the one module of src/server that others import (the CLI's `serve`, tests
 * that start the service in process). The folders beside it are its inside, one job each: http/ (the
 * exchange: body, request, reply, limits, deadline, connection cap), app/ (the request lifecycle and the
 * routes), auth/, audit/, metrics/, log/, config/ (settings) and process/ (one process serving, or a
 * cluster primary, and signals). src/server/index.ts is the process entry the bundle is built from.
 */








/**
 * Start the /v1 service from environment settings. Throws StartupError (one line, safe to print)
 * when a setting or an issuer profile is invalid. With WORKERS > 1 on the primary, forks workers
 * that re-run the entry script and share the port (node:cluster).
 */
async function startServer(env, options = {}) {
    const settings = parseSettings(env);
    const stderr = options.stderr ?? process.stderr;
    const log = createLogger(stderr, settings.logLevel, (external_node_cluster_default()).isWorker ? { worker: (external_node_cluster_default()).worker?.id } : {});
    const { keys, generated } = resolveApiKeys(settings.apiKeys, env, stderr);
    // The primary builds the engine too, though it serves nothing: an invalid profile then stops the
    // start with one message, instead of one from every worker.
    const engine = buildEngine(settings, env, options);
    if (settings.workers > 1 && (external_node_cluster_default()).isPrimary)
        return startPrimary(settings, keys[0], generated, log, options);
    return listen(settings, engine, keys, log, options);
}
/**
 * The process entry (src/server/index.ts): start, or log one line and exit 1. No stack trace: a start
 * failure is a configuration problem, and its message says which. The line is JSON like every other
 * line on stderr, so a log pipeline that parses JSON keeps the one line that says why an instance
 * does not come up.
 */
async function runServer(env, options = {}) {
    try {
        return await startServer(env, options);
    }
    catch (error) {
        const message = error instanceof StartupError
            ? error.message
            : `unexpected error during start: ${redact(error instanceof Error ? error.message : String(error))}`;
        createLogger(options.stderr ?? process.stderr, 'error').error(`cannot start: ${message}`);
        process.exitCode = 1;
        return undefined;
    }
}


/***/ })

};
