import type { Plan } from '../../db/types.js';

/** A key's budgets (docs/rate-limits.md, "Budgets"): requests per hour and per minute. */
export interface KeyLimits {
  /** Sliding-window quota per hour, over every counted request. */
  hourly: number;
  /** Token-bucket capacity, refilled at this many tokens per minute. */
  burst: number;
  /** Sliding-window quotas per hour of the endpoint groups. */
  export: number;
  bulk: number;
  search: number;
  /** Roster imports (POST /imports). */
  imports: number;
}

/** The endpoint groups with a window of their own; a route names its group in `config.rateLimit`. */
export type EndpointGroup = 'export' | 'bulk' | 'search' | 'imports';

export const endpointGroups: readonly EndpointGroup[] = ['export', 'bulk', 'search', 'imports'];

const enterprise: KeyLimits = { hourly: 10_000, burst: 500, export: 10, bulk: 20, search: 100, imports: 10 };

/** Plan defaults. A custom plan starts from the enterprise figures until the operator sets its own. */
export const planLimits: Readonly<Record<Exclude<Plan, 'starter'>, KeyLimits>> = {
  professional: { hourly: 1_000, burst: 100, export: 10, bulk: 20, search: 100, imports: 10 },
  enterprise,
  custom: enterprise,
};

/** The limits an account stores (`lectern account set-plan … --hourly N …`); null keeps the plan's. */
export interface AccountLimitColumns {
  hourly_limit: number | null;
  burst_limit: number | null;
  export_hourly_limit: number | null;
  bulk_hourly_limit: number | null;
  search_hourly_limit: number | null;
}

/** Limits of an account: its own figures where set, else its plan's. */
export function limitsOf(plan: Exclude<Plan, 'starter'>, account: AccountLimitColumns): KeyLimits {
  const base = planLimits[plan];
  return {
    hourly: account.hourly_limit ?? base.hourly,
    burst: account.burst_limit ?? base.burst,
    export: account.export_hourly_limit ?? base.export,
    bulk: account.bulk_hourly_limit ?? base.bulk,
    search: account.search_hourly_limit ?? base.search,
    // Ten imports an hour on every plan: an import carries up to 100,000 rows.
    imports: base.imports,
  };
}
