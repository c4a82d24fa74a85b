/**
 * The benchmarks' own PostgreSQL databases (named bench_*), made on the server
 * that BENCH_POSTGRES_URL names (a superuser connection; default the local one).
 */
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function checkedName(name: string): string {
  if (!/^bench_[a-z0-9_]+$/.test(name)) throw new Error(`not a benchmark database: ${name}`);
  return name;
}

/** Drops `name` if it exists and creates it empty; answers its URL. */
export async function createBenchDatabase(name: string): Promise<string> {
  const database = checkedName(name);
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  return benchDatabaseUrl(database);
}

export function benchDatabaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${checkedName(name)}`;
  return url.toString();
}

export async function dropBenchDatabase(name: string): Promise<void> {
  const database = checkedName(name);
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}
