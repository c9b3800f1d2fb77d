/** A variable of the environment where there is one (Node, Bun, Deno with --allow-env), else undefined. */
export declare function environment(name: string): string | undefined;
/** `node/20.20.2`, or the browser's user agent, for the User-Agent header. */
export declare function runtimeDescription(): string;
/**
 * A Node built-in module (`node:fs`, `node:crypto`), loaded only where a caller needs Node (a file
 * path to upload; Node 18's Web Crypto), by a name bundlers do not follow: browsers never load it.
 * This is the library's one dynamic import.
 */
export declare function nodeBuiltin<T>(name: string): Promise<T>;
/** Web Crypto. Global in browsers and Node 19+; Node 18 has it only as `node:crypto`'s `webcrypto`. */
export declare function webCrypto(): Promise<Crypto>;
/** A random UUID v4 for Idempotency-Key. */
export declare function randomUuid(): Promise<string>;
