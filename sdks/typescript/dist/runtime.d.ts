/** A variable of the environment where there is one (Node, Bun, Deno with --allow-env), else undefined. */
export declare function environment(name: string): string | undefined;
/** `node/20.20.2`, or the browser's user agent, for the User-Agent header. */
export declare function runtimeDescription(): string;
/**
 * Web Crypto. Global in browsers and Node 19+; Node 18 has it only as `node:crypto`'s `webcrypto`,
 * imported here by a name bundlers do not follow (browsers never reach this branch).
 */
export declare function webCrypto(): Promise<Crypto>;
/** A random UUID v4 for Idempotency-Key. */
export declare function randomUuid(): Promise<string>;
