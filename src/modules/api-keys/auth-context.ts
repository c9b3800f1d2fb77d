import type { Environment, Plan } from '../../db/types.js';
import type { KeyLimits } from '../rate-limits/policies.js';

/**
 * Who is calling: resolved from the API key (or an MCP OAuth access token) before anything else
 * about the request is read. Every door (REST, MCP, the CLI's stdio server) authenticates into it.
 */
export interface AuthContext {
  keyId: string;
  accountId: string;
  workspaceId: string;
  environment: Environment;
  scopes: ReadonlySet<string>;
  plan: Plan;
  limits: KeyLimits;
}
