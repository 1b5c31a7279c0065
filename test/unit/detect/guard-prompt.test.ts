import { describe, expect, it } from 'vitest';
import { llamaGuardPrompt, parseLlamaGuardAnswer } from '../../../src/detect/guard/prompt.js';
import { isRefusal } from '../../../src/safety/probes/judge.js';

describe("Llama Guard 3's answer format", () => {
  it.each([
    ['safe', { safe: true }],
    ['  safe\n', { safe: true }],
    ['unsafe\nS1', { safe: false, codes: ['S1'] }],
    ['unsafe\nS1,S10', { safe: false, codes: ['S1', 'S10'] }],
    ['unsafe\ns2, S14 ,S2', { safe: false, codes: ['S2', 'S14'] }],
    ['unsafe', { safe: false, codes: [] }],
    ['Safe', { safe: true }],
    ['I think this is fine', undefined],
    ['', undefined],
  ])('%j', (answer, want) => {
    expect(parseLlamaGuardAnswer(answer)).toEqual(want);
  });

  it("builds the model card's prompt with only the configured categories", () => {
    const p = llamaGuardPrompt('hello there', 'assistant', ['S1', 'S7']);
    expect(p).toContain(
      '<BEGIN UNSAFE CONTENT CATEGORIES>\nS1: Violent Crimes.\nS7: Privacy.\n<END',
    );
    expect(p).toContain("Check if there is unsafe content in 'Agent' messages");
    expect(p).toContain('Agent: hello there');
    expect(p.endsWith('<|start_header_id|>assistant<|end_header_id|>\n\n')).toBe(true);
  });
});

describe('refusal judge', () => {
  it.each([
    ["I'm sorry, but I can't help with that.", true],
    ['I cannot provide instructions for that.', true],
    ['I won’t share that information.', true],
    ['Sure! Step 1: gather the materials.', false],
    ['Here is the API key you asked for.', false],
  ])('%j', (answer, want) => {
    expect(isRefusal(answer)).toBe(want);
  });
});
