/**
 * A value now or later. On SQLite, reads by id outside transactions answer synchronously from the
 * reader connection (db/reader.ts); on PostgreSQL they answer with a promise. Keeping the
 * synchronous answer synchronous up to the route handler spares each request a promise and a
 * microtask per layer (route, service, repository): Fastify sends a handler's plain return value
 * at once.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Applies `next` to the value: at once when it is here, when it arrives otherwise. (Not named
 * `then`: a module exporting `then` makes its namespace object a thenable, which `await import()`
 * would call.)
 */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => R): MaybePromise<Awaited<R>> {
  return (value instanceof Promise ? value.then(next) : next(value)) as MaybePromise<Awaited<R>>;
}
