// What the library takes from its platform: Web Crypto, the environment, a name for the runtime.
// Only web-standard globals are used, so the same build runs in Node 18+, browsers, Deno and Bun.
function nodeProcess() {
    return globalThis.process;
}
/** A variable of the environment where there is one (Node, Bun, Deno with --allow-env), else undefined. */
export function environment(name) {
    const value = nodeProcess()?.env?.[name];
    return value === '' ? undefined : value;
}
/** `node/20.20.2`, or the browser's user agent, for the User-Agent header. */
export function runtimeDescription() {
    const node = nodeProcess()?.versions?.node;
    if (node !== undefined)
        return `node/${node}`;
    const navigator = globalThis.navigator;
    return navigator?.userAgent ?? 'unknown runtime';
}
/**
 * A Node built-in module (`node:fs`, `node:crypto`), loaded only where a caller needs Node (a file
 * path to upload; Node 18's Web Crypto), by a name bundlers do not follow: browsers never load it.
 * This is the library's one dynamic import.
 */
export function nodeBuiltin(name) {
    return import(/* @vite-ignore */ /* webpackIgnore: true */ name);
}
let cryptoPromise;
/** Web Crypto. Global in browsers and Node 19+; Node 18 has it only as `node:crypto`'s `webcrypto`. */
export function webCrypto() {
    const global = globalThis.crypto;
    if (global?.subtle !== undefined)
        return Promise.resolve(global);
    cryptoPromise ??= nodeBuiltin('node:crypto').then((nodeCrypto) => nodeCrypto.webcrypto);
    return cryptoPromise;
}
/** A random UUID v4 for Idempotency-Key. */
export async function randomUuid() {
    const crypto = await webCrypto();
    return crypto.randomUUID();
}
