/**
 * The promise's outcome, or a rejection once `ms` have passed (the promise itself runs on). The
 * rejection is `error()` when given. A value that comes after the deadline goes to `late` (a
 * failure after it is dropped, never an unhandled rejection).
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, options: { error?: () => Error; late?: (value: T) => void } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      reject(options.error?.() ?? new Error(`no answer within ${ms} ms`));
    }, ms);
    promise.then(
      (value) => {
        if (expired) {
          options.late?.(value);
          return;
        }
        clearTimeout(timer);
        resolve(value);
      },
      (err: Error) => {
        if (expired) return;
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
