import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
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

/**
 * Secrets on screen that were neither copied nor dismissed: while there is one, leaving the page
 * (another page, another environment, sign-out, reload or close) asks first, since the secret
 * cannot be shown again.
 */
const unsaved = new Set<symbol>();
const warnOnUnload = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = '';
};

/** Whether the user may go on: true when no secret would be lost, or when they confirm losing it. */
export function confirmLeave(): boolean {
  if (unsaved.size === 0) return true;
  if (!confirm('The secret shown on this page has not been copied and will not be shown again. Leave anyway?')) return false;
  unsaved.clear();
  removeEventListener('beforeunload', warnOnUnload);
  return true;
}

/**
 * A secret shown once: selectable text, a copy button, and the warning. Until it is copied or
 * dismissed, leaving the page asks first (confirmLeave, beforeunload). "Done" gives the focus back
 * to the control that made the secret (the create or rotate button) or, when that is gone, to
 * `returnFocus` (an element id: the page's heading, or the main region), never to the document's body.
 */
export function OnceSecret({ label, value, onDone, returnFocus = 'main' }: { label: string; value: string; onDone: () => void; returnFocus?: string }) {
  const [copied, setCopied] = useState(false);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    setCopied(false);
    const active = document.activeElement;
    opener.current = active && active !== document.body ? active : null;
  }, [value]);
  useEffect(() => {
    if (copied) return;
    const mine = Symbol(label);
    unsaved.add(mine);
    addEventListener('beforeunload', warnOnUnload);
    return () => {
      unsaved.delete(mine);
      if (unsaved.size === 0) removeEventListener('beforeunload', warnOnUnload);
    };
  }, [value, copied]);
  const done = () => {
    const back = opener.current;
    const target = back instanceof HTMLElement && back.isConnected && !back.closest('.secret') && !(back as HTMLButtonElement).disabled ? back : document.getElementById(returnFocus);
    target?.focus();
    onDone();
  };
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
        <button type="button" class="secondary" onClick={done}>
          Done
        </button>
      </div>
      {copied && <Notice>Copied to the clipboard.</Notice>}
    </section>
  );
}

/**
 * Enter on a checkbox (a scope, an event) must not submit its form, as browsers' implicit
 * submission would: Space toggles it, Enter does nothing. Put on the fieldset of the checkboxes.
 */
export function keepEnterOnCheckbox(event: KeyboardEvent): void {
  const target = event.target as HTMLInputElement | null;
  if (event.key === 'Enter' && target?.type === 'checkbox') event.preventDefault();
}

/**
 * Calls `refresh` every `ms` while the page is open and the tab visible (none while
 * `document.hidden`), and at once when the tab becomes visible again. Each refresh goes through
 * the page's useLatest, so only the newest answer is applied; it only replaces data, never a form
 * field or the focus.
 */
export function usePoll(refresh: () => void, ms: number, deps: unknown[]): void {
  const current = useRef(refresh);
  current.current = refresh;
  useEffect(() => {
    const tick = () => {
      if (!document.hidden) current.current();
    };
    const timer = setInterval(tick, ms);
    addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      removeEventListener('visibilitychange', tick);
    };
  }, deps);
}

/** A key as people know it: its name, with the id the logs and the API use. */
export function KeyLabel({ id, name }: { id: string | null; name: string | null | undefined }) {
  if (id === null) return <span>—</span>;
  return name ? (
    <span class="key-label">
      {name} <code>({id})</code>
    </span>
  ) : (
    <code>{id}</code>
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

/** A time as `2026-11-28 14:05 UTC`; narrow cells break it after the date only. */
export const when = (iso: string | null | undefined) =>
  iso === null || iso === undefined ? '—' : new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + '\u00a0UTC';

/** The time of day alone, `14:05 UTC`. */
export const clock = (iso: string) => new Date(iso).toISOString().slice(11, 16) + '\u00a0UTC';

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
