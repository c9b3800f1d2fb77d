/**
 * Which databases the suite runs on: TEST_DIALECTS (comma list) when set, otherwise SQLite
 * plus PostgreSQL when TEST_DATABASE_URL is set.
 */
export type TestDialect = 'sqlite' | 'postgres';

export function testDialects(): TestDialect[] {
  const explicit = process.env.TEST_DIALECTS;
  if (explicit) return explicit.split(',').map((d) => d.trim()) as TestDialect[];
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export function postgresAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set to run the PostgreSQL suite');
  return url;
}

/** The same server with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
