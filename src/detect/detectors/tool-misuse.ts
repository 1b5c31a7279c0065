import { isIP } from 'node:net';
import {
  before,
  patternDetector,
  type Detector,
  type PatternRule,
  type ScanContext,
} from '../rule.js';

/**
 * What an agent asks its tools to do: destroy data, read credential stores, send data to
 * hosts nobody approved, or run code fetched from the network. Full score in tool
 * arguments and completions; scored down in prompts and tool results, where the command
 * is usually quoted (documentation, a README) rather than executed.
 */

const QUOTED_FIELDS = new Set(['prompt', 'tool_result']);
const QUOTED_FACTOR = 0.7;

type Rule = Omit<PatternRule, 'category' | 'type'>;

function rule(subtype: string, r: Rule): Detector {
  const refine = r.refine;
  return patternDetector({
    ...r,
    type: `tool_misuse.${subtype}`,
    category: 'tool_misuse',
    refine(m, ctx, c) {
      const score = refine ? refine(m, ctx, c) : c.score;
      if (score === null) return null;
      return QUOTED_FIELDS.has(ctx.field) ? score * QUOTED_FACTOR : score;
    },
  });
}

const RM_TARGET =
  '(?:\\/\\*?|~\\/?\\*?|\\$HOME\\/?\\*?|\\*|\\.\\/\\*|\\/(?:etc|usr|var|home|boot|bin|lib|lib64|opt|root|srv|sys|dev)\\/?\\*?)';

const removeAll = rule('destructive_shell', {
  id: 'tool_misuse.destructive_shell:rm',
  severity: 'critical',
  regex: new RegExp(
    `\\brm\\s+(?:-{1,2}[\\w-]{1,20}\\s+){1,4}${RM_TARGET}(?:\\s+--no-preserve-root)?(?=[\\s;&|"'\`)]|$)`,
    'g',
  ),
  score: 0.9,
  triggers: [['rm']],
  refine: (m) =>
    /^rm\s/.test(m[0]) && !/\s-{1,2}(?:[a-zA-Z]*[rR]|recursive)/.test(m[0]) ? null : 0.9,
});

const wipeDisk = rule('destructive_shell', {
  id: 'tool_misuse.destructive_shell:disk',
  severity: 'critical',
  regex:
    /\bmkfs(?:\.\w+)?\s+\/dev\/|\bdd\s+[^|;&\n]{0,80}?\bof=\/dev\/(?:sd|hd|nvme|xvd|vd|disk|mmcblk)|>\s*\/dev\/(?:sd|nvme)[a-z0-9]+|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:|\bchmod\s+(?:-R\s+)?(?:0?777|a\+rwx)\s+\/(?=[\s"']|$)|\bRemove-Item\b[^\n;|]{0,60}-Recurse[^\n;|]{0,60}(?:[A-Za-z]:\\{1,2}(?=["'\s]|$)|\$env:USERPROFILE|~)|\bformat\s+[a-zA-Z]:(?=\s|$|")|\bfind\s+(?:\/|~|\$HOME)\s[^\n|;&]{0,80}?(?:-delete\b|-exec\s+rm\b)|\bdel\s+\/[sq]\s+\/[sq]\s+[a-zA-Z]:\\/g,
  score: 0.9,
  triggers: [['mkfs', 'dev', 'chmod', 'recurse', 'format', 'del', 'delete', 'exec', '~:(){']],
});

const dropData = rule('destructive_shell', {
  id: 'tool_misuse.destructive_shell:sql',
  severity: 'critical',
  regex:
    /\bDROP\s+(?:DATABASE|SCHEMA)\b|\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?!(?:tmp|temp|test|staging)_|IF\s)\w+|\bTRUNCATE\s+TABLE\s+\w+|\bDELETE\s+FROM\s+[\w."]+\s*(?:;|$|")/gi,
  score: 0.9,
  triggers: [
    ['drop', 'truncate', 'delete'],
    ['database', 'schema', 'table', 'from'],
  ],
  refine: (m) => (/^DROP\s+TABLE|^TRUNCATE/i.test(m[0]) ? 0.8 : 0.9),
});

const destroyInfra = rule('destructive_shell', {
  id: 'tool_misuse.destructive_shell:infra',
  severity: 'critical',
  regex:
    /\bgit\s+push\s+[^\n;&|"]{0,80}|\bterraform\s+destroy\b|\bkubectl\s+delete\s+(?:ns|namespaces?|--all|all)\b/g,
  score: 0.9,
  triggers: [
    ['push', 'destroy', 'delete'],
    ['git', 'terraform', 'kubectl'],
  ],
  refine(m) {
    if (!m[0].startsWith('git')) return 0.9;
    const force = /\s(?:--force|-f)\b/.test(m[0]);
    return force && /\b(?:main|master|prod|production|release)\b/.test(m[0]) ? 0.85 : null;
  },
});

const CREDENTIAL_PATHS =
  /(?:~|\$HOME|\/home\/[\w.-]+|\/Users\/[\w.-]+|\/root)?\/?\.aws\/credentials|(?:~|\$HOME|\/home\/[\w.-]+|\/Users\/[\w.-]+|\/root)\/\.ssh\/id_[\w-]+(?!\.pub)\b|\/etc\/(?:shadow|sudoers|gshadow)\b|\.git-credentials\b|(?:^|[\s"'/])\.(?:netrc|pgpass|npmrc|pypirc)\b|\.kube\/config\b|\.docker\/config\.json|\/proc\/(?:self|\d+)\/environ|\bLogin Data\b|\bsecurity\s+(?:find-generic-password|find-internet-password|dump-keychain)\b|\bgcloud\s+auth\s+print-(?:access|identity)-token\b|\baws\s+(?:secretsmanager\s+get-secret-value|ssm\s+get-parameters?\b[^\n]{0,60}--with-decryption)|\bmimikatz\b|\blsass(?:\.exe|\.dmp)?\b/g;

const credentialAccess = rule('credential_access', {
  id: 'tool_misuse.credential_access',
  severity: 'high',
  regex: CREDENTIAL_PATHS,
  score: 0.85,
  triggers: [
    ['credentials', 'ssh', 'shadow', 'sudoers', 'gshadow', 'netrc', 'pgpass', 'npmrc', 'pypirc', 'kube', 'docker', 'environ', 'login', 'generic', 'internet', 'keychain', 'gcloud', 'secretsmanager', 'ssm', 'mimikatz', 'lsass'],
  ],
  refine(_m, ctx, c) {
    if (/ssh-keygen|ssh-copy-id/.test(before(ctx.text, c.start, 80))) return null; // creating, not reading
    return 0.85;
  },
}); // prettier-ignore

const readDotenv = rule('credential_access', {
  id: 'tool_misuse.credential_access:dotenv',
  severity: 'high',
  regex: /\bcat\s+(?:[^\n|;&]{0,40}?[\s"'/])?\.env\b(?!\.example|\.sample)/g,
  score: 0.85,
  triggers: [['cat'], ['env']],
});

/** Services that accept anonymous uploads: the usual exfiltration drops. */
const DROP_HOSTS =
  /(?:^|\.)(?:webhook\.site|pastebin\.com|paste\.ee|hastebin\.com|transfer\.sh|file\.io|0x0\.st|termbin\.com|ix\.io|ngrok\.io|ngrok-free\.app|ngrok\.app|requestbin\.(?:com|net)|pipedream\.net|hookbin\.com|beeceptor\.com|burpcollaborator\.net|oastify\.com|interact\.sh|oast\.(?:fun|live|me|online|pro|site)|trycloudflare\.com|discord(?:app)?\.com)$/i;
const SENSITIVE_PAYLOAD =
  /@\/etc\/|@-|\.ssh\b|\.aws\b|\.env\b|\bpasswd\b|\bshadow\b|credentials|secrets?\b|\bdump\b|customers?|users?\.(?:csv|sql|json)|\bbackup\b|\benv\b|\bprintenv\b|base64|\btar\b/i;
const LOCAL_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|host\.docker\.internal|[\w-]+\.(?:local|internal|localhost))$/i;

function hostOf(s: string): string | undefined {
  return (
    /\bhttps?:\/\/([^/\s"':@]+)/i.exec(s)?.[1] ??
    /\b[\w.-]+@([\w.-]+):/.exec(s)?.[1] ??
    /\b(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,6}([\w.-]+)\s+\d/.exec(s)?.[1]
  );
}

function isPrivateIPv4(host: string): boolean {
  return /^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|127\.)/.test(host);
}

export function exfiltrationScore(command: string, ctx: ScanContext): number | null {
  const host = hostOf(command)?.toLowerCase();
  if (!host) return null;
  if (LOCAL_HOST.test(host) || isPrivateIPv4(host)) return null;
  for (const allowed of ctx.allowedHosts) {
    if (host === allowed || host.endsWith(`.${allowed}`)) return null;
  }
  if (DROP_HOSTS.test(host)) return 0.95;
  const sensitive = SENSITIVE_PAYLOAD.test(command);
  if (isIP(host) !== 0) return sensitive ? 0.9 : 0.8;
  return sensitive ? 0.85 : 0.55;
}

const exfiltration = rule('data_exfiltration', {
  id: 'tool_misuse.data_exfiltration',
  severity: 'critical',
  regex:
    /\bcurl\b[^\n;&]{0,300}?(?:\s-(?:d|F|T)\b|\s--data(?:-binary|-raw|-urlencode)?\b|\s--upload-file\b|\s--form\b|\s-X\s*(?:POST|PUT)\b)[^\n;&|]{0,300}|\bwget\b[^\n|;&]{0,200}--post-(?:file|data)[^\n|;&]{0,200}|\b(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,6}[\w.-]+\s+\d{2,5}\s*<\s*\S+|\|\s*(?:nc|ncat|netcat)\s+(?:-\w+\s+){0,6}[\w.-]+\s+\d{2,5}\b|\b(?:scp|rsync)\s+(?:-[\w-]+\s+){0,6}\S+\s+[\w.-]+@[\w.-]+:\S*|\bInvoke-(?:WebRequest|RestMethod)\b[^\n]{0,200}-Method\s+(?:Post|POST|Put|PUT)[^\n]{0,200}|"url"\s*:\s*"https?:\/\/[^"]{1,200}"[^}]{0,200}"method"\s*:\s*"(?:POST|PUT)"/g,
  score: 0.85,
  triggers: [['curl', 'wget', 'nc', 'ncat', 'netcat', 'scp', 'rsync', '=Invoke', 'method']],
  refine(m, ctx, c) {
    // Include what is piped into the upload: "env | curl -d @- ...".
    const line = ctx.text.lastIndexOf('\n', c.start) + 1;
    const lead = ctx.text.slice(Math.max(line, c.start - 120), c.start);
    return exfiltrationScore(lead + m[0], ctx);
  },
});

const remoteCode = rule('remote_code_execution', {
  id: 'tool_misuse.remote_code_execution',
  severity: 'high',
  regex:
    /\b(?:curl|wget)\b[^\n|;]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b|\bbash\s+<\(\s*(?:curl|wget)\b|\b(?:ba|z)?sh\s+-c\s+\\?["']?\$\(\s*(?:curl|wget)\b|\biex\s*\(|\bInvoke-Expression\b|\.DownloadString\(/gi,
  score: 0.85,
  triggers: [
    ['curl', 'wget', 'iex', 'invoke', 'downloadstring'],
    ['sh', 'bash', 'zsh', 'ksh', 'dash', 'iex', 'invoke', 'downloadstring'],
  ],
});

export const TOOL_MISUSE_DETECTORS: readonly Detector[] = [
  removeAll,
  wipeDisk,
  dropData,
  destroyInfra,
  credentialAccess,
  readDotenv,
  exfiltration,
  remoteCode,
];
