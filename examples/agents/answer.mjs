#!/usr/bin/env node
// A command agent standing in for a model: drafts a reply from the category, and reports
// the "model call" it made so the execution's metrics count its tokens.
let raw = '';
for await (const chunk of process.stdin) raw += chunk;
const { input } = JSON.parse(raw);
const replies = {
  billing:
    'I have passed your billing question to our payments team; expect an email within a day.',
  shipping: 'Your order is on its way; the tracking link is in your confirmation email.',
  general: 'Thanks for reaching out; a member of our team will reply shortly.',
};
const reply = replies[input.category] ?? replies.general;
process.stdout.write(
  JSON.stringify({
    output: { category: input.category, reply },
    model_calls: [
      {
        model: 'template-v1',
        prompt: input.question,
        completion: reply,
        tokens_prompt: input.question.split(/\s+/).length,
        tokens_completion: reply.split(/\s+/).length,
        cost: 0,
      },
    ],
  }),
);
