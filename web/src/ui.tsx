import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, ApiError } from './api';

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** GETs `path` (null: nothing yet) and again whenever it changes or reload() is called. */
export function useApi<T>(path: string | null): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({
    loading: path !== null,
  });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    api<T>(path).then(
      (data) => live && setState({ data, loading: false }),
      (err: unknown) =>
        live &&
        setState({ loading: false, error: err instanceof ApiError ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [path, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export function Page(props: {
  title: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
}) {
  useEffect(() => {
    document.title = `${props.title} · evid`;
  }, [props.title]);
  return (
    <section class="page" aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title">{props.title}</h1>
        {props.actions && <div class="page-actions">{props.actions}</div>}
      </header>
      {props.children}
    </section>
  );
}

export function ErrorBox({ error }: { error: string | undefined }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" aria-busy="true">
      Loading {what}…
    </p>
  );
}

export function Badge({ kind, children }: { kind: string; children: ComponentChildren }) {
  return <span class={`badge badge-${kind.replace(/[^a-z0-9_-]/gi, '')}`}>{children}</span>;
}

export function Card(props: { label: string; value: ComponentChildren; hint?: ComponentChildren }) {
  return (
    <div class="card">
      <div class="card-label">{props.label}</div>
      <div class="card-value">{props.value}</div>
      {props.hint !== undefined && <div class="card-hint">{props.hint}</div>}
    </div>
  );
}

export function Pager(props: {
  total: number;
  offset: number;
  limit: number;
  onOffset: (o: number) => void;
}) {
  const { total, offset, limit } = props;
  const last = Math.min(total, offset + limit);
  return (
    <nav class="pager" aria-label="pages">
      <span>{total === 0 ? 'none' : `${offset + 1}–${last} of ${total.toLocaleString()}`}</span>
      <button disabled={offset === 0} onClick={() => props.onOffset(Math.max(0, offset - limit))}>
        ← Newer
      </button>
      <button disabled={last >= total} onClick={() => props.onOffset(offset + limit)}>
        Older →
      </button>
    </nav>
  );
}

export const when = (iso: string | null | undefined): string =>
  iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC') : '–';

export const short = (id: string, n = 14): string => (id.length > n ? `${id.slice(0, n)}…` : id);

/** The second step of a destructive action: "Yes, <verb>" and Cancel. */
export function ConfirmStep(props: {
  verb: string;
  /** The verb's -ing form, for the button's accessible name ("confirm revoking <subject>"). */
  doing: string;
  subject: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <button
        class="danger"
        disabled={props.busy}
        onClick={props.onConfirm}
        aria-label={`confirm ${props.doing} ${props.subject}`}
      >
        Yes, {props.verb}
      </button>{' '}
      <button onClick={props.onCancel}>Cancel</button>
    </>
  );
}
