import { describe, expect, it } from 'vitest';
import { classifyRisk } from '../../../src/safety/risk-class.js';

/** The EU AI Act risk class from what a system's owner says it does. */
describe('classifyRisk', () => {
  it.each([
    [{ capabilities: ['social scoring', 'chatbot'] }, 'prohibited', /Art\. 5\(1\)\(c\)/],
    [{ domain: 'Employment' }, 'high', /Annex III: used in employment/],
    [{ domain: 'retail', capabilities: ['safety-component'] }, 'high', /Art\. 6\(1\)/],
    [{ domain: 'retail', capabilities: ['chatbot'] }, 'limited', /Art\. 50\(1\)/],
    [{ domain: 'retail', capabilities: ['summarise'] }, 'minimal', /no Art\. 5 practice/],
    [{}, 'minimal', /no Art\. 5 practice/],
  ])('%j is %s', (metadata, riskClass, reason) => {
    const r = classifyRisk(metadata);
    expect(r.risk_class).toBe(riskClass);
    expect(r.reasons.join('; ')).toMatch(reason);
    expect(r.obligations.length).toBeGreaterThan(0);
  });
});
