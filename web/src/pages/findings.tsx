import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, query } from '../api';
import { go, href } from '../router';
import { canReview, useUser } from '../session';
import { Badge, ErrorBox, Loading, Page, Pager, short, useApi, when } from '../ui';
import { ScrollBox, Spacer, useVirtualRows } from '../virtual';

interface FindingSummary {
  id: string;
  trace_id: string;
  agent: string;
  type: string;
  severity: string;
  status: string;
  detector: string;
  excerpt: string;
  created_at: string;
}

export const STATUSES = ['open', 'reviewing', 'remediated', 'closed'] as const;
/** One key per status (the first letter but for `m`emediated, which would clash with nothing). */
export const STATUS_KEYS: Record<string, (typeof STATUSES)[number]> = {
  o: 'open',
  r: 'reviewing',
  m: 'remediated',
  c: 'closed',
};
const FILTERS = ['severity', 'status', 'type', 'agent'] as const;
/** A server page; only the rows in view are in the DOM (virtual.tsx). */
const LIMIT = 200;
/** Every row is this tall (style.css .scroll-box): offsets are exact, nothing to measure. */
const ROW_HEIGHT = 37;

export function FindingsPage({ params }: { params: URLSearchParams }) {
  const user = useUser();
  const writer = canReview(user);
  const filter = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<
    string,
    string
  >;
  const offset = Number(params.get('offset') ?? 0) || 0;
  const list = useApi<{ findings: FindingSummary[]; total: number }>(
    `/findings${query({ ...filter, limit: LIMIT, offset })}`,
  );
  const rows = list.data?.findings ?? [];
  const [rawCursor, setCursor] = useState(0);
  const cursor = Math.max(0, Math.min(rawCursor, rows.length - 1));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [comment, setComment] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const virt = useVirtualRows(rows.length, ROW_HEIGHT);

  // Only rows of the page shown count: a selection survives neither a filter nor a page turn.
  const chosen = rows.filter((f) => selected.has(f.id)).map((f) => f.id);
  const targets = (): string[] =>
    chosen.length > 0 ? chosen : rows[cursor] ? [rows[cursor]!.id] : [];

  const inFlight = useRef(false);
  const move = async (status: string) => {
    const ids = targets();
    if (!writer || ids.length === 0 || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setNote(undefined);
    const failed: string[] = [];
    for (const id of ids) {
      try {
        await api(`/findings/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: comment.trim() ? { status, comment: comment.trim() } : { status },
        });
      } catch (err) {
        failed.push(`${id}: ${err instanceof ApiError ? err.message : String(err)}`);
      }
    }
    inFlight.current = false;
    setBusy(false);
    setNote(
      failed.length
        ? {
            ok: false,
            text: `${ids.length - failed.length} moved, ${failed.length} refused: ${failed.join('; ')}`,
          }
        : {
            ok: true,
            text: `${ids.length} finding${ids.length > 1 ? 's' : ''} moved to ${status}`,
          },
    );
    setComment('');
    setSelected(new Set());
    list.reload();
  };

  // j/k move, x selects, Enter opens, o/r/m/c set the status; not while typing in a field.
  // The listener is added once; it calls the handler of the latest render (set during
  // render, so a key pressed before effects run still sees the rows on screen).
  const toggle = (id: string) => {
    const n = new Set(selected);
    if (n.has(id)) n.delete(id);
    else n.add(id);
    setSelected(n);
  };
  const onKey = useRef<(e: KeyboardEvent) => void>(() => {});
  onKey.current = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (t.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'j') setCursor(Math.min(rows.length - 1, cursor + 1));
    else if (e.key === 'k') setCursor(Math.max(0, cursor - 1));
    else if (e.key === 'x' && rows[cursor]) toggle(rows[cursor]!.id);
    else if (e.key === 'Enter' && rows[cursor] && t.tagName !== 'BUTTON' && t.tagName !== 'A') {
      go(`findings/${rows[cursor]!.id}`);
    } else if (STATUS_KEYS[e.key] && writer) void move(STATUS_KEYS[e.key]!);
    else return;
    e.preventDefault();
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey.current(e);
    addEventListener('keydown', listener);
    return () => removeEventListener('keydown', listener);
  }, []);

  // The focused row may not be rendered: the virtualiser scrolls its box to it, which
  // renders it (j/k walk a whole page of 200 rows this way).
  useEffect(() => {
    if (rows.length > 0) virt.scrollToIndex(cursor);
  }, [cursor]);

  return (
    <Page title="Findings">
      <form class="filters" aria-label="filter findings" onSubmit={(e) => e.preventDefault()}>
        <label>
          severity
          <select
            name="severity"
            value={filter.severity}
            onChange={(e) => go('findings', { ...filter, severity: e.currentTarget.value })}
          >
            <option value="">any</option>
            {['critical', 'high', 'medium', 'low'].map((s) => (
              <option value={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          status
          <select
            name="status"
            value={filter.status}
            onChange={(e) => go('findings', { ...filter, status: e.currentTarget.value })}
          >
            <option value="">any</option>
            {STATUSES.map((s) => (
              <option value={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          type
          <input
            name="type"
            value={filter.type}
            placeholder="pii or pii.email"
            onChange={(e) => go('findings', { ...filter, type: e.currentTarget.value })}
          />
        </label>
        <label>
          agent
          <input
            name="agent"
            value={filter.agent}
            onChange={(e) => go('findings', { ...filter, agent: e.currentTarget.value })}
          />
        </label>
      </form>
      {writer ? (
        <div class="bulk" role="group" aria-label="change status">
          <span>{chosen.length > 0 ? `${chosen.length} selected` : 'current row'}</span>
          <label class="grow">
            <span class="sr-only">comment</span>
            <input
              name="comment"
              value={comment}
              placeholder="comment (recorded in the history)"
              onInput={(e) => setComment(e.currentTarget.value)}
            />
          </label>
          {STATUSES.map((s) => (
            <button
              disabled={busy || targets().length === 0}
              onClick={() => void move(s)}
              title={`key ${Object.keys(STATUS_KEYS).find((k) => STATUS_KEYS[k] === s)}`}
            >
              {s}
            </button>
          ))}
        </div>
      ) : (
        <p class="muted">
          Your role ({user.role}) can read findings; an analyst or admin reviews them.
        </p>
      )}
      <p class="muted small keys">
        Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>x</kbd> select, <kbd>Enter</kbd> open
        {writer && (
          <>
            , <kbd>o</kbd> open, <kbd>r</kbd> reviewing, <kbd>m</kbd> remediated, <kbd>c</kbd>{' '}
            closed
          </>
        )}
      </p>
      {note && (
        <p class={note.ok ? 'ok' : 'error'} role="status">
          {note.text}
        </p>
      )}
      <ErrorBox error={list.error} />
      {!list.data ? (
        !list.error && <Loading what="findings" />
      ) : (
        <>
          <ScrollBox rows={virt} label="findings">
            <table class="list findings" aria-rowcount={rows.length + 1}>
              <thead>
                <tr>
                  <th>
                    <span class="sr-only">select</span>
                  </th>
                  <th>Severity</th>
                  <th>Type</th>
                  <th>Status</th>
                  <th>Agent</th>
                  <th>Excerpt</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                <Spacer height={virt.before} columns={7} />
                {virt.items.map(({ index: i }) => {
                  const f = rows[i]!;
                  return (
                    <tr
                      key={f.id}
                      aria-rowindex={i + 2}
                      data-index={i}
                      class={i === cursor ? 'cursor' : ''}
                      aria-selected={i === cursor}
                      onClick={() => setCursor(i)}
                    >
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`select ${f.id}`}
                          checked={selected.has(f.id)}
                          onChange={() =>
                            setSelected((s) => {
                              const n = new Set(s);
                              if (n.has(f.id)) n.delete(f.id);
                              else n.add(f.id);
                              return n;
                            })
                          }
                        />
                      </td>
                      <td>
                        <Badge kind={f.severity}>{f.severity}</Badge>
                      </td>
                      <td>
                        <a href={href(`findings/${f.id}`)}>{f.type}</a>
                      </td>
                      <td>
                        <Badge kind={f.status}>{f.status}</Badge>
                      </td>
                      <td>{f.agent}</td>
                      <td class="excerpt" title={f.excerpt}>
                        {short(f.excerpt, 70)}
                      </td>
                      <td>{when(f.created_at)}</td>
                    </tr>
                  );
                })}
                <Spacer height={virt.after} columns={7} />
              </tbody>
            </table>
          </ScrollBox>
          <Pager
            total={list.data.total}
            offset={offset}
            limit={LIMIT}
            onOffset={(o) => go('findings', { ...filter, offset: o ? String(o) : undefined })}
          />
        </>
      )}
    </Page>
  );
}
