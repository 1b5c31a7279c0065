import { describe, expect, it } from 'vitest';
import { createDetector } from '../../../src/detect/engine.js';
import type { Detection } from '../../../src/detect/types.js';

// Issue 18 (src/detect/README.md, "Round 11's dev half"): general rules learnt from round
// 11's dev half. Every value here was typed for this file, not copied from any round's texts.
const detector = createDetector();
const scan = (text: string): Detection[] => detector.scanEvent([{ field: 'prompt', text }]);
const found = (text: string) =>
  scan(text)
    .filter((d) => d.category === 'secret')
    .map((d) => `${d.type} ${text.slice(d.start, d.end)}`);

describe('round 11: typed stand-ins are not secrets', () => {
  it.each([
    // the whole password one keyboard or alphabet run
    ['"passWord": 7654321'],
    ['db_password = abcdefghi'],
    ['password: qwertyuio'],
    // letters and digits taking turns, each running
    ['password: a1B2c3D4e5F6g7'],
    ['"password": "Q1w2E3r4T5y6U7i8"'],
    // `changeit`, Java keystores' default password and Symfony's placeholder secret
    ['KEYSTORE_SECRET=WeMustChangeItSoonPlease'],
    ['app_token: "please_change_it_before_go_live"'],
  ])('%s', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    // a real (weak) password keeps its run; a typed password with no run stays a password
    ['password: Autumn654321', 'secret.password Autumn654321'],
    ['password: 8Jq2vNw4Lz7', 'secret.password 8Jq2vNw4Lz7'],
  ])('%s', (text, want) => {
    expect(found(text)).toEqual([want]);
  });
});

describe('round 11: random letters that keep long lower-case runs', () => {
  it.each([
    ['jira_key = "PkwrtBXmqvfsTDrgnhclzp"', 'secret.generic_api_key PkwrtBXmqvfsTDrgnhclzp'],
    ["confluence_token: 'WsrtvkPmnbZqdHgfclxTr'", 'secret.generic_api_key WsrtvkPmnbZqdHgfclxTr'],
    // humps of capitals and lower-case letters, but hardly a vowel: not words
    ['jira_key = "PkwrtBxmQvfsTdrgnHclzp"', 'secret.generic_api_key PkwrtBxmQvfsTdrgnHclzp'],
  ])('%s', (text, want) => {
    expect(found(text)).toEqual([want]);
  });

  it.each([
    // camel-case words, acronyms among them, keep their vowels
    ['token_field_key = "getHTTPSURLStringValue"'],
    ['secret_key = "ReadTheSettingsFromTheOperatingSystem"'],
    ['api_key = "myVariableNameForTheCache"'],
  ])('%s', (text) => {
    expect(found(text)).toEqual([]);
  });
});
