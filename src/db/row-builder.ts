/**
 * Turns a row fetched as an array (better-sqlite3's raw mode) into an object with the given
 * property names, in that order. The function is generated once per column list so that every
 * row is one object literal: all rows of a query share one hidden class from their creation, and
 * reading their properties stays a fast, monomorphic load. Names are embedded as JSON string
 * literals; `__proto__` is refused, as a literal would set the prototype with it. A repeated name
 * keeps its last value, as better-sqlite3's own row objects do.
 */
export function rowBuilder(names: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  if (names.includes('__proto__')) throw new Error('rowBuilder: a column named __proto__');
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  // A function compiled once per column list, so that every row is the same object literal (the
  // point of this module); the code is made of JSON-quoted column names and indexes only.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('values', `return { ${fields} };`) as (values: readonly unknown[]) => Record<string, unknown>;
}
