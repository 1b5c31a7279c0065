import { useState } from 'preact/hooks';
import { query } from '../api';
import { go, href } from '../router';
import { Badge, ErrorBox, Loading, Page, Pager, short, useApi, when } from '../ui';
import { ScrollBox, Spacer, useVirtualRows } from '../virtual';

interface TraceSummary {
  trace_id: string;
  session_id: string;
  agent: string;
  framework: string | null;
  source: string;
  status: string;
  event_count: number;
  first_event_at: string | null;
}

/** `q` is the text search: ids, agent, and the prompts and completions of the events. */
const FILTERS = ['q', 'agent', 'session', 'framework', 'type', 'since', 'until'] as const;
/** A server page; only the rows in view are in the DOM (virtual.tsx). */
const LIMIT = 200;
/** Every row is this tall (style.css .scroll-box): offsets are exact, nothing to measure. */
const ROW_HEIGHT = 37;

export function TracesPage({ params }: { params: URLSearchParams }) {
  const filter = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<
    string,
    string
  >;
  const offset = Number(params.get('offset') ?? 0) || 0;
  const list = useApi<{ traces: TraceSummary[]; total: number }>(
    `/traces${query({ ...filter, limit: LIMIT, offset })}`,
  );
  const traces = list.data?.traces ?? [];
  const rows = useVirtualRows(traces.length, ROW_HEIGHT);
  const [draft, setDraft] = useState(filter);
  const apply = (e: Event) => {
    e.preventDefault();
    go('traces', draft);
  };
  return (
    <Page title="Traces">
      <form class="filters" onSubmit={apply} aria-label="filter traces">
        {FILTERS.map((f) => (
          <label class={f === 'q' ? 'grow' : undefined}>
            {f === 'q' ? 'search' : f}
            <input
              name={f}
              value={draft[f]}
              placeholder={
                f === 'since'
                  ? '7d or 2026-11-01'
                  : f === 'type'
                    ? 'tool_call'
                    : f === 'q'
                      ? 'text in prompts, completions, ids'
                      : ''
              }
              onInput={(e) => setDraft({ ...draft, [f]: e.currentTarget.value })}
            />
          </label>
        ))}
        <button type="submit">Filter</button>
      </form>
      <ErrorBox error={list.error} />
      {!list.data ? (
        !list.error && <Loading what="traces" />
      ) : (
        <>
          <ScrollBox rows={rows} label="traces">
            <table class="list" aria-rowcount={traces.length + 1}>
              <thead>
                <tr>
                  <th>Trace</th>
                  <th>Session</th>
                  <th>Agent</th>
                  <th>Framework</th>
                  <th>Status</th>
                  <th class="num">Events</th>
                  <th>Started</th>
                </tr>
              </thead>
              <tbody>
                <Spacer height={rows.before} columns={7} />
                {rows.items.map(({ index }) => {
                  const t = traces[index]!;
                  return (
                    <tr key={t.trace_id} data-index={index} aria-rowindex={index + 2}>
                      <td>
                        <a href={href(`traces/${encodeURIComponent(t.trace_id)}`)}>
                          <code>{short(t.trace_id, 18)}</code>
                        </a>
                      </td>
                      <td>{t.session_id}</td>
                      <td>{t.agent}</td>
                      <td>{t.framework ?? '–'}</td>
                      <td>
                        <Badge kind={t.status === 'completed' ? 'ok' : 'warn'}>{t.status}</Badge>
                      </td>
                      <td class="num">{t.event_count}</td>
                      <td>{when(t.first_event_at)}</td>
                    </tr>
                  );
                })}
                <Spacer height={rows.after} columns={7} />
              </tbody>
            </table>
          </ScrollBox>
          <Pager
            total={list.data.total}
            offset={offset}
            limit={LIMIT}
            onOffset={(o) => go('traces', { ...filter, offset: o ? String(o) : undefined })}
          />
        </>
      )}
    </Page>
  );
}
