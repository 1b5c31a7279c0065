import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateCorpus, loadCorpus, loadSamples } from '../../../src/detect/eval.js';

const CORPUS = fileURLToPath(new URL('../../fixtures/detect/', import.meta.url));

// Quality goals from the issue. The corpus labels are the finding types expected at the
// default threshold; see src/detect/README.md for the labelling decisions.
const GOALS = {
  structured_pii: { precision: 0.97, recall: 0.95 },
  secret: { precision: 0.97, recall: 0.95 },
  prompt_injection: { precision: 0.9, recall: 0.85 },
  jailbreak: { precision: 0.9, recall: 0.85 },
} as const;

describe('labelled detection corpus', () => {
  const report = evaluateCorpus(CORPUS);

  it('has at least 400 samples, a third of them hard negatives', () => {
    const samples = loadCorpus(CORPUS);
    expect(samples.length).toBeGreaterThanOrEqual(400);
    expect(samples.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(130);
    expect(new Set(samples.map((s) => s.id)).size).toBe(samples.length);
  });

  for (const [group, goal] of Object.entries(GOALS)) {
    it(`${group}: precision >= ${goal.precision} and recall >= ${goal.recall}`, () => {
      const counts = report.groups[group];
      expect(counts, group).toBeDefined();
      const detail = `${group}: ${JSON.stringify(counts)}; errors: ${JSON.stringify(
        report.errors.filter((e) =>
          [...e.missed, ...e.unexpected].some((t) =>
            t.startsWith(group === 'structured_pii' ? 'pii.' : `${group}.`),
          ),
        ),
      )}`;
      expect(counts!.precision, detail).toBeGreaterThanOrEqual(goal.precision);
      expect(counts!.recall, detail).toBeGreaterThanOrEqual(goal.recall);
    });
  }

  it('labels only finding types the engine can emit', async () => {
    const { BUILTIN_FINDING_TYPES } = await import('../../../src/detect/detectors/index.js');
    const known = new Set(BUILTIN_FINDING_TYPES);
    const unknown = loadCorpus(CORPUS).flatMap((s) => s.labels.filter((l) => !known.has(l)));
    expect(unknown).toEqual([]);
  });
});

// The external sets (src/detect/README.md, "Quality and speed"). Round 1: public samples
// split by the SHA-256 of their text, the even half tuned on (external-tune.jsonl), the odd
// half held out, scored once, then moved into the corpus (external-tune2.jsonl). Round 2: a
// new set from other sources, held out (heldout/external2-heldout.jsonl, never read by
// evaluateCorpus, never tuned on). Round 3: a third set from still other sources, split by
// the same hash rule, the even half tuned on (external3-dev.jsonl), the odd half held out
// (heldout/external3-heldout.jsonl). Round 4: tool results from agent-injection benchmarks,
// split the same way (external4-dev.jsonl, heldout/external4-heldout.jsonl). Round 5: prompts
// and tool results from a prompt-injection benchmark and a scanner's rule files, split the same
// way (external5-dev.jsonl, heldout/external5-heldout.jsonl). Round 6: tool results from an
// agent-security benchmark's observation attacks and helpdesk tickets as hard negatives, split
// the same way (external6-dev.jsonl, heldout/external6-heldout.jsonl).
describe('external injection and jailbreak sets', () => {
  const tune = loadSamples(join(CORPUS, 'external-tune.jsonl'));
  const tune2 = loadSamples(join(CORPUS, 'external-tune2.jsonl'));
  const held = loadSamples(join(CORPUS, 'heldout', 'external2-heldout.jsonl'));
  const dev3 = loadSamples(join(CORPUS, 'external3-dev.jsonl'));
  const held3 = loadSamples(join(CORPUS, 'heldout', 'external3-heldout.jsonl'));
  const dev4 = loadSamples(join(CORPUS, 'external4-dev.jsonl'));
  const held4 = loadSamples(join(CORPUS, 'heldout', 'external4-heldout.jsonl'));
  const dev5 = loadSamples(join(CORPUS, 'external5-dev.jsonl'));
  const held5 = loadSamples(join(CORPUS, 'heldout', 'external5-heldout.jsonl'));
  const dev6 = loadSamples(join(CORPUS, 'external6-dev.jsonl'));
  const held6 = loadSamples(join(CORPUS, 'heldout', 'external6-heldout.jsonl'));
  const dev7 = loadSamples(join(CORPUS, 'external7-dev.jsonl'));
  const held7 = loadSamples(join(CORPUS, 'heldout', 'external7-heldout.jsonl'));
  const dev8 = loadSamples(join(CORPUS, 'external8-dev.jsonl'));
  const held8 = loadSamples(join(CORPUS, 'heldout', 'external8-heldout.jsonl'));
  const dev9 = loadSamples(join(CORPUS, 'external9-dev.jsonl'));
  const held9 = loadSamples(join(CORPUS, 'heldout', 'external9-heldout.jsonl'));
  const dev10 = loadSamples(join(CORPUS, 'external10-dev.jsonl'));
  const held10 = loadSamples(join(CORPUS, 'heldout', 'external10-heldout.jsonl'));
  const dev11 = loadSamples(join(CORPUS, 'external11-dev.jsonl'));
  const held11 = loadSamples(join(CORPUS, 'heldout', 'external11-heldout.jsonl'));
  const dev12 = loadSamples(join(CORPUS, 'external12-dev.jsonl'));
  const held12 = loadSamples(join(CORPUS, 'heldout', 'external12-heldout.jsonl'));
  const dev13 = loadSamples(join(CORPUS, 'external13-dev.jsonl'));
  const held13 = loadSamples(join(CORPUS, 'heldout', 'external13-heldout.jsonl'));
  const dev14 = loadSamples(join(CORPUS, 'external14-dev.jsonl'));
  const held14 = loadSamples(join(CORPUS, 'heldout', 'external14-heldout.jsonl'));
  const dev15 = loadSamples(join(CORPUS, 'external15-dev.jsonl'));
  const held15 = loadSamples(join(CORPUS, 'heldout', 'external15-heldout.jsonl'));
  const dev16 = loadSamples(join(CORPUS, 'external16-dev.jsonl'));
  const held16 = loadSamples(join(CORPUS, 'heldout', 'external16-heldout.jsonl'));
  const dev17 = loadSamples(join(CORPUS, 'external17-dev.jsonl'));
  const held17 = loadSamples(join(CORPUS, 'heldout', 'external17-heldout.jsonl'));
  const dev18 = loadSamples(join(CORPUS, 'external18-dev.jsonl'));
  const held18 = loadSamples(join(CORPUS, 'heldout', 'external18-heldout.jsonl'));
  const dev19 = loadSamples(join(CORPUS, 'external19-dev.jsonl'));
  const held19 = loadSamples(join(CORPUS, 'heldout', 'external19-heldout.jsonl'));
  const dev20 = loadSamples(join(CORPUS, 'external20-dev.jsonl'));
  const held20 = loadSamples(join(CORPUS, 'heldout', 'external20-heldout.jsonl'));
  const half = (text: string) =>
    parseInt(createHash('sha256').update(text).digest('hex').slice(0, 2), 16) % 2 === 0
      ? 'even'
      : 'odd';

  it('round 1 split by the hash of the text, with no sample in both halves', () => {
    expect(tune.filter((s) => half(s.text) !== 'even').map((s) => s.id)).toEqual([]);
    expect(tune2.filter((s) => half(s.text) !== 'odd').map((s) => s.id)).toEqual([]);
    const ids = [...tune, ...tune2].map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the held-out sets of rounds 2-20 out of the corpus the goals are tested on', () => {
    const corpus = loadCorpus(CORPUS);
    const corpusIds = new Set(corpus.map((s) => s.id));
    const corpusTexts = new Set(corpus.map((s) => s.text));
    expect(
      [
        ...held,
        ...held3,
        ...held4,
        ...held5,
        ...held6,
        ...held7,
        ...held8,
        ...held9,
        ...held10,
        ...held11,
        ...held12,
        ...held13,
        ...held14,
        ...held15,
        ...held16,
        ...held17,
        ...held18,
        ...held19,
        ...held20,
      ].filter((s) => corpusIds.has(s.id) || corpusTexts.has(s.text)),
    ).toEqual([]);
    expect(
      [
        ...tune,
        ...tune2,
        ...dev3,
        ...dev4,
        ...dev5,
        ...dev6,
        ...dev7,
        ...dev8,
        ...dev9,
        ...dev10,
        ...dev11,
        ...dev12,
        ...dev13,
        ...dev14,
        ...dev15,
        ...dev16,
        ...dev17,
        ...dev18,
        ...dev19,
        ...dev20,
      ].every((s) => corpusIds.has(s.id)),
    ).toBe(true);
  });

  it('names the source of every sample and the categories it is labelled for', () => {
    for (const s of [
      ...tune,
      ...tune2,
      ...held,
      ...dev3,
      ...held3,
      ...dev4,
      ...held4,
      ...dev5,
      ...held5,
      ...dev6,
      ...held6,
    ]) {
      expect(s.source, s.id).toMatch(/\S/);
      expect(s.categories, s.id).toEqual(['prompt_injection', 'jailbreak']);
    }
  });

  it('round 2 takes no source repository of round 1', () => {
    const repo = (s: { source?: string }) => (s.source ?? '').split(' ')[0];
    const before = new Set([...tune, ...tune2].map(repo));
    expect(held.filter((s) => before.has(repo(s))).map((s) => s.id)).toEqual([]);
  });

  // Rounds 3-6: the same split rule, and each takes its texts from repositories no earlier
  // round used (so its held-out half is not a sibling of anything tuned on before).
  const rounds = [
    { round: 3, dev: dev3, held: held3, toolResultsOnly: false },
    { round: 4, dev: dev4, held: held4, toolResultsOnly: true },
    { round: 5, dev: dev5, held: held5, toolResultsOnly: false },
    { round: 6, dev: dev6, held: held6, toolResultsOnly: true },
    { round: 7, dev: dev7, held: held7, toolResultsOnly: false },
    { round: 8, dev: dev8, held: held8, toolResultsOnly: false },
    { round: 9, dev: dev9, held: held9, toolResultsOnly: false },
    { round: 10, dev: dev10, held: held10, toolResultsOnly: false },
    { round: 11, dev: dev11, held: held11, toolResultsOnly: false },
    { round: 12, dev: dev12, held: held12, toolResultsOnly: false },
    { round: 13, dev: dev13, held: held13, toolResultsOnly: false },
    { round: 14, dev: dev14, held: held14, toolResultsOnly: false },
    { round: 15, dev: dev15, held: held15, toolResultsOnly: false },
    { round: 16, dev: dev16, held: held16, toolResultsOnly: false },
    { round: 17, dev: dev17, held: held17, toolResultsOnly: false },
    { round: 18, dev: dev18, held: held18, toolResultsOnly: false },
    { round: 19, dev: dev19, held: held19, toolResultsOnly: false },
    { round: 20, dev: dev20, held: held20, toolResultsOnly: false },
  ];
  const repo = (s: { source?: string }) => (s.source ?? '').split(' ')[0];

  it.each(rounds)('round $round split by the hash of the text, dev even, held out odd', (r) => {
    expect(r.dev.filter((s) => half(s.text) !== 'even').map((s) => s.id)).toEqual([]);
    expect(r.held.filter((s) => half(s.text) !== 'odd').map((s) => s.id)).toEqual([]);
  });

  it.each(rounds)('round $round takes no earlier source repository and repeats no text', (r) => {
    const earlier = [
      tune,
      tune2,
      held,
      ...rounds.filter((e) => e.round < r.round).flatMap((e) => [e.dev, e.held]),
    ].flat();
    const before = new Set(earlier.map(repo));
    const texts = new Set(earlier.map((s) => s.text));
    const all = [...r.dev, ...r.held];
    expect(all.filter((s) => before.has(repo(s))).map((s) => s.id)).toEqual([]);
    expect(all.filter((s) => texts.has(s.text)).map((s) => s.id)).toEqual([]);
    expect(new Set(all.map((s) => s.text)).size).toBe(all.length);
    if (r.toolResultsOnly) {
      expect(all.filter((s) => s.field !== 'tool_result').map((s) => s.id)).toEqual([]);
    }
  });

  // Round 7 (issue 18) is labelled for secrets, personal data or toxicity, one per sample.
  it('round 7 names its source and one category of secret, pii or toxicity per sample', () => {
    for (const s of [...dev7, ...held7]) {
      expect(s.source, s.id).toMatch(/\S/);
      expect([['secret'], ['pii'], ['toxicity']], s.id).toContainEqual(s.categories);
    }
    const all = [...dev7, ...held7];
    const count = (c: string, positive: boolean) =>
      all.filter((s) => s.categories?.[0] === c && s.labels.length > 0 === positive).length;
    expect(count('toxicity', true)).toBeGreaterThanOrEqual(60);
    expect(count('toxicity', false)).toBeGreaterThanOrEqual(40);
    expect(count('pii', true)).toBeGreaterThanOrEqual(30);
    expect(count('secret', true)).toBeGreaterThanOrEqual(8);
  });

  // Round 8 (issue 18): secrets and personal data again, with enough positives to measure.
  it('round 8 names its source and one category of secret or pii per sample', () => {
    for (const s of [...dev8, ...held8]) {
      expect(s.source, s.id).toMatch(/\S/);
      expect([['secret'], ['pii']], s.id).toContainEqual(s.categories);
    }
    const all = [...dev8, ...held8];
    const count = (c: string, positive: boolean) =>
      all.filter((s) => s.categories?.[0] === c && s.labels.length > 0 === positive).length;
    expect(count('secret', true)).toBeGreaterThanOrEqual(40);
    expect(count('pii', true)).toBeGreaterThanOrEqual(40);
    expect(count('secret', false) + count('pii', false)).toBeGreaterThanOrEqual(40);
  });

  // Round 9 (issue 18): secrets only, from two scanners' test fixtures.
  it('round 9 names its source and labels every sample for secrets only', () => {
    const all = [...dev9, ...held9];
    for (const s of all) {
      expect(s.source, s.id).toMatch(/\S/);
      expect(s.categories, s.id).toEqual(['secret']);
    }
    expect(all.flatMap((s) => s.labels).length).toBeGreaterThanOrEqual(40);
    expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(20);
  });

  // Round 10 (issue 18): secrets only again, from gitleaks' rule tests and whispers' fixtures.
  it('round 10 names its source and labels every sample for secrets only', () => {
    const all = [...dev10, ...held10];
    for (const s of all) {
      expect(s.source, s.id).toMatch(/\S/);
      expect(s.categories, s.id).toEqual(['secret']);
      expect(
        s.labels.every((l) => l.startsWith('secret.')),
        s.id,
      ).toBe(true);
    }
    expect(all.flatMap((s) => s.labels).length).toBeGreaterThanOrEqual(60);
    expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(30);
  });

  // Rounds 11-18 (issue 18): secrets only, each from several scanners' test data (11: trivy,
  // kingfisher, semgrep-rules and three smaller scanners; 12: sonar-text's rule examples,
  // checkov, deepsecrets, wrongsecrets; 13: kics, sarif-pattern-matcher, pre-commit-hooks,
  // GitGuardian's sample_secrets, repo-supervisor, earlybird, gosec, Bearer, CodeQL and
  // others; 14: horusec, GitHub's secret-scanning-custom-patterns, CredSweeper, brakeman,
  // bandit and others; 15: leaky-repo, Juice Shop, ReviewBot's scanner tests, Datadog's scrubber
  // tests and other vulnerable apps; 16: HashiCorp's Vault, Consul and Nomad docs, libssh's test
  // keys and single files; 17: many vendors' API docs and key-parsing libraries' fixtures; 18:
  // signing libraries', cloud SDKs' and Argo CD's fixtures, SonarSource analysers' cases and
  // redactum's placeholder cases; 19: the test suites of products that mask, redact, sign with
  // or load credentials: Envoy, Kong, curl, sops, Datadog's tracers, CI runners' maskers); at
  // least three repositories give labels and none more than half (rounds 17-19: a third).
  // Round 19 was built smaller (50 labels, 42 negatives), as its brief allowed, then extended
  // with vendor SDKs' and database drivers' test suites to 64 labels and 66 negatives. Round 20:
  // organisations' fixtures, SDK samples and key-format test vectors (NATS, payment SDKs, Bitcoin
  // and Nostr vectors, Azure and Bitwarden SDKs), eight repositories at least, a quarter at most
  // each, and private keys plus JWTs (which the rules always found) a fifth of the labels at most.
  it.each([
    { round: 11, all: [...dev11, ...held11] },
    { round: 12, all: [...dev12, ...held12] },
    { round: 13, all: [...dev13, ...held13] },
    { round: 14, all: [...dev14, ...held14] },
    { round: 15, all: [...dev15, ...held15] },
    { round: 16, all: [...dev16, ...held16] },
    { round: 17, all: [...dev17, ...held17] },
    { round: 18, all: [...dev18, ...held18] },
    { round: 19, all: [...dev19, ...held19], labels: 64, negatives: 66, repos: 5 },
    // Round 20 was built with PEM keys and JWTs at a fifth of its labels at most (6 of 62);
    // its raw private keys (nkey seeds, WIF, xprv, nsec), built as generic keys, are private
    // keys since the convention was settled after its scoring, so the cap no longer reads.
    { round: 20, all: [...dev20, ...held20], labels: 60, repos: 8, share: 4 },
  ])(
    'round $round names its source, labels secrets only and takes no more than half from one repository',
    ({
      round,
      all,
      labels: minLabels = 80,
      negatives = 40,
      repos = 3,
      share = round >= 17 ? 3 : 2,
    }) => {
      for (const s of all) {
        expect(s.source, s.id).toMatch(/\S/);
        expect(s.categories, s.id).toEqual(['secret']);
        expect(
          s.labels.every((l) => l.startsWith('secret.')),
          s.id,
        ).toBe(true);
      }
      const labels = all.flatMap((s) => s.labels.map(() => repo(s)));
      expect(labels.length).toBeGreaterThanOrEqual(minLabels);
      expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(negatives);
      expect(new Set(labels).size).toBeGreaterThanOrEqual(repos);
      const perRepo = new Map<string, number>();
      for (const r of labels) perRepo.set(r, (perRepo.get(r) ?? 0) + 1);
      // Rounds 17-19 were built so that no product family dominates: a third at most (round
      // 20: a quarter).
      for (const [name, n] of perRepo) expect(n, name).toBeLessThanOrEqual(labels.length / share);
    },
  );

  // Rounds 15 and 16 (issue 18) draw on repositories no scanner round used, by name: the
  // scanners whose test suites made rounds 9-14, secretlint (the project's rules come from it)
  // and shhgit (SecretScanner's ancestor), forks and repackagings included; round 16 also takes
  // none of round 15's applications and benchmarks, round 17 none of round 16's sources,
  // round 18 none of round 17's, round 19 none of round 18's, and round 20 none of round 19's.
  const usedScanners =
    /trufflehog|noseyparker|ripsecrets|detect-secrets|presidio|scrubadub|libpostal|hatecheck|gitleaks|whispers|ggshield|kingfisher|semgrep|trivy|talisman|git-secrets|credential-digger|sonar-text|checkov|deepsecrets|wrongsecrets|kics|sarif-pattern-matcher|pre-commit-hooks|sample_secrets|repo-supervisor|earlybird|gosec|bearer|eslint-plugin-no-secrets|codeql|tartufo|secret-scanning-custom-patterns|horusec|credsweeper|brakeman|bandit|njsscan|find-sec-bugs|secretscanner|shhgit|secretlint|2ms/i;
  const usedRound15 =
    /leaky-repo|juice-shop|reviewbot|datadog-agent|webgoat|vaulttest_vault|rusty-hog|crapi|secdevlabs|railsgoat|terragoat|nodegoat/i;
  const usedRound16 =
    /hashicorp\/|windterm|libssh|chrome-ssh-agent|zap-extensions|npm\/redact|code-along-dan-vega-jwt|rustauth|exercism\/cli|ybiquitous\/runners|gpt-app-poc/i;
  const usedRound17 =
    /pyjwt|node-jsonwebtoken|getsentry\/relay|supabase\/supabase|elastic\/elasticsearch|kubernetes\/website|pypi\/warehouse|slacksecrets|gitlabhq|docs\.konghq\.com|google-auth-library-python|auth0\/java-jwt|npm\/cli|explodinglabs|discord-api-docs|twitch-js|github\/docs|mastodon\/documentation|praw|python-gitlab|shell-plugins|ruby-jwt|go-gitea|neondatabase|paramiko|aws\/aws-cli|tiangolo\/fastapi|pallets\/flask|cloudflare-docs|rocketchat/i;
  const usedRound18 =
    /golang\/crypto|keats\/jsonwebtoken|golang-jwt\/jwt|jwt-dotnet\/jwt|python-jose|php-jwt|lcobucci\/jwt|jjwt|json-jwt|authlib|google-auth-library|argo-cd|symfony\/demo|sonarsource\/|mobsf|redactum/i;
  const usedRound19 =
    /envoyproxy\/envoy|kong\/kong|curl\/curl|getsops\/sops|vectordotdev\/vector|datadog\/dd-trace|getsentry\/sentry-(python|cli)|buildkite\/agent|opentelemetry-collector-contrib|microsoft\/(security-utilities|devskim)|mitmproxy\/mitmproxy|oauth2-proxy|azure\/azure-sdk-(tools|for-python)|docker\/cli|cloudflare\/cloudflare-typescript|twilio\/twilio-node|jackc\/pgx|dj-database-url|octokit\/auth-token|pusher\/pusher-http-go|grafana\/grafana|auth0\/auth0-python|credentials-binding-plugin|actions\/runner|huggingface\/huggingface_hub|stripe\/stripe-(cli|android)|go-sql-driver\/mysql/i;
  it.each([
    { round: 15, all: () => [...dev15, ...held15], used: [usedScanners] },
    { round: 16, all: () => [...dev16, ...held16], used: [usedScanners, usedRound15] },
    {
      round: 17,
      all: () => [...dev17, ...held17],
      used: [usedScanners, usedRound15, usedRound16],
    },
    {
      round: 18,
      all: () => [...dev18, ...held18],
      used: [usedScanners, usedRound15, usedRound16, usedRound17],
    },
    {
      round: 19,
      all: () => [...dev19, ...held19],
      used: [usedScanners, usedRound15, usedRound16, usedRound17, usedRound18],
    },
    {
      round: 20,
      all: () => [...dev20, ...held20],
      used: [usedScanners, usedRound15, usedRound16, usedRound17, usedRound18, usedRound19],
    },
  ])(
    'round $round takes no repository of a scanner an earlier round or the rules came from',
    ({ all, used }) => {
      const hits = all().filter((s) => used.some((u) => u.test(repo(s))));
      expect(hits.map((s) => s.id)).toEqual([]);
    },
  );

  it('has at least 60 positives and 60 negatives in round 6', () => {
    const all = [...dev6, ...held6];
    expect(all.filter((s) => s.labels.length > 0).length).toBeGreaterThanOrEqual(60);
    expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(60);
  });

  it('has at least 80 positives, 60 negatives and 40 tool results in round 5', () => {
    const all = [...dev5, ...held5];
    expect(all.filter((s) => s.labels.length > 0).length).toBeGreaterThanOrEqual(80);
    expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(60);
    expect(all.filter((s) => s.field === 'tool_result').length).toBeGreaterThanOrEqual(40);
  });

  it('has at least 50 positives and 40 negatives in round 4', () => {
    const all = [...dev4, ...held4];
    expect(all.filter((s) => s.labels.length > 0).length).toBeGreaterThanOrEqual(50);
    expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(40);
  });

  it('has at least 80 positives and 60 negatives in round 3', () => {
    const all = [...dev3, ...held3];
    expect(all.filter((s) => s.labels.length > 0).length).toBeGreaterThanOrEqual(80);
    expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(60);
  });

  it('has at least 150 positives and 100 negatives in round 1, 120 and 80 in round 2', () => {
    const all = [...tune, ...tune2];
    expect(all.filter((s) => s.labels.length > 0).length).toBeGreaterThanOrEqual(150);
    expect(all.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(100);
    expect(held.filter((s) => s.labels.length > 0).length).toBeGreaterThanOrEqual(120);
    expect(held.filter((s) => s.labels.length === 0).length).toBeGreaterThanOrEqual(80);
  });
});
