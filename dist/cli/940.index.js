export const id = 940;
export const ids = [940];
export const modules = {

/***/ 4940:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  DEFAULT_REQUEST_TIMEOUT_MS: () => (/* binding */ DEFAULT_REQUEST_TIMEOUT_MS),
  StartupError: () => (/* reexport */ StartupError),
  runServer: () => (/* binding */ runServer),
  startServer: () => (/* binding */ startServer)
});

// EXTERNAL MODULE: external "node:cluster"
var external_node_cluster_ = __webpack_require__(139);
var external_node_cluster_default = /*#__PURE__*/__webpack_require__.n(external_node_cluster_);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: ./src/engine/index.ts + 27 modules
var src_engine = __webpack_require__(4325);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/engine/fingerprint.ts
var fingerprint = __webpack_require__(178);
// EXTERNAL MODULE: ./src/engine/jws/json.ts
var json = __webpack_require__(3363);
;// CONCATENATED MODULE: ./src/server/body.ts

const MAX_BODY_BYTES = 64 * 1024;

/** application/json or any +json type; a charset parameter, when given, must be UTF-8 (RFC 8259 §8.1). */
function isJsonContentType(header) {
    if (header === undefined)
        return false;
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
 * Read the body up to MAX_BODY_BYTES. A declared Content-Length over the limit is refused before
 * a byte is read; a chunked body is refused as soon as it crosses the limit, and reading stops.
 */
function readBody(req) {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > MAX_BODY_BYTES)
        return Promise.resolve({ kind: 'too_large' });
    return new Promise((resolve) => {
        const chunks = [];
        let size = 0;
        let settled = false;
        // Listeners are not removed on settling: the request object is dropped right after, and the
        // flag makes late events harmless.
        const finish = (outcome) => {
            if (settled)
                return;
            settled = true;
            resolve(outcome);
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
            try {
                finish({ kind: 'ok', text: decoder.decode(buf) });
            }
            catch {
                finish({ kind: 'not_utf8' });
            }
        });
        req.on('error', () => finish({ kind: 'aborted' }));
        // 'close' before 'end' is a client that went away mid-upload.
        req.on('close', () => finish({ kind: 'aborted' }));
    });
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
    const issue = scanJson(text);
    if (issue !== undefined)
        return { ok: false, pointer: '', message: issue };
    return { ok: true, value };
}
/** Duplicate member names and depth, by the engine's structure scanner; the message names the problem. */
function scanJson(text) {
    const issue = (0,json/* scanJsonStructure */.r0)(text, json/* MAX_JSON_DEPTH */.KX);
    if (issue === undefined)
        return undefined;
    if (issue.kind === 'too_deep')
        return `the request body nests deeper than ${json/* MAX_JSON_DEPTH */.KX} levels`;
    const name = issue.name;
    return `the request body repeats the member name "${name.length > 64 ? `${name.slice(0, 64)}…` : name}" in one object`;
}

;// CONCATENATED MODULE: ./src/server/log.ts
const RANK = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
// Long base64/base64url/hex runs are what tokens, secrets, keys and PEM bodies look like; an
// unexpected error message may quote one, so it is cut before it reaches a log line.
const SECRET_LIKE = /[A-Za-z0-9_-]{24,}|[A-Za-z0-9+/]{40,}={0,2}/g;
const PEM_BLOCK = /-----BEGIN [^-]+-----[\s\S]*?(-----END [^-]+-----|$)/g;
function redact(text) {
    return text.replace(PEM_BLOCK, '[pem]').replace(SECRET_LIKE, '[redacted]').slice(0, 500);
}
/** One JSON object per line on the sink (stderr by default): structured, and never a request body. */
function createLogger(sink, level, base = {}) {
    const threshold = RANK[level];
    const emit = (lvl, msg, fields) => {
        if (RANK[lvl] < threshold)
            return;
        sink.write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields })}\n`);
    };
    return {
        debug: (m, f) => emit('debug', m, f),
        info: (m, f) => emit('info', m, f),
        warn: (m, f) => emit('warn', m, f),
        error: (m, f) => emit('error', m, f),
        enabled: (l) => RANK[l] >= threshold,
    };
}
/** What may be logged about an unexpected fault: its class and stack frames, with the message redacted. */
function describeFault(error) {
    if (!(error instanceof Error))
        return { error: typeof error };
    const frames = (error.stack ?? '').split('\n').slice(1, 8).map((l) => redact(l.trim()));
    return { error: error.name, message: redact(error.message), stack: frames };
}

// EXTERNAL MODULE: ./src/server/problem.ts
var problem = __webpack_require__(5788);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/engine/net/allow.ts
var allow = __webpack_require__(5643);
;// CONCATENATED MODULE: ./src/server/settings.ts


/** A setting that stops the start. The message is the one line printed to the operator. */
class StartupError extends Error {
    constructor(message) {
        super(message);
        this.name = 'StartupError';
    }
}
const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'];
/** Shorter keys are guessable; 16 characters is the floor, generated keys are 43. */
const MIN_API_KEY_LENGTH = 16;
const MAX_WORKERS = 64;
const DEFAULT_MAX_CONNECTIONS = 1024;
/** Beyond a million sockets the process runs out of memory or file descriptors first. */
const MAX_MAX_CONNECTIONS = 1_000_000;
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
        if (!/^[\x21-\x7e]+$/.test(key))
            throw new StartupError(`${where} must be printable ASCII (it travels in an HTTP header)`);
        if (looksLikeJwt(key))
            throw new StartupError(`${where} is a JWT; an API key is an opaque random string, and tokens are sent in the request body`);
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
    let outboundAllow;
    try {
        outboundAllow = (0,allow/* parseOutboundAllow */.Db)(present(env, 'OUTBOUND_ALLOW'));
    }
    catch (error) {
        if (error instanceof allow/* OutboundAllowError */.gn)
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
    };
}

;// CONCATENATED MODULE: ./src/server/app.ts







const ROUTES = new Map([
    ['/v1/validate/jwt', { methods: ['POST'], auth: true, call: 'validate' }],
    ['/v1/lint/oidc-config', { methods: ['POST'], auth: true, call: 'lint' }],
    ['/v1/providers/discover', { methods: ['POST'], auth: true, call: 'discover' }],
    ['/v1/openapi.json', { methods: ['GET', 'HEAD'], auth: false }],
    ['/healthz', { methods: ['GET', 'HEAD'], auth: false }],
]);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
function createApp(deps) {
    const { engine, ctx, auth, audit, log } = deps;
    const open = new Set();
    let draining = false;
    function finish(state, status, contentType, body, headers = {}) {
        if (state.phase === 'done')
            return;
        state.phase = 'done';
        open.delete(state);
        const res = state.res;
        if (res.writableEnded || res.destroyed)
            return;
        const h = {
            'content-type': contentType,
            'content-length': Buffer.byteLength(body),
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
            'x-request-id': state.id,
            ...headers,
        };
        if (draining)
            h.connection = 'close';
        res.writeHead(status, h);
        res.end(body);
        if (status >= 500)
            state.outcome = 'error';
        else if (status >= 400)
            state.outcome = 'rejected';
        record(state, status);
    }
    function record(state, status) {
        if (audit.enabled) {
            audit.write({
                time: new Date().toISOString(),
                request_id: state.id,
                endpoint: state.endpoint,
                api_key_fingerprint: state.keyFingerprint,
                outcome: state.outcome,
                status,
                finding_codes: state.findingCodes,
                token_fingerprint: state.tokenFingerprint,
                duration_ms: Date.now() - state.start,
            });
        }
        if (log.enabled('debug'))
            log.debug('request', { request_id: state.id, endpoint: state.endpoint, status, duration_ms: Date.now() - state.start });
    }
    function sendProblem(state, p, headers = {}) {
        finish(state, p.status, 'application/problem+json', JSON.stringify(p), headers);
    }
    /** A response sent before the body was read: close the connection instead of draining an unread upload. */
    function refuse(state, code, detail, headers = {}) {
        sendProblem(state, (0,problem/* problem */.CC)(code, detail), { connection: 'close', ...headers });
    }
    async function runEngine(call, body, state) {
        // Fingerprints and code lists exist only for the audit line: not computed when it is off.
        const auditing = audit.enabled;
        if (call === 'validate') {
            const token = body?.token;
            if (auditing && typeof token === 'string')
                state.tokenFingerprint = (0,fingerprint/* tokenFingerprint */.W)(token);
            const result = await engine.validateJwt(body, ctx);
            state.outcome = result.valid ? 'valid' : 'invalid';
            if (auditing) {
                state.findingCodes = codesOf(result.findings, result.metadata?.warnings);
                result.metadata = { ...result.metadata, request_id: state.id };
            }
            return JSON.stringify(result);
        }
        const result = call === 'lint' ? await engine.lintOidcConfig(body, ctx) : await engine.discoverProvider(body, ctx);
        state.outcome = result.valid ? 'valid' : 'invalid';
        if (auditing)
            state.findingCodes = codesOf(result.findings);
        return JSON.stringify(result);
    }
    async function handlePost(req, state, call) {
        if (!isJsonContentType(req.headers['content-type'])) {
            refuse(state, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with "Content-Type: application/json".');
            return;
        }
        const read = await readBody(req);
        if (state.phase === 'done')
            return;
        if (read.kind === 'too_large') {
            refuse(state, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
            return;
        }
        if (read.kind === 'aborted') {
            // Nobody to answer, but the attempt is still one audit line (status 0: no response sent).
            state.phase = 'done';
            open.delete(state);
            state.outcome = 'aborted';
            record(state, 0);
            return;
        }
        if (read.kind === 'not_utf8') {
            sendProblem(state, (0,problem/* problem */.CC)('REQUEST_INVALID', 'The request body is not valid UTF-8.', { errors: [{ pointer: '', message: 'the request body is not valid UTF-8' }] }));
            return;
        }
        const parsed = parseJsonBody(read.text);
        if (!parsed.ok) {
            const errors = [{ pointer: parsed.pointer, message: parsed.message }];
            sendProblem(state, (0,problem/* problem */.CC)('REQUEST_INVALID', `${parsed.message[0]?.toUpperCase() ?? ''}${parsed.message.slice(1)}.`, { errors }));
            return;
        }
        state.phase = 'engine';
        let body;
        try {
            body = await runEngine(call, parsed.value, state);
        }
        catch (error) {
            if (state.phase === 'done')
                return; // the sweep answered first
            if ((0,src_engine/* isEngineError */.Vp)(error)) {
                sendProblem(state, (0,problem/* problemFromEngineError */.C6)(error));
                return;
            }
            log.error('unexpected fault', { request_id: state.id, endpoint: state.endpoint, ...describeFault(error) });
            sendProblem(state, (0,problem/* problem */.CC)('INTERNAL', `An internal error occurred. Quote request id ${state.id} when reporting it.`));
            return;
        }
        finish(state, 200, 'application/json', body);
    }
    function handle(req, res) {
        const url = req.url ?? '/';
        const q = url.indexOf('?');
        const path = q < 0 ? url : url.slice(0, q);
        const method = req.method ?? 'GET';
        const incomingId = req.headers['x-request-id'];
        const state = {
            id: acceptRequestId(incomingId) ? incomingId : (0,external_node_crypto_.randomUUID)(),
            start: Date.now(),
            // An unknown path is not logged as sent: a client may have put a token in it.
            endpoint: `${method} ${ROUTES.has(path) ? path : '(unknown path)'}`,
            phase: 'body',
            keyFingerprint: null,
            tokenFingerprint: null,
            findingCodes: [],
            outcome: 'ok',
            res,
        };
        // No per-request 'close' listener: a request whose client left is still finished (or swept) and
        // removed then, and the listener costs more than it saves on every request.
        open.add(state);
        const route = ROUTES.get(path);
        if (route === undefined) {
            refuse(state, 'NOT_FOUND', 'No endpoint has this path. See GET /v1/openapi.json.');
            return;
        }
        if (!route.methods.includes(method)) {
            refuse(state, 'METHOD_NOT_ALLOWED', `This endpoint accepts ${route.methods.join(', ')}.`, { allow: route.methods.join(', ') });
            return;
        }
        if (route.auth) {
            const result = auth.check(req.headers.authorization);
            if (!result.ok) {
                refuse(state, 'UNAUTHORIZED', result.detail, { 'www-authenticate': 'Bearer realm="oidc-gate"' });
                return;
            }
            state.keyFingerprint = result.fingerprint;
        }
        if (route.call === undefined) {
            // A body these endpoints do not read would keep the connection waiting for it: close instead.
            const unread = declaresBody(req) ? { connection: 'close' } : {};
            if (path === '/healthz') {
                finish(state, draining ? 503 : 200, 'application/json', draining ? '{"status":"draining"}' : '{"status":"ok"}', unread);
            }
            else {
                finish(state, 200, 'application/json', deps.openapiJson, { 'cache-control': 'public, max-age=300', ...unread });
            }
            return;
        }
        handlePost(req, state, route.call).catch((error) => {
            log.error('unexpected fault', { request_id: state.id, ...describeFault(error) });
            sendProblem(state, (0,problem/* problem */.CC)('INTERNAL', `An internal error occurred. Quote request id ${state.id} when reporting it.`));
        });
    }
    function sweep(now) {
        for (const state of open) {
            if (now - state.start < deps.requestTimeoutMs)
                continue;
            const seconds = deps.requestTimeoutMs / 1000;
            if (state.phase === 'body') {
                // A slow upload is the client's delay (408); a slow answer is ours (503).
                sendProblem(state, (0,problem/* problem */.CC)('TIMEOUT', `The request was not received within ${seconds} s.`, { status: 408 }), { connection: 'close' });
            }
            else {
                log.warn('request timed out', { request_id: state.id, endpoint: state.endpoint });
                sendProblem(state, (0,problem/* problem */.CC)('TIMEOUT', `The request was not answered within ${seconds} s.`));
            }
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
function declaresBody(req) {
    const length = req.headers['content-length'];
    return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
/** A caller's id is logged and echoed, so it must be short and plain, and must not be a token sent by mistake. */
function acceptRequestId(value) {
    return typeof value === 'string' && REQUEST_ID.test(value) && !looksLikeJwt(value);
}
function codesOf(findings, warnings = []) {
    return [...findings, ...warnings].map((f) => f.code);
}

// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
;// CONCATENATED MODULE: ./src/server/audit.ts



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

;// CONCATENATED MODULE: ./src/server/auth.ts


function digest(value) {
    return (0,external_node_crypto_.hash)('sha256', value, 'buffer');
}
/** Truncated SHA-256: enough to tell keys apart in the audit log, useless for recovering one. */
function keyFingerprint(key) {
    return digest(key).toString('hex').slice(0, 12);
}
function generateApiKey() {
    return `ogk_${(0,external_node_crypto_.randomBytes)(32).toString('base64url')}`;
}
const BEARER = /^Bearer[ ]+([\x21-\x7e]+)[ ]*$/i;
/**
 * Bearer API keys. Only SHA-256 digests are kept, and every digest is compared with
 * timingSafeEqual without stopping at a match, so neither the key length nor which key matched
 * shows in the response time.
 */
class ApiKeyAuthenticator {
    #digests;
    #fingerprints;
    constructor(keys) {
        if (keys.length === 0)
            throw new Error('at least one API key is required');
        this.#digests = keys.map(digest);
        this.#fingerprints = keys.map(keyFingerprint);
    }
    check(header) {
        if (header === undefined || header === '')
            return { ok: false, detail: 'Send an API key in the Authorization header: "Authorization: Bearer <key>".' };
        const match = BEARER.exec(header);
        if (match === null)
            return { ok: false, detail: 'The Authorization header must use the Bearer scheme: "Authorization: Bearer <key>".' };
        const presented = match[1];
        const d = digest(presented);
        let found = -1;
        for (let i = 0; i < this.#digests.length; i++) {
            if ((0,external_node_crypto_.timingSafeEqual)(d, this.#digests[i]) && found < 0)
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

;// CONCATENATED MODULE: ./src/server/client-error.ts


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
            return (0,problem/* problem */.CC)('TIMEOUT', headersReceived
                ? 'The request body was not received in time.'
                : `The request headers were not received within ${limits.headersTimeoutMs / 1000} s.`, { status: 408 });
        case 'HPE_HEADER_OVERFLOW':
            return (0,problem/* problem */.CC)('HEADERS_TOO_LARGE', `The request line and headers exceed ${limits.maxHeaderBytes} bytes; send fewer or shorter headers.`);
        case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
            return (0,problem/* problem */.CC)('PAYLOAD_TOO_LARGE', 'The chunk extensions of the request body are too large.');
        default:
            return (0,problem/* problem */.CC)('BAD_REQUEST', 'The request is not valid HTTP/1.1 (request line, header or message framing); nothing was processed.');
    }
}
/** The response of a request on this socket that has started but not finished, if any. */
function pendingResponse(socket) {
    const message = socket._httpMessage;
    return message !== undefined && message !== null && !message.writableEnded ? message : undefined;
}
/**
 * Node's 'clientError': answer with a problem+json and close. There is no request or response object
 * here, so the response is written to the socket as bytes.
 */
function answerClientError(error, socket, limits) {
    const pending = pendingResponse(socket);
    // Once a status line is out, another one would corrupt the answer: just close.
    if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent === true) {
        socket.destroy();
        return;
    }
    const p = clientErrorProblem(error.code, limits, pending !== undefined);
    const body = JSON.stringify(p);
    const bytes = [
        `HTTP/1.1 ${p.status} ${external_node_http_.STATUS_CODES[p.status] ?? ''}`,
        'content-type: application/problem+json',
        `content-length: ${Buffer.byteLength(body)}`,
        'cache-control: no-store',
        'x-content-type-options: nosniff',
        'connection: close',
        '',
        body,
    ].join('\r\n');
    if (pending !== undefined) {
        // A request handler still holds this socket (its body was cut off or mis-framed): close at
        // once, as Node does, so the handler cannot write a second answer after this one.
        socket.write(bytes);
        socket.destroy();
        return;
    }
    socket.end(bytes);
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

;// CONCATENATED MODULE: ./src/server/connection-cap.ts
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

;// CONCATENATED MODULE: ./src/server/http-limits.ts
/**
 * The request line and headers must arrive within 10 s of the connection (or of the first byte of
 * the next request on a kept-alive one), and may take at most 16 KiB: a client that trickles headers
 * cannot hold a connection open for long, whatever it sends.
 */
const HTTP_LIMITS = { headersTimeoutMs: 10_000, maxHeaderBytes: 16 * 1024 };

// EXTERNAL MODULE: ./src/engine/schema/discover-request.ts
var discover_request = __webpack_require__(8705);
// EXTERNAL MODULE: ./src/engine/schema/lint-request.ts
var lint_request = __webpack_require__(7303);
// EXTERNAL MODULE: ./src/engine/schema/responses.ts
var responses = __webpack_require__(888);
// EXTERNAL MODULE: ./src/engine/schema/validate-request.ts
var validate_request = __webpack_require__(3344);
// EXTERNAL MODULE: ./src/engine/schema/limits.ts
var limits = __webpack_require__(1494);
;// CONCATENATED MODULE: ./src/server/openapi.ts







const API_VERSION = 'v0.0.1';
/**
 * The same schema objects the engine compiles, with shared sub-schemas (found by identity, so
 * nothing is copied by hand) replaced by $ref into components. A shared schema that refers to
 * itself by its $id (a recursive one) is pointed at its component instead, since components drop $id.
 */
function component(schema, shared, root) {
    if (!root) {
        const name = shared.get(schema);
        if (name !== undefined)
            return { $ref: `#/components/schemas/${name}` };
    }
    if (Array.isArray(schema))
        return schema.map((s) => (typeof s === 'object' && s !== null ? component(s, shared, false) : s));
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
        out[k] = typeof v === 'object' && v !== null ? component(v, shared, false) : v;
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
function postOperation(o) {
    const responses = {
        200: jsonResponse('The outcome. Every finding travels here: read valid and findings.', o.response),
    };
    responses['400'] = { $ref: `#/components/responses/${o.malformedToken === true ? 'MalformedToken' : 'BadRequest'}` };
    Object.assign(responses, {
        401: { $ref: '#/components/responses/Unauthorized' },
        405: { $ref: '#/components/responses/MethodNotAllowed' },
        408: { $ref: '#/components/responses/RequestTimeout' },
        413: { $ref: '#/components/responses/PayloadTooLarge' },
        415: { $ref: '#/components/responses/UnsupportedMediaType' },
        422: { $ref: '#/components/responses/RequestInvalid' },
        431: { $ref: '#/components/responses/HeadersTooLarge' },
        500: { $ref: '#/components/responses/Internal' },
        503: { $ref: '#/components/responses/Timeout' },
    });
    return {
        operationId: o.operationId,
        summary: o.summary,
        description: o.description,
        tags: [o.tag],
        parameters: [{ $ref: '#/components/parameters/RequestId' }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${o.request}` } } } },
        responses,
    };
}
/** HTTP-level answers any path can give, before routing. */
const httpErrors = {
    400: { $ref: '#/components/responses/BadRequest' },
    408: { $ref: '#/components/responses/RequestTimeout' },
    431: { $ref: '#/components/responses/HeadersTooLarge' },
};
/** The OpenAPI 3.1 description of /v1, built from the request and response schemas in src/engine/schema. */
function buildOpenApiDocument() {
    const shared = new Map([
        [validate_request/* verifyPolicySchema */.N2, 'VerifyPolicy'],
        [validate_request/* customClaimValueSchema */.mC, 'CustomClaimValue'],
        // The validator's written-out copy of the same schema: published as the recursive form.
        [validate_request/* customClaimValueUnrolled */.mv, 'CustomClaimValue'],
        [responses/* findingSchema */.$f, 'Finding'],
    ]);
    const schemas = {
        ValidateRequest: component(validate_request/* validateRequestSchema */.XQ, shared, true),
        VerifyPolicy: component(validate_request/* verifyPolicySchema */.N2, shared, true),
        CustomClaimValue: component(validate_request/* customClaimValueSchema */.mC, shared, true),
        LintRequest: component(lint_request/* lintRequestSchema */.i, shared, true),
        DiscoverRequest: component(discover_request/* discoverRequestSchema */.U, shared, true),
        ValidateResponse: component(responses/* validateResponseSchema */.He, shared, true),
        LintResponse: component(responses/* lintResponseSchema */.wX, shared, true),
        DiscoverResponse: component(responses/* discoverResponseSchema */["in"], shared, true),
        Finding: component(responses/* findingSchema */.$f, shared, true),
        Problem: component(responses/* problemSchema */.zs, shared, true),
        Health: component(responses/* healthSchema */.qO, shared, true),
    };
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
                + `${limits/* MAX_ARRAY_ITEMS */.C} items. Headers (at most ${HTTP_LIMITS.maxHeaderBytes} bytes) must arrive within `
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
            { name: 'meta', description: 'Service description and health.' },
        ],
        paths: {
            '/v1/validate/jwt': {
                post: postOperation({
                    operationId: 'validateJwt',
                    summary: 'Validate a JWT',
                    description: 'Verifies the signature, then the claims, against exactly one of policy and issuer_profile_id. HTTP 200 for every validation outcome.',
                    tag: 'validate',
                    request: 'ValidateRequest',
                    response: 'ValidateResponse',
                    malformedToken: true,
                }),
            },
            '/v1/lint/oidc-config': {
                post: postOperation({
                    operationId: 'lintOidcConfig',
                    summary: 'Lint an OIDC provider configuration',
                    description: 'Static checks (algorithms, URIs, redirect URIs) plus a reachability and content check of the JWKS.',
                    tag: 'lint',
                    request: 'LintRequest',
                    response: 'LintResponse',
                }),
            },
            '/v1/providers/discover': {
                post: postOperation({
                    operationId: 'discoverProvider',
                    summary: 'Fetch and check a provider discovery document',
                    description: 'Fetches <issuer>/.well-known/openid-configuration (then the RFC 8414 form) and reports its jwks_uri and findings.',
                    tag: 'lint',
                    request: 'DiscoverRequest',
                    response: 'DiscoverResponse',
                }),
            },
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
                RequestInvalid: problemResponse(`REQUEST_INVALID: the body is not JSON, not UTF-8, repeats a member name, or does not match the schema (an array over ${limits/* MAX_ARRAY_ITEMS */.C} items included); errors lists each field.`),
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

;// CONCATENATED MODULE: ./src/server/main.ts













const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/**
 * How often deadlines are checked: Node's header deadline and the app's request budget. Node's own
 * default (30 s) would let a 10 s limit run to 40 s; this keeps every limit within half a second.
 */
const DEADLINE_CHECK_MS = 500;
/** At most one warning per this interval while connections are being refused, with a count. */
const REFUSAL_WARNING_INTERVAL_MS = 10_000;
/** Set by the primary for its workers, so a generated key is one key for the whole cluster. */
const GENERATED_KEY_ENV = 'OIDC_GATE_CLUSTER_API_KEY';
function urlOf(address) {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
}
/**
 * Start the /v1 service from environment settings. Throws StartupError (one line, safe to print)
 * when a setting or an issuer profile is invalid. With WORKERS > 1 on the primary, forks workers
 * that re-run the entry script and share the port (node:cluster).
 */
async function startServer(env, options = {}) {
    const settings = parseSettings(env);
    const stderr = options.stderr ?? process.stderr;
    const log = createLogger(stderr, settings.logLevel, (external_node_cluster_default()).isWorker ? { worker: (external_node_cluster_default()).worker?.id } : {});
    let keys = settings.apiKeys;
    if (keys.length === 0) {
        const inherited = (external_node_cluster_default()).isWorker ? env[GENERATED_KEY_ENV] : undefined;
        if (inherited !== undefined && inherited !== '') {
            keys = [inherited];
        }
        else {
            keys = [generateApiKey()];
            // The one place a key is ever written out, by design: the service never runs open, and the
            // operator needs the key to call it. Printed whatever LOG_LEVEL says.
            stderr.write(`${JSON.stringify({
                time: new Date().toISOString(),
                level: 'warn',
                msg: 'No API key is configured (API_KEYS / API_KEYS_FILE); generated one for this run. It is printed only once.',
                api_key: keys[0],
            })}\n`);
        }
    }
    if (settings.workers > 1 && (external_node_cluster_default()).isPrimary) {
        // Load profiles once here too, so an invalid profile stops the start with one message instead of N.
        await buildContext(settings, env, options);
        return startPrimary(settings, env, keys[0], settings.apiKeys.length === 0, log, options);
    }
    return startSingle(settings, env, keys, log, options);
}
async function buildContext(settings, env, options) {
    const fetcherOptions = { allow: settings.outboundAllow };
    if (options.outboundCa !== undefined)
        fetcherOptions.ca = options.outboundCa;
    const fetcher = (0,src_engine/* createGuardedFetcher */.OP)(fetcherOptions);
    const ctx = (0,src_engine/* createEngineContext */.g8)(options.now === undefined ? { fetcher } : { fetcher, now: options.now });
    if (settings.profiles.json !== undefined || settings.profiles.file !== undefined) {
        try {
            ctx.profiles = (0,src_engine/* loadIssuerProfiles */.Mf)({ ...settings.profiles, env, fetcher, now: ctx.now, keyCache: ctx.keyCache });
        }
        catch (error) {
            // The loader's messages name profile and field and never a configured value; anything else is redacted.
            if (error instanceof src_engine/* IssuerProfileError */.HC)
                throw new StartupError(error.message);
            throw new StartupError(`issuer profiles: ${redact(error instanceof Error ? error.message : String(error))}`);
        }
    }
    return ctx;
}
async function startSingle(settings, env, keys, log, options) {
    const ctx = await buildContext(settings, env, options);
    const audit = await openAudit(settings.audit, options.stdout ?? process.stdout, (error) => {
        log.error('audit log write failed', { error: error.code ?? error.name });
    });
    const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const app = createApp({
        engine: { validateJwt: src_engine/* validateJwt */.mQ, lintOidcConfig: src_engine/* lintOidcConfig */.xT, discoverProvider: src_engine/* discoverProvider */.X4 },
        ctx,
        auth: new ApiKeyAuthenticator(keys),
        audit,
        log,
        openapiJson: renderOpenApiDocument(),
        requestTimeoutMs,
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
    server.on('clientError', (error, socket) => answerClientError(error, socket, HTTP_LIMITS));
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
            if (handleSignals) {
                process.off('SIGTERM', onSignal);
                process.off('SIGINT', onSignal);
            }
            log.info('stopped');
        })();
        return closing;
    };
    const handleSignals = options.handleSignals ?? true;
    const onSignal = (signal) => {
        log.info('draining', { signal, in_flight: app.inFlight });
        close().then(() => process.exit(0), () => process.exit(1));
    };
    if (handleSignals) {
        process.once('SIGTERM', onSignal);
        process.once('SIGINT', onSignal);
    }
    log.info('listening', {
        url,
        api_keys: keys.length,
        issuer_profiles: settings.profiles.json !== undefined || settings.profiles.file !== undefined,
        audit: settings.audit.kind,
        max_connections: settings.maxConnections,
    });
    return { url, close };
}
function startPrimary(settings, env, firstKey, generated, log, options) {
    const workerEnv = generated ? { [GENERATED_KEY_ENV]: firstKey } : {};
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
        const onStartExit = (worker, code) => {
            if (listening < settings.workers && !stopping) {
                stopping = true;
                for (const w of workers)
                    w.process.kill('SIGTERM');
                reject(new StartupError(`a worker failed to start (exit code ${code}); see its message above`));
            }
            void worker;
        };
        external_node_cluster_default().on('exit', onStartExit);
        external_node_cluster_default().on('listening', (_worker, address) => {
            listening++;
            url ||= urlOf({ address: address.address ?? settings.host, port: address.port, family: address.addressType === 6 ? 'IPv6' : 'IPv4' });
            if (listening !== settings.workers)
                return;
            external_node_cluster_default().off('exit', onStartExit);
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
                });
                return closing;
            };
            if (options.handleSignals ?? true) {
                const onSignal = (signal) => {
                    log.info('draining workers', { signal });
                    close().then(() => process.exit(0), () => process.exit(1));
                };
                process.once('SIGTERM', onSignal);
                process.once('SIGINT', onSignal);
            }
            log.info('cluster listening', { url, workers: settings.workers });
            resolve({ url, close });
        });
        for (let i = 0; i < settings.workers; i++)
            fork();
    });
}
/**
 * The process entry (src/server/index.ts, `oidc-gate serve`): start, or print one line and exit 1.
 * No stack trace: a start failure is a configuration problem, and its message says which.
 */
async function runServer(env, options = {}) {
    try {
        return await startServer(env, options);
    }
    catch (error) {
        const message = error instanceof StartupError
            ? error.message
            : `unexpected error during start: ${redact(error instanceof Error ? error.message : String(error))}`;
        (options.stderr ?? process.stderr).write(`oidc-gate: cannot start: ${message}\n`);
        process.exitCode = 1;
        return undefined;
    }
}


/***/ })

};
