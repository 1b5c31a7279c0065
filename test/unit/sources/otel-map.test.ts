import { describe, expect, it } from 'vitest';
import type { OtelSpan } from '../../../src/sources/otel/decode.js';
import { mapSpans } from '../../../src/sources/otel/map.js';

const span = (over: Partial<OtelSpan>): OtelSpan => ({
  traceId: 'aa'.repeat(16),
  spanId: 'bb'.repeat(8),
  parentSpanId: null,
  name: 'span',
  kind: 1,
  start: '1767225600123000000',
  end: '1767225601123000000',
  attributes: {},
  events: [],
  status: { code: 0, message: '' },
  resource: { 'service.name': 'svc' },
  scope: 'scope',
  ...over,
});

describe('OTel span mapping', () => {
  it('falls back to the trace id for the session and service.name for the agent', () => {
    const { sessions } = mapSpans([span({ attributes: { 'gen_ai.request.model': 'm' } })]);
    expect(sessions[0]).toMatchObject({ session_id: `otel_${'aa'.repeat(16)}`, agent: 'svc' });
    expect(sessions[0]!.events[0]).toMatchObject({
      event_id: `otel_${'aa'.repeat(16)}_${'bb'.repeat(8)}`,
      type: 'llm_call',
      model: 'm',
      timestamp: '2026-01-01T00:00:00.123Z',
    });
  });

  it('reads the deprecated per-message span events (gen_ai.user.message, gen_ai.choice)', () => {
    const { sessions } = mapSpans([
      span({
        attributes: { 'gen_ai.system': 'openai', 'gen_ai.request.model': 'gpt-4o' },
        events: [
          { name: 'gen_ai.system.message', time: '0', attributes: { content: 'be brief' } },
          { name: 'gen_ai.user.message', time: '0', attributes: { content: 'hi' } },
          {
            name: 'gen_ai.choice',
            time: '0',
            attributes: {
              message: JSON.stringify({
                content: 'hello',
                tool_calls: [{ id: 'c1', function: { name: 'lookup', arguments: '{}' } }],
              }),
            },
          },
        ],
      }),
    ]);
    const [llm, call] = sessions[0]!.events as Array<Record<string, unknown>>;
    expect(llm).toMatchObject({
      prompt: 'system: be brief\nuser: hi',
      completion: 'assistant: hello',
    });
    expect(call).toMatchObject({ type: 'tool_call', tool_name: 'lookup', prompt: '{}' });
  });

  it('maps Traceloop entities and records an error status with its exception', () => {
    const { sessions } = mapSpans([
      span({
        attributes: {
          'traceloop.span.kind': 'tool',
          'traceloop.entity.name': 'search',
          'traceloop.entity.input': '{"q":"x"}',
          'traceloop.entity.output': 'nothing',
          'error.type': 'TimeoutError',
        },
        status: { code: 2, message: 'timed out' },
        events: [
          {
            name: 'exception',
            time: '0',
            attributes: { 'exception.type': 'TimeoutError', 'exception.message': 'after 30 s' },
          },
        ],
      }),
    ]);
    expect(sessions[0]!.framework).toBe('traceloop');
    expect(sessions[0]!.events[0]).toMatchObject({
      type: 'tool_call',
      prompt: '{"q":"x"}',
      completion: 'nothing',
      error: { type: 'TimeoutError', message: 'timed out' },
    });
  });

  it('counts spans without AI attributes and stores nothing of them', () => {
    const mapped = mapSpans([span({ attributes: { 'http.route': '/x' } }), span({})]);
    expect(mapped).toMatchObject({ sessions: [], skipped: 2, spans: 2 });
  });

  it('groups spans by session and agent, keeping the span count per session', () => {
    const a = span({
      attributes: { 'gen_ai.conversation.id': 's1', 'gen_ai.operation.name': 'chat' },
    });
    const b = span({
      spanId: 'cc'.repeat(8),
      attributes: { 'gen_ai.conversation.id': 's1', 'gen_ai.operation.name': 'chat' },
    });
    const c = span({
      attributes: { 'gen_ai.conversation.id': 's2', 'gen_ai.operation.name': 'embeddings' },
    });
    const mapped = mapSpans([a, c, b]);
    expect(mapped.sessions.map((s) => s.session_id)).toEqual(['s1', 's2']);
    expect(mapped.spanCounts).toEqual([2, 1]);
    expect(mapped.sessions[1]!.events[0]).toMatchObject({ type: 'embeddings' });
  });

  it('rejects a span it cannot make an event of (no ids, no start time), keeping the others', () => {
    const ok = span({ attributes: { 'gen_ai.operation.name': 'chat' } });
    const noId = span({ spanId: '', attributes: { 'gen_ai.operation.name': 'chat' } });
    const noStart = span({
      spanId: 'dd'.repeat(8),
      start: '0',
      attributes: { 'gen_ai.operation.name': 'chat' },
    });
    const mapped = mapSpans([ok, noId, noStart]);
    expect(mapped.sessions[0]!.events).toHaveLength(1);
    expect(mapped.invalid.map((i) => i.reason)).toEqual([
      expect.stringMatching(/^span_id: /),
      expect.stringMatching(/^start_time_unix_nano: /),
    ]);
  });

  it('splits a session bigger than one trace request into several, in order', () => {
    const spans = Array.from({ length: 10_050 }, (_, i) =>
      span({
        spanId: (i + 1).toString(16).padStart(16, '0'),
        attributes: { 'gen_ai.conversation.id': 'big', 'gen_ai.operation.name': 'chat' },
      }),
    );
    const mapped = mapSpans(spans);
    expect(mapped.sessions.map((s) => s.session_id)).toEqual(['big', 'big']);
    expect(mapped.spanCounts.reduce((a, b) => a + b)).toBe(10_050);
    expect(mapped.sessions[0]!.events.length).toBeLessThanOrEqual(10_000);
    expect((mapped.sessions[1]!.events[0] as { event_id: string }).event_id).toBe(
      `otel_${'aa'.repeat(16)}_${(mapped.spanCounts[0]! + 1).toString(16).padStart(16, '0')}`,
    );
  });
});
