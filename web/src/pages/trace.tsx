import { ProveIt } from '../prove-button';
import { href } from '../router';
import { Badge, ErrorBox, Loading, Page, useApi, when } from '../ui';
import { ScrollBox, useVirtualRows } from '../virtual';

interface TraceEvent {
  event_id: string;
  position: number;
  type: string;
  model: string | null;
  prompt: string | null;
  completion: string | null;
  tokens_prompt: number | null;
  tokens_completion: number | null;
  timestamp: string;
  attributes: Record<string, unknown>;
  purged: boolean;
}

interface Finding {
  id: string;
  event_id: string | null;
  type: string;
  severity: string;
  status: string;
  detector: string;
  excerpt: string;
}

interface TraceDetail {
  trace_id: string;
  session_id: string;
  agent: string;
  framework: string | null;
  status: string;
  event_count: number;
  first_event_at: string | null;
  last_event_at: string | null;
  events: TraceEvent[];
  findings: Finding[];
}

const LABELS: Record<string, [string, string]> = {
  llm_call: ['Prompt', 'Completion'],
  tool_call: ['Arguments', 'Result'],
};

function EventCard({
  e,
  findings,
  index,
  measure,
}: {
  e: TraceEvent;
  findings: Finding[];
  index: number;
  measure: (el: Element | null) => void;
}) {
  const [inLabel, outLabel] = LABELS[e.type] ?? ['Input', 'Output'];
  const latency = e.attributes.latency_ms;
  const tool = e.attributes.tool_name;
  const other = Object.entries(e.attributes).filter(
    ([k]) => k !== 'latency_ms' && k !== 'tool_name',
  );
  return (
    <li class="event" id={`event-${e.event_id}`} data-index={index} ref={measure}>
      <div class="event-head">
        <Badge kind={e.type}>{e.type}</Badge>
        {typeof tool === 'string' && <code>{tool}</code>}
        {e.model && (
          <span>
            model <strong>{e.model}</strong>
          </span>
        )}
        {(e.tokens_prompt !== null || e.tokens_completion !== null) && (
          <span>
            tokens {e.tokens_prompt ?? 0} → {e.tokens_completion ?? 0}
          </span>
        )}
        {typeof latency === 'number' && <span>{latency} ms</span>}
        <span class="muted">{when(e.timestamp)}</span>
        <span class="spacer" />
        <ProveIt subject={e.event_id} label={`event ${e.position}`} />
      </div>
      {e.purged && <p class="muted">Content purged by retention (its ledger entry remains).</p>}
      {e.prompt !== null && (
        <div class="io">
          <div class="io-label">{inLabel}</div>
          <pre>{e.prompt}</pre>
        </div>
      )}
      {e.completion !== null && (
        <div class="io">
          <div class="io-label">{outLabel}</div>
          <pre>{e.completion}</pre>
        </div>
      )}
      {other.length > 0 && (
        <details>
          <summary>Attributes</summary>
          <pre>{JSON.stringify(Object.fromEntries(other), null, 2)}</pre>
        </details>
      )}
      {findings.map((f) => (
        <div class={`inline-finding sev-${f.severity}`}>
          <Badge kind={f.severity}>{f.severity}</Badge>{' '}
          <a href={href(`findings/${f.id}`)}>{f.type}</a> <Badge kind={f.status}>{f.status}</Badge>{' '}
          <span class="excerpt">{f.excerpt}</span>
        </div>
      ))}
    </li>
  );
}

/** Cards of differing heights: each is measured once rendered; 12 px is .event's margin. */
const CARD_HEIGHT = 140;
const CARD_GAP = 12;

/** The event timeline: only the cards in view are rendered (a trace may hold thousands). */
function Timeline({ events, findings }: { events: TraceEvent[]; findings: Finding[] }) {
  const cards = useVirtualRows(events.length, CARD_HEIGHT, CARD_GAP);
  return (
    <ScrollBox rows={cards} label="timeline">
      <ol class="timeline" start={(cards.items[0]?.index ?? 0) + 1}>
        {cards.before > 0 && (
          <li aria-hidden="true" class="spacer-item" style={{ height: `${cards.before}px` }} />
        )}
        {cards.items.map(({ index }) => {
          const e = events[index]!;
          return (
            <EventCard
              key={e.event_id}
              e={e}
              index={index}
              measure={cards.measure}
              findings={findings.filter((f) => f.event_id === e.event_id)}
            />
          );
        })}
        {cards.after > 0 && (
          <li aria-hidden="true" class="spacer-item" style={{ height: `${cards.after}px` }} />
        )}
      </ol>
    </ScrollBox>
  );
}

export function TracePage({ id }: { id: string }) {
  const t = useApi<TraceDetail>(`/traces/${encodeURIComponent(id)}`);
  if (t.error)
    return (
      <Page title={`Trace ${id}`}>
        <ErrorBox error={t.error} />
      </Page>
    );
  if (!t.data)
    return (
      <Page title={`Trace ${id}`}>
        <Loading what="the trace" />
      </Page>
    );
  const d = t.data;
  const loose = d.findings.filter(
    (f) => !f.event_id || !d.events.some((e) => e.event_id === f.event_id),
  );
  return (
    <Page
      title={`Trace ${d.session_id}`}
      actions={<ProveIt subject={d.trace_id} label="this trace" />}
    >
      <dl class="facts">
        <dt>Trace</dt>
        <dd>
          <code>{d.trace_id}</code>
        </dd>
        <dt>Agent</dt>
        <dd>
          <a href={href('traces', { agent: d.agent })}>{d.agent}</a>
        </dd>
        <dt>Framework</dt>
        <dd>{d.framework ?? '–'}</dd>
        <dt>Status</dt>
        <dd>{d.status}</dd>
        <dt>Span</dt>
        <dd>
          {when(d.first_event_at)} – {when(d.last_event_at)}
        </dd>
        <dt>Findings</dt>
        <dd>{d.findings.length}</dd>
      </dl>
      <h2>Timeline</h2>
      <Timeline events={d.events} findings={d.findings} />
      {loose.length > 0 && (
        <>
          <h2>Findings on the whole trace</h2>
          {loose.map((f) => (
            <div class="inline-finding">
              <Badge kind={f.severity}>{f.severity}</Badge>{' '}
              <a href={href(`findings/${f.id}`)}>{f.type}</a> {f.excerpt}
            </div>
          ))}
        </>
      )}
    </Page>
  );
}
