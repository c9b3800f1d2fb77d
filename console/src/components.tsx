import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';

/** A message read out by screen readers when it appears: errors interrupt, other news waits. */
export function Notice({ error, children }: { error?: boolean; children: ComponentChildren }) {
  return (
    <p class={error ? 'notice error' : 'notice'} role={error ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export function describeError(err: unknown): string {
  if (err instanceof ApiError) return `${err.message} (${err.code}${err.requestId ? `, request ${err.requestId}` : ''})`;
  return err instanceof Error ? err.message : String(err);
}

/** A secret shown once: selectable text, a copy button, and the warning. */
export function OnceSecret({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section class="secret" aria-label={label}>
      <h3>{label}</h3>
      <p class="warning">
        <strong>Copy it now: you will not see it again.</strong>
      </p>
      <code data-testid="secret-value">{value}</code>
      <div class="actions">
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(value)
              .then(() => setCopied(true))
              .catch(() => setCopied(false));
          }}
        >
          Copy
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          Done
        </button>
      </div>
      {copied && <Notice>Copied to the clipboard.</Notice>}
    </section>
  );
}

/** A table that scrolls sideways on a narrow screen, focusable so the keyboard can scroll it too. */
export function TableRegion({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export const when = (iso: string | null) => (iso === null ? '—' : new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC');

/**
 * Calls whose answers must be applied in the order they were made: `latest(call, apply)` applies
 * an answer (and reports a failure) only if no later call of the same page was made since. A list
 * asked for one environment (or one filter) and answered after the user switched must not replace
 * what the page shows now. The returned promise settles either way.
 */
export function useLatest() {
  const calls = useRef(0);
  return <T,>(call: Promise<T>, apply: (value: T) => void): Promise<void> => {
    const mine = ++calls.current;
    return call.then(
      (value) => {
        if (mine === calls.current) apply(value);
      },
      (err: unknown) => {
        if (mine === calls.current) throw err;
      },
    );
  };
}
