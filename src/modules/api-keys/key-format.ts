import { hash, randomInt } from 'node:crypto';
import type { Environment } from '../../db/types.js';

/** `lct_<marker>_<secret>`: the marker names the environment (docs/api.md, "Authentication"). */
export const environmentMarkers: Record<Environment, string> = {
  production: 'prod',
  development: 'dev',
  staging: 'stg',
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40; // ~238 bits

export const keyPattern = /^lct_(prod|dev|stg)_[0-9A-Za-z]{32,128}$/;

export function generateKey(environment: Environment): string {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(62)];
  return `lct_${environmentMarkers[environment]}_${secret}`;
}

/** Only this hash is stored. The key has over 200 bits of entropy, so a fast hash is enough. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** First and last 4 characters of the secret part, to recognise a key in a list. */
export function keyHints(key: string): { start: string; end: string } {
  const secret = key.slice(key.lastIndexOf('_') + 1);
  return { start: secret.slice(0, 4), end: secret.slice(-4) };
}
