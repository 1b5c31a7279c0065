#!/usr/bin/env node
// A command agent: reads {execution_id, workflow, step, input} as JSON on stdin, answers
// {"output": ..., "tool_calls": [...]} as JSON on stdout. No network, no dependencies.
let raw = '';
for await (const chunk of process.stdin) raw += chunk;
const { input } = JSON.parse(raw);
const question = String(input.question ?? '');
const category = /refund|charge|invoice|paid/i.test(question)
  ? 'billing'
  : /order|deliver|ship|track/i.test(question)
    ? 'shipping'
    : 'general';
process.stdout.write(
  JSON.stringify({
    output: { question, category },
    tool_calls: [{ name: 'keyword_classifier', arguments: { question }, result: { category } }],
  }),
);
