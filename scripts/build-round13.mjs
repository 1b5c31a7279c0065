#!/usr/bin/env node
// Round 13 of the external sets (src/detect/README.md, "Round 13"): secrets only, from
// repositories no earlier round used: the passwords-and-secrets query tests of Checkmarx kics
// (Terraform, CloudFormation, Kubernetes, Ansible, Dockerfile, JSON), the test inputs of
// Microsoft's sarif-pattern-matcher (its secret rules, the predecessor of
// microsoft/security-utilities), pre-commit-hooks' secret test resources (an AWS config, an
// Azure credential list, a dotenv file), GitGuardian's sample_secrets demo repository,
// auth0 repo-supervisor's fixtures, American Express earlybird's rule examples and tests,
// gosec's G101 samples, Bearer's rule tests (bearer-rules and bearer), eslint-plugin-no-secrets'
// tests, CodeQL's hard-coded-credential tests and one tartufo fixture. Every text below is
// copied from its source (named per sample), cut to the lines around the value. A text whose
// secret value already appears in an earlier round is left out (pre-commit-hooks' Azure Data
// Factory key and sarif-pattern-matcher's PKCS1 RSA key, whose PKCS8 and OpenSSH forms are
// the same key, are in earlier rounds' sets). Labels follow the corpus
// rules, not the scanners' (as round 12): an obvious placeholder (runs such as `deadbeef`,
// `1111...`, `a1b2c3d4...`, `xxxx`, `XXXX`, keyboard runs typed twice such as `aSaDsEaSaDsE`,
// `<password>`, `{your_password}`, `password1`, `my_pw_1`), a famous example value (AWS's
// `...EXAMPLE` keys, jwt.io's `John Doe` token, the Azure storage emulator key, `Aladdin:open
// sesame`, `P@ssw0rd` and its variants, `AllYourBase`), a variable reference, a template, a
// type expression or a setting name is a negative; a real-looking credential is a positive
// even where the scanner's test expects no finding (an expired Azure DevOps PAT), and a
// default or word credential the scanner counts as a secret (`root`, `abcdefg`, `postgres`,
// `artemis`, `oops`, `secretHardcodedString`, `TrueFinding7842!`, `autumn2019`,
// `sup3rstr0ngpass1ForGG`, `hgfedcba`, `b@d0@u7H70K3n`) is left out rather than argued either
// way, as is a keyboard mash the round cannot call either (`1d2d2dewerdcxeee34c323c...`,
// `sdsaljasbdasddsadsa`). A vendor token takes its vendor's type where the project has one
// (Slack, GitHub, GitLab, SendGrid, Mailgun, npm, Google API keys `secret.gcp_api_key`, AWS key
// pairs, JWTs, private keys including a PuTTY key file), else `secret.generic_api_key`
// (Microsoft Teams webhooks, Twilio, Square, Dropbox, Google OAuth client secrets, Azure DevOps
// PATs, HockeyApp, Supabase keys); a value under a password name is
// `secret.password`; a URL with a password is `secret.connection_string`.
// The split is the corpus rule: the first byte of the SHA-256 of the text, even to
// external13-dev.jsonl (tuned on), odd to heldout/external13-heldout.jsonl (scored once).
import { writeRound } from './round-split.mjs';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });

const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const GH = 'secret.github_token';
const GL = 'secret.gitlab_token';
const CONN = 'secret.connection_string';
const SLACK = 'secret.slack_token';
const SG = 'secret.sendgrid_key';
const MAILGUN = 'secret.mailgun_key';
const NPM = 'secret.npm_token';
const PK = 'secret.private_key';
const GCP = 'secret.gcp_api_key';
const JWT = 'secret.jwt';
const AWS_ID = 'secret.aws_access_key';
const AWS_KEY = 'secret.aws_secret_key';

// kics: the "Passwords And Secrets" query's test files (positive*.*), one value a sample.
// Most of its generic passwords are words (`root`, `abcdefg`, `postgres`, `artemis`): left
// out. Its runs and famous dummies are negatives.
const kics = (file, labels, text) =>
  add(`Checkmarx/kics assets/queries/common/passwords_and_secrets/test/${file}`, labels, text);
kics('positive6.dockerfile', [PW], 'FROM baseImage\n\n# positive1\nARG password=pass!1213Fs\n');
kics('positive12.json', [PW], '  "paths": {},\n  "password": "Masu121m2d12d1",\n  "servers": [\n');
kics(
  'positive14.tf',
  [AWS_ID, AWS_KEY],
  '  user_data = <<EOF\n#!/bin/bash\napt-get install -y awscli\nexport AWS_ACCESS_KEY_ID=AKIASXANV9XVIJ1YCIJ5\nexport AWS_SECRET_ACCESS_KEY=ZH6HDV/EolIbS2UTxbLplGpukOdaGmlq9MtAg1Xv\nEOF\n',
);
kics(
  'positive11.yaml',
  [GEN],
  '  - url: https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX  #2\n    description: My API Server 2\n  - url: https://team_name.webhook.office.com/webhookb2/7aa49aa6-7840-443d-806c-08ebe8f59966@c662313f-14fc-43a2-9a7a-d2e27f4f3478/IncomingWebhook/8592f62b50cf41b9b93ba0c0a00a0b88/eff4cd58-1bb8-4899-94de-795f656b4a18 #3\n    description: My API Server 3\n',
);
kics(
  'positive10.json',
  [],
  '        "TemplateURL": "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",\n        "Parameters": {\n',
);
kics(
  'positive25.dockerfile',
  [SG],
  '#7:\nARG sgApiK=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\n',
);
kics('positive25.dockerfile', [], '#3:\nARG picaticKey=sk_live_123as6789o1234567890123a123a5678\n');
kics(
  'positive29.tf',
  [MAILGUN],
  'provider "mailgun" {\n  api_key = "key-987ad62adwf1w2w2563adf2ef5323123"\n}\n',
);
kics(
  'positive30.tf',
  [],
  'provider "stripe" {\n  api_key = "rk_live_aSaDsEaSaDsEaSaDs29SaDsE"\n}\n',
);
kics(
  'positive31.yaml',
  [GEN],
  '- hosts: all\n  remote_user: root\n  vars:\n    twilio_api_key: SKa7CF7acdcaf92Be4CCC52F4a2923BBB3  #1 & #2\n',
);
kics(
  'positive32.yaml',
  [],
  '- hosts: all\n  remote_user: root\n  vars:\n    paypal_access_token: access_token$production$1s2d3f4g5h6j7k8k$1b2b3c4a3a1b2b3c4a3a1b2b3c4a3a1b\n',
);
kics(
  'positive34.yaml',
  [],
  '    env:\n    - name: Square_OAuth_Secret\n      value: "sq0csp-0p9h7g6f4s3s3s3-4a3ardgwa6ADRDJDDKUFYDYDYDY"  #1\n',
);
kics(
  'positive37.tf',
  [],
  '  environment {\n    variables = {\n      secret_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"\n    }\n  }\n',
);
kics(
  'positive39.tf',
  [GEN],
  'locals {\n  secrets = {\n    clientSecret = "C98D9F6O-1273-4E8A-B8D9-551F7F3OC41"\n  }\n}\n',
);
kics(
  'positive43.yaml',
  [],
  "    Properties:\n      AuthToken: '{{resolve:secretsmanager:/elasticache/replicationgroup/authtoken:SecretString:password}}'\n      CacheNodeType: cache.m5.large\n",
);
kics(
  'positive45.tf',
  [],
  '  master_auth {\n    username = ""\n    password = local.rds_postgres_is_primary ? var.rds_postgres_password : "null" # positive1\n',
);
kics(
  'positive47.tf',
  [GEN],
  '  options {\n    client_id = "53221331-2323wasdfa343rwhthfaf33feaf2fa7f.apps.googleusercontent.com"  #1\n    client_secret = "F-oS9Su%}<>[];#"                                                   #2\n',
);
kics(
  'positive13.tf',
  [PK],
  '\tbody      = <<EOT\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAaAAAABNlY2RzYS\n1zaGEyLW5pc3RwMjU2AAAACG5pc3RwMjU2AAAAQQTTD+Q+10oNWDzXxx9x2bOobcXAA4rd\njGaQoqJjcXRWR2TS1ioKvML1fI5KLP4kuF3TlyPTLgJxlfrJtYYEfGHwAAAA0FjbkWRY25\nFkAAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBNMP5D7XSg1YPNfH\nH3HZs6htxcADit2MZpCiomNxdFZHZNLWKgq8wvV8jkos/iS4XdOXI9MuAnGV+sm1hgR8Yf\nAAAAAgHI23o+KRbewZJJxFExEGwiOPwM7gonjATdzLP+YT/6sAAAA0cm9nZXJpb3AtbWFj\nYm9va0BSb2dlcmlvUC1NYWNCb29rcy1NYWNCb29rLVByby5sb2NhbAECAwQ=\n-----END OPENSSH PRIVATE KEY-----\nEOT\n',
);
kics(
  'positive21.tf',
  [GCP],
  '      {\n        "name": "GOOGLE_MAPS_API_KEY",\n        "value": "AIzaSyD4BPAvDHL4CiRcFORdoUCpqwVuVz1F9r8"\n      },\n',
);
kics(
  'positive36.tf',
  [PK],
  '\tbody      = <<EOF\n"PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nComment: rsa-key-20200108\nPublic-Lines: 6\nAAAAB3NzaC1yc2EAAAABJQAAAQEAqAqCgv1dG+bcrnuqj39WYgCCGT8lYNe31Ak1\nnIyZ38Nocz4YRQ6dRizmr4SSO7J1+py1aOLttCI50gZjtqXl2ZhItkihETdWW4Sw\n8WirLI1s8RdycWu4pwidUabiOEiOfP5Bh+1kwWXrC/BX0Fxjl0RNSKTTT4jJZLDy\nio5INi8NXmrTTc3rzy90uQrip3nVBSwuQtCJSAr8yrXSf5hJ9plKUt2iC5TCKXdS\n1nnF4DddNM5wjTX24NXsF1JFsI1qpXYoGSF7mHDzreNS70Vn75sOk3HwQ7MtZWyy\n+kR2ZewwtUaODj4xLNGawERjpwbOtdaJdHtmh0sP6MCdopd3RQ==\nPrivate-Lines: 14\nAAABAGz/5fQZ9zSxbIzamCW6YYutTXgo9aaZw1kauv3C/AbD8Ll0YsUCj4d3Eiyp\nBOhzwiYEyLK8tdyglDU0k7S+ou4B6fmykf1UU7D8H78vIux3aUJwEuHJVS4TbPax\ncCSCFzxR5VFACgDoKcKOD3JlcQgsTc5BZnjHbeByxtZqIQCMK5KGq+dHP/oYLWwr\nmtxU3GiMr/qiLUwh9C7Lgo+ZmsbYxxGUf4wx2W26sPsNW9AVZT7hGSW/KxpzufZW\nlcF5b+WOt1LtnJKKqj1HiSTxPFIED1iEpppo4+HW6ikiZcEsGNU0pPK8T4C/l045\n8Ff7cAzSuEoWdQ9zxHS6SM8ngK0AAACBANvnhGzvvVkpSdz2hRGGPVuZAXexIU7P\nR8E7Fdut3x5Slly1mwxcZ1lp/92ZSXStJyPjEerSj/1Hhs4qSDbLKiBpfA1CY2Jo\nFaePO7J8dxySMwurE8dMzoZjFNsmAkYLONuWY7yarmBzE5hvdcrOyljQmAih0YrC\nSZp2wzDpxmd9AAAAgQDDn6wdWYK6rwBRu8KXuDmloFHR70qJ+LmNx3uNiaxdBsoQ\nDNL7tws5i6JPD3u4/O89O3bUSx9B0IdfO+89Wx1oZL4VjDpyeRrbAC6tBIUOXvcV\n6pGoHi2dBiyEKi0o0OSu1jGofVgrfev5DYqbpe4pJs76CxyR99mmk148eXQpaQAA\nAIEAld+qxTyO3unJrAg8JOnFLoLZ7wk0lyN0UyzuRp7c6HYPqrrdOWktGAVHPXVP\nolYDB4PYZoNtjJgLvZhVIFtUEVk5y6swaRA6jde+363UXZZEKS5ZIi7Acgownv4Z\n7nPANzK0ZdsZELEVR9kSB/Z690LV2IKovh9bAbmhveEcMLQ=\nPrivate-MAC: 8d9cbf92b0e8f23309a9ebea525aae27d4fdbbdd"\nEOF\n',
);
kics(
  'positive5.tf',
  [GEN],
  'resource "google_secret_manager_secret_version" "secret-version-basic2" {\n  secret = "3gzcGokilvtw2HmCLuPx" # positive1\n\n  secret_data = "secret-data"\n}\n',
);
kics(
  'positive7.tf',
  [PW],
  '  master_auth {\n    username = ""\n    password = "pwd_jsuwauJk212"  # positive1\n',
);
kics(
  'positive54.tf',
  [],
  '    admin_username                   = optional(string)\n    admin_password                   = "optional(sensitive(string))"  # positive1\n',
);
kics('positive49.yml', [], 'variables:\n  GIT_PRIVATE_KEY: "heythisisaprivatekey!"\n');
kics(
  'positive17.tf',
  [],
  '  administrator_login          = "ariel"\n  administrator_login_password = "Aa12345678" # positive1\n',
);
kics(
  'positive52.dockerfile',
  [],
  'RUN apk add --no-cache git \\\n    && git config \\\n    --global \\\n    url."https://${GIT_USER}:${GIT_TOKEN}@github.com".insteadOf \\\n    "https://github.com"\n',
);
kics(
  'positive38.yaml',
  [],
  "          MasterUserPassword: !Sub '{{resolve:secretsmanager:${MyAmpAppSecretManagerRotater}::password}}' #2\n          Port: 27017\n",
);
kics(
  'positive53.json',
  [],
  "              \"value\": \"[concat('Database=', variables('databaseName'), ';Data Source=', reference(resourceId('Microsoft.DBforMySQL/servers', variables('serverName'))).fullyQualifiedDomainName, ';User Id=', parameters('administratorLogin'), '@', variables('serverName'), ';Password=HardCodedP@ssw0rd!')]\",\n              \"type\": \"MySql\"\n",
);

// repo-supervisor: its integration fixtures (random keys in JS, YAML, JSON and a bare text
// file, a JWT) and its filter fixtures (URLs with empty credentials, key names, regexes).
const rs = (file, labels, text) => add(`auth0/repo-supervisor test/fixtures/${file}`, labels, text);
const RSB = 'integration/dir.with.secrets/foo/bar.js';
rs(RSB, [GEN], "const FOO_BAR_SECRET_LOOKS_LIKE_KEY_ID = 'zJd-55qmsY6LD53CRTqnCr_g-';\n");
rs(RSB, [GEN], "module.exports = {\n  getSecret: () => 'gm5yb-hJWRoS7ZJTi_YUj_tbU',\n");
rs(RSB, [GEN], "  secrets: {\n    KEY_IDENTIFIER: 'GxC56B6x67anequGYNPsW_-TL',\n");
rs(
  RSB,
  [GEN],
  "    'MLTk-BuGS8s6Tx9iK5zaL8a_W': '2g877BA_TsE-WoPoWrjHah9ta',\n    foobar: FOO_BAR_SECRET_LOOKS_LIKE_KEY_ID,\n    test: 'hello-world'\n",
);
rs(
  'integration/dir.with.secrets/foo/foo.yaml',
  [GEN],
  '      command: [ "sh", "-c", export, API_KEY=iaCELgL.0imfnc4mVLWwsAawjYr4Rx-Bf50DDptlz]\n',
);
rs(
  'integration/dir.with.secrets/foo/foo.yaml',
  [PW],
  '      env:\n        - name: USER\n          value: "test_user"\n        - name: PASSWORD\n          value: "c0NhbGVpbzEyMw==83bnd2!adfiu3"\n',
);
rs(
  'integration/dir.with.secrets/foo/foo.json',
  [GEN],
  '{\n  "FOO_BAR": "q28Wt3nAmLt_3NGpqi2qz-jQ7",\n  "FOO": "no-secret",\n',
);
rs(
  'integration/dir.with.secrets/foo/foo.yml',
  [PW],
  '        - name: DB_USER\n          value: "test-user"\n        - name: DB_PASSWORD\n          value: "LE73!jd8DNo$%Mn!kSN"\n',
);
rs(
  'integration/awslambda.json',
  [JWT],
  '{\n  "JWT": "eyJhbGciOiJIUzI1NiJ9.eyJyZXBvIjoiZm9vYmFyIiwib3duZXIiOiJqb2huZG9lIiwicHVsbFJlcXVlc3RJZCI6MTIzLCJwdWxsUmVxdWVzdFNIQSI6IjQwYmQwMDE1NjMwODVmYzM1MTY1MzI5ZWExZmY1YzVlY2JkYmJlZWYifQ.cPyylVrP065_gmPY3uQWs8ZNhZPeHMHPvj5pnsAF8Og",\n',
);
rs(
  'integration/dir.with.secrets.not.supported.format/foo/bar/hello.txt',
  [GEN],
  'KTvV_kAq6_SSFReHhdRz-WciZ\n2-Yh4unNQr-zv3ogt6s-tA_qK\nHq6ZnRJxHiStoHLNu_jzsb4-u\n',
);
rs(
  'fixtures.json',
  [GEN],
  '    "Q79y9P9ZM7TDxWkdh_PQg8-r_oe4_Z_TVSncvti-PD_t4-uMff",\n    "zxaxnw56JkZHJw9aEmo3S56a_8eaD55M-Wn3PidhZgmA6VY3Hd",\n    "efMq_pczgWkZTSzrMAaQezoBA-9Yi8qSTS82zaMjnYhwaoi2RX"    \n',
);
const RSF = 'unit/src/filters/entropy.meter/pre.filters';
rs(
  `${RSF}/authentication.urls.json`,
  [],
  '  "urlsWithEmptyAuthParams": [\n    "http://:@www.google.com/",\n    "https://:@www.google.com/",\n    "ftp://:@localhost:21/",\n',
);
rs(
  `${RSF}/object.keys.identifiers.json`,
  [],
  '{\n  "objectKeys": [\n    "FOO_BAR_SECRET",\n    "AMAZON_ACCESS_KEY",\n    "SLACK_ACCESS_KEY"\n  ],\n',
);
rs(
  `${RSF}/regex.json`,
  [],
  '  "commonRegexPattern": [\n    "[a-z]+",\n    "[0-9]{1,2}",\n    "^test-[a-z]+$",\n    "[a-z0-9_-]",\n    "[0-9A-Fa-f]",\n    "[a-fA-F0-9]"\n  ],\n',
);

// Bearer's rule tests (bearer-rules: Java and PHP hard-coded secrets; bearer: its gitleaks
// detector's and e2e test data). `oops` and `secretHardcodedString` are left out.
const br = (file, labels, text) => add(`Bearer/bearer-rules tests/${file}`, labels, text);
const BRJ = 'java/lang/hardcoded_secret/testdata/main.java';
br(
  BRJ,
  [PW],
  '  // bearer:expected java_lang_hardcoded_secret\n  final String pass2 = "f#a};!y~7VBcu<&F@[%,{b";\n',
);
br(
  BRJ,
  [PW],
  '  // bearer:expected java_lang_hardcoded_secret\n  private static final String PWD = "hV#;N.F9j}\'v5Y-XJc])P*";\n',
);
br(
  BRJ,
  [GEN],
  '  // bearer:expected java_lang_hardcoded_secret\n  public static final String API_KEY = ".uYikE-os3cM23rz.i6Q";\n',
);
br(
  BRJ,
  [],
  '  public void good() throws Exception {\n    // test-like data\n    char[] apiKey = "my-secret-key";\n    final String API_KEY = "Enter API";\n    final String pwd = "testing";\n',
);
br(
  BRJ,
  [],
  '  // ok\n  private static final byte[] PUBLIC_KEY = new byte[] { 1, 2, 3, 4, 5, 6, 7 };\n',
);
br(
  'php/lang/hardcoded_secret/testdata/ok.php',
  [],
  '<?php\n\n$password = $ok;\n\nconst API_KEY = $ok;\n\nfoo([ "secret" => $ok, "other" => 42]);\n\n$name = "SECRET_PASSWORD";\ndefine($name, $ok);\ndefine($name, "**");\ndefine($name, "•••••");\n',
);
const bb = (file, labels, text) => add(`Bearer/bearer ${file}`, labels, text);
bb('pkg/detectors/gitleaks/testdata/aws.js', [AWS_ID], 'const test = "AKIASWPMONFAAAFHB223";\n');
bb(
  'pkg/detectors/gitleaks/testdata/docs/example.md',
  [],
  'export CI_REPOSITORY_URL="https://gitlab-ci-token:[masked]@example.com/gitlab-org/gitlab.git"',
);
bb(
  'e2e/rules/testdata/data/rust_hardcoded_secret/secret.rs',
  [],
  'const API_KEY: &str = "sk-1234567890abcdef";\n\nfn main() {\n    let password = "mysecretpassword123";\n    let token = "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";\n',
);
bb(
  'e2e/rules/testdata/data/secrets/leaked.rb',
  [],
  "class User\n  def private_key\n    @private_key ||= '-----BEGIN PGP PRIVATE KEY BLOCK-----asdf-----END PGP PRIVATE KEY BLOCK-----'\n  end\nend",
);

// earlybird: its rules' `Example:` lines (a Slack token, an npm token, a Google API key, an
// entropy example; and its dummies), its JWT tests and its false-positive tests.
const eb = (file, labels, text) => add(`americanexpress/earlybird ${file}`, labels, text);
const EBR = 'config/rules/password-secret.yaml';
eb(
  EBR,
  [SLACK],
  '    Example: xoxs-0260321744-0287945347-015035651542-oxtp6n0z7yibj63vndve9gsej96k5k4s\n',
);
eb(
  EBR,
  [NPM],
  '    Example: "//registry.npmjs.org/:_authToken=77a13b56-f6c9-0294-57b0-b635f6260064"\n',
);
eb(EBR, [GCP], '    Example: AIzaSyQ4kHseoBZiO7anxQJ2IzlfzfMLjNU5ma_\n');
eb(
  EBR,
  [GEN],
  '    Example: "\'b6SxM4UwRm1dBqTG4zIVU6rcBy1QhnfQKmSZOnmR6fS7ZvuCxf1C1uQFNI9CVWzH\'"\n',
);
eb(
  EBR,
  [],
  "    Example: 'AWS Secret Access Key [None]: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKFE'\n",
);
eb(EBR, [], "    Example: 'Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=='\n");
eb(EBR, [], '    Example: mysql://joeblow:mypassword@foo.bar.baz/\n');
eb(EBR, [], "    Example: 'heroku: ''A0AAA0AA-aAaa-AAAA-aaAA-Aa00AaAA0a0A'''\n");
eb(
  EBR,
  [],
  "    Example: 'facebook: ''a00000aa0aaa0aa0a00aa00a00000aaa0a000a0a0aaa0a0a0a00aa00a000aaa0'''\n",
);
eb(EBR, [], "    Example: auth_token='xxx123xxx345xxx678'\n");
eb(EBR, [], '    Example: "<password>foobar</password>"\n');
const EBJ = 'pkg/postprocess/jwt_test.go';
eb(
  EBJ,
  [JWT],
  '\t\t\t"Valid JWT token, as it does not contain expiration claim",\n\t\t\t"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoiQW1lcmljYW4gRXhwcmVzcyIsImFkbWluIjp0cnVlLCJpYXQiOjE1MTYyMzkwMjJ9.JieTvCL1z9dCSAoFAtYWkHEKswbfEQGXCVcej2g7n80",\n\t\t\ttrue,\n',
);
eb(
  EBJ,
  [JWT],
  '\t\t\t"Valid JWT token, as it does contain expiration claim, and the expiration time is in the future",\n\t\t\t"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJleHAiOjMxNTU4NjkxNzkzMDAwLCJuYW1lIjoiQW1lcmljYW4gRXhwcmVzcyIsImFkbWluIjp0cnVlLCJpYXQiOjE1MTYyMzkwMjJ9.wOSLG3VTKg7A2KoKu9WsuIiKIpl__PDWStw1CkmeOPs",\n\t\t\ttrue,\n',
);
eb(
  EBJ,
  [],
  '\t\t\t"Ignore finding for Encrypted JWE token",\n\t\t\t"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",\n',
);
eb(
  'pkg/postprocess/basicAuthHeader_test.go',
  [],
  '\t\t\t"Valid Basic Auth Header",\n\t\t\t"Authorization: Basic dXNlbmFtZTpwYXNzd29yZA==",\n',
);
const EBF = 'pkg/scan/falsePositives_test.go';
eb(EBF, [], '\t\t\t\tLineValue: `password: MONGO_DB_PASSWORD`,\n');
eb(EBF, [], '\t\t\t\tLineValue: `\t\tval DBpassword = appConfig.getString("db.jdbc.pwd")`,\n');
eb(EBF, [], '\t\t\t\tLineValue: `\t\tString password = context.decrypt("%%MONGO_DB_PWD%%");`,\n');
eb(EBF, [], '\t\t\t\tLineValue: `authKey: GITHUB_AUTH_KEY`,\n');
eb(EBF, [], '\t\t\t\tLineValue: `credentials = file(var.credPath)`,\n');
eb(
  EBF,
  [],
  '\t\t\t\tLineValue: `"connectionString": "CloudConnector;USE_ZORBA2;SourceName=eloqua;tokenType=userPassword;user=@user;password=@password"`,\n',
);
eb(EBF, [], '\t\t\t\tLineValue: `client_secret: grafana-client-secret`,\n');
eb(EBF, [], '\t\t\t\tMatchValue: "    account_token: PropTypes.string.isRequired,",\n');
eb(EBF, [], "\t\t\t\tLineValue: `client_secret_key : 'e2.api.client.secret.key'`,\n");
eb(EBF, [], '\t\t\t\tLineValue: `\tconst val AUTHORIZATION_TOKEN = "Authorization Token",`,\n');

// gosec: its G101 samples (Go programs; the same 40-hex password is written in ten ways, one
// kept), and the samples it must not report.
const gs = (labels, text) => add('securego/gosec testutils/g101_samples.go', labels, text);
gs(
  [PW],
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tusername := "admin"\n\tpassword := "f62e5bcda4fae4f82370da0c6f20697b8f8447ef"\n\tfmt.Println("Doing something with: ", username, password)\n}\n',
);
gs(
  [PW],
  'package main\n\nimport "fmt"\n\nconst (\n\tpw = "KjasdlkjapoIKLlka98098sdf012U/rL2sLdBqOHQUlt5Z6kCgKGDyCFA=="\n)\n\nfunc main() {\n\tfmt.Println(pw)\n}\n',
);
gs(
  [GEN],
  'package main\n\nimport "fmt"\n\nvar (\n\tapiKey string\n)\n\nfunc main() {\n\tapiKey = "KjasdlkjapoIKLlka98098sdf012U"\n\tfmt.Println(apiKey)\n}\n',
);
gs(
  [GEN],
  'package main\n\nimport "fmt"\n\nconst (\n\tbearer = "Bearer: 2lkjdfoiuwer092834kjdwf09"\n)\n\nfunc main() {\n\tfmt.Println(bearer)\n}\n',
);
gs(
  [GH],
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tgithubToken := "ghp_iR54dhCYg9Tfmoywi9xLmmKZrrnAw438BYh3"\n\tfmt.Println(githubToken)\n}\n',
);
gs(
  [GCP],
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tcompareGoogleAPI := "test"\n\tif compareGoogleAPI == "AIzajtGS_aJGkoiAmSbXzu9I-1eytAi9Lrlh-vT" {\n\t\tfmt.Println(compareGoogleAPI)\n\t}\n}\t\n',
);
gs(
  [],
  '// Entropy check should not report this error by default\npackage main\n\nimport "fmt"\n\nfunc main() {\n\tusername := "admin"\n\tpassword := "secret"\n\tfmt.Println("Doing something with: ", username, password)\n}\n',
);
gs(
  [],
  'package main\n\nimport "fmt"\n\nfunc main() {\n\ttxnID := "3637cfcc1eec55a50f78a7c435914583ccbc75a21dec9a0e94dfa077647146d7"\n\tfmt.Println(txnID)\n}\n',
);
gs(
  [],
  'package main\n\nimport "fmt"\n\nconst (\n\tConfigLearnerTokenAuth string = "learner_auth_token_config" // #nosec G101\n)\n',
);
gs(
  [],
  'package main\n\nimport "fmt"\n\nfunc main() {\n\turl := "https://username:abcdef0123456789abcdef0123456789abcdef01@contoso.com/"\n\tfmt.Println(url)\n}\n',
);
gs(
  [],
  'package main\n\nimport "fmt"\n\nfunc main() {\n\tawsAccessKeyID := "AKIAI44QH8DHBEXAMPLE"\n\tfmt.Println(awsAccessKeyID)\n}\n',
);
gs(
  [],
  '  databases:\n    db1:\n      url: "postgres://user:pass@host:5432/db1"\n    db2:\n      url: "postgres://user:pass@host:5432/db2"\n',
);

// eslint-plugin-no-secrets: its rule tests (a high-entropy constant; its valid cases). Its
// Twitter bearer token is Twitter's documentation example: left out.
const ns = (labels, text) =>
  add('nickdeis/eslint-plugin-no-secrets tests/lib/rules/no-secrets.ts', labels, text);
ns(
  [GEN],
  'const A_SECRET = "ZWVTjPQSdhwRgl204Hc51YCsritMIzn8B=/p9UyeX7xu6KkAGqfm3FJ+oObLDNEva";\n',
);
ns([], 'const NOT_A_SECRET = "I\'m not a secret, I think";\n');
ns([], 'const CSS_CLASSNAME = "hey-it-s-a-css-class-not-a-secret and-neither-this-one";\n');
ns(
  [],
  'const BASE64_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";\n',
);
ns([], "const NAMESPACE_CLASSNAME = 'Validation.JSONSchemaValidationUtilsImplFactory';\n");
ns([], '          const BASIC_AUTH_HEADER =  "Authorization: Basic QWxhZGRpbjpPcGVuU2VzYW1l"\n');
ns([], "const webpackFriendlyConsole = require('./config/webpack/webpackFriendlyConsole')\n");

// pre-commit-hooks: the resources of its AWS and dotenv secret hooks (AWS config sections,
// a dotenv file whose own header calls it dummy secrets: its random values are positives,
// its `a1b2c3d4...` runs negatives) and its Azure credential list (negatives only: runs, the
// storage emulator's key, `P@ssw0rd` variants, jwt.io's token; its one real-looking key, an
// Azure Data Factory key, is in an earlier round's set and left out).
const pc = (file, labels, text) =>
  add(`pre-commit/pre-commit-hooks testing/resources/${file}`, labels, text);
const PCM = 'aws_config_with_multiple_sections.ini';
pc(
  PCM,
  [AWS_ID, AWS_KEY],
  '[default]\naws_access_key_id = AKIASLARTIBARTFAST11\naws_secret_access_key = 7xebzorgm5143ouge9gvepxb2z70bsb2rtrh099e\n',
);
pc(
  'with_secrets.txt',
  [AWS_ID, AWS_KEY],
  "#file with a secret key, you'll notice it is a section of sample_aws_credentials\n\n[production]\naws_access_key_id = AKIAVOGONSVOGONS0042\naws_secret_access_key = z2rpgs5uit782eapz5l1z0y2lurtsyyk6hcfozlb\n",
);
pc(
  PCM,
  [AWS_ID, AWS_KEY],
  '[staging]\naws_access_key_id = AKIAJIMMINYCRICKET0A\naws_secret_access_key = ixswosj8gz3wuik405jl9k3vdajsnxfhnpui38ez\n[test]\naws_session_token = foo\n',
);
const ENV = 'test.env';
pc(
  ENV,
  [PW],
  '# Supabase\nSUPABASE_PROJECT_ID=979090c33e5da06f67921e70\nSUPABASE_PASSWORD=1bbad0861dbca0bad3bd58ac90fd87e1cfd13ebbbeaed730868a11fa38bf6a65\n',
);
pc(
  ENV,
  [],
  'SUPABASE_URL=https://${SUPABASE_PROJECT_ID}.supabase.co\nDATABASE_URL=postgresql://postgres.${SUPABASE_PROJECT_ID}:${SUPABASE_PASSWORD}@aws-0-us-west-1.pooler.supabase.com:5432/postgres\n',
);
pc(
  ENV,
  [GEN],
  'SUPABASE_SERVICE_KEY=f37f35e070475d4003ea0973cc15ef8bd9956fd140c80d247a187f8e5b0d69d70a9555decd28ea405051bf31d1d1f949dba277f058ba7c0279359ccdeda0f0696ea803403b8ad76dbbf45c4220b45a44a66e643bf0ca575dffc69f22a57c7d6c693e4d55b5f02e8a0da192065a38b24cbed2234d005661beba6d58e3ef234e0f\n',
);
pc(
  ENV,
  [GEN],
  'SUPABASE_REGION=us-west-1\nSUPABASE_S3_ACCESS_KEY_ID=323157dcde28202bda94ff4db4be5266\nSUPABASE_S3_SECRET_ACCESS_KEY=d37c900e43e9dfb2c9998fa65aaeea703014504bbfebfddbcf286ee7197dc975\n',
);
pc(
  ENV,
  [GEN],
  'STORAGE_BUCKET=my-bucket\nSTORAGE_ACCESS_KEY=FEvMws2HMGW96oBMx6Cg98pP8k3h4eki\nSTORAGE_SECRET_KEY=shq7peEUeYkdzuUDohoK6qx9Zpjvjq6Zz2coUDvyQARM3qk9QryKZmQqRmz4szzM\nSTORAGE_REGION=us-west-1\n',
);
pc(
  ENV,
  [GH],
  '# Authentication\nACCESS_TOKEN_SECRET=ghp_c9d4307ceb82d06b522c1a5e37a8b5d0BMwJpgMT\n',
);
pc(
  ENV,
  [GEN],
  'REFRESH_TOKEN_SECRET=09cb1b7920aea0d2b63ae3264e27595225ca7132f92f4cc5eff6dc066957118d\nJWT_ALGORITHM=HS256\n',
);
pc(
  ENV,
  [GEN],
  '# Chrome Browser\nCHROME_TOKEN=ac126eb015837628b05ff2f0f568ff46\nCHROME_PROXY_HOST=chrome\n',
);
pc(
  ENV,
  [],
  '# Test Configuration (for e2e)\nTEST_HOST=${BASE_HOSTNAME}\nTEST_TIMEOUT=35\nTEST_EMAIL=test@example.com\nTEST_PASSWORD=changeme\n',
);
pc(
  ENV,
  [],
  '# AI\nOPENAI_API_KEY = "sk-proj-a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0"\nCOHERE_API_KEY = "a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0"\n',
);
pc(
  ENV,
  [],
  'ANTHROPIC_API_KEY = "sk-ant-a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6"\n',
);
pc(
  ENV,
  [],
  'GEMINI_API_KEY = "AIzaSyA1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r"\nVERTEXAI_API_KEY = "a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0"\nREPLICATE_API_KEY = "r8_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9"\n',
);
const AZ = 'azure_credentials.txt';
pc(
  AZ,
  [],
  '# Azure Storage Credentials - 86 char\nDefaultEndpointsProtocol=https;AccountName=mystorageaccount;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==\n',
);
pc(
  AZ,
  [],
  '# Azure Storage Credentials - 43 char\nStorageKey=YXphMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3BxcnM=x\n',
);
pc(
  AZ,
  [],
  '# Azure Blob SAS URL\nblob_url = https://myaccount.blob.core.windows.net/mycontainer/myblob.txt?sv=2020-08-04&ss=bfqt&srt=sco&sp=rwdlacupitfx&se=2025-12-31T23:59:59Z&st=2025-01-01T00:00:00Z&spr=https&sig=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789%2B%2F%3D\n',
);
pc(
  AZ,
  [],
  "# Connection string with password\nconnectionstring='Server=myserver.database.windows.net;Database=mydb;User Id=admin;password=MyP@ssw0rd123;'\n",
);
pc(
  AZ,
  [],
  "# Machine Key Configuration\n<machineKey decryptionKey='F0D1A2B3C4E5F6071829ABCDEF0123456789ABCD' validationKey='0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF' />\n",
);
pc(
  AZ,
  [],
  '# JWT Token (CSCAN0250)\ntoken=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c\n',
);
pc(
  AZ,
  [],
  '# PEM Private Key (CSCAN0060)\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1234567890abcdefghijklmnopqrstuvwxyz\n-----END RSA PRIVATE KEY-----\n',
);
pc(
  AZ,
  [],
  '# Git Credentials (CSCAN0210)\nhttps://username:password123@github.com/repo/project.git\n',
);
pc(
  AZ,
  [],
  '# Default Known Passwords (CSCAN0140)\npassword = "P@ssw0rd1"\nadmin_password = "admin123"\n',
);
pc(
  AZ,
  [],
  '# NetworkCredential with domain\nvar cred = NetworkCredential(username, password, redmond);\n',
);

// GitGuardian's sample_secrets: the demo repository its scanner is shown on (a GitLab token,
// an AWS pair, a MongoDB URL, API keys, passwords in YAML and an LDAP config, an RSA key).
// `sup3rstr0ngpass1ForGG` and `OhYeahThisIS1SecrEtPas` are word credentials: left out.
const gg = (file, labels, text) => add(`GitGuardian/sample_secrets ${file}`, labels, text);
gg('.env', [GL], 'GITLAB_TOKEN=glpat-KFutB42iUfP_Morgh7ye\nPASSWORD=password\n');
gg(
  '.env',
  [GEN],
  'GENERIC_SECRET=09f45eb5bBA9D0FAcb309bc4fd6bb7aCd36f9ccF4EfAeBADB6EA552f6AEbbB238B5730B\nPASSWORD1=hunter2',
);
gg(
  'bucket_s3.py',
  [AWS_ID, AWS_KEY],
  'def aws_upload(data: Dict):\n    database = aws_lib.connect("AKIAF6BAFJKR45SAWSZ5", "hjshnk5ex5u34565AWS654/JKGjhz545d89sjkja")\n    database.push(data)\n',
);
gg(
  'bucket_s3.py',
  [CONN],
  'MONGO_URI = "mongodb+srv://testuser:hub24aoeu@gg-is-awesome-gg273.mongodb.net/test?retryWrites=true&w=majority"\n',
);
gg(
  'internal_api.py',
  [GEN],
  '# Pull data from internal unknown api\n\nGGENTROPY_API_KEY="mrglelo5lzhh3neLn_-kgsl4876L8U2Z3Y"\nGGENTROPY_URL = "https://failapi.gistguard.com/api/v8/get_entropy"\n',
);
gg(
  'internal_api.py',
  [GEN],
  'GGFILTER_TOKEN="ezkjlhzjKELN15546456QQEF456SZ456Z4Frezhnze"\nGGFILTER_URL="my_url_is_broke.com/api/v1"\n',
);
gg(
  'emails/gg_creds.yaml',
  [PW],
  '- user: mdob\n  first_name: Michel\n  last_name: Marcel\n  email: m.m@gipguardians.com\n  password: J6T4ww+##14m\n',
);
gg(
  'emails/define_ldap',
  [PW],
  'ldap_server = ldaps://company.beta.com:389\nldap_bind_dn = cn=somedev,ou=company,dc=beta,dc=com\nldap_pwd = "k%udk423u4%P8=H_"\n',
);
gg(
  'shared_key.rsa',
  [PK],
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEpQIBAAKCAQEA0pj32LapDxsvsOdgVWzkZMdp/k7R+KJhuXLUxFTuRQFlBDcc\nmIPbkKzcJZO8pTXlRrqa4TiOLmdSM1AAW4cIX6xNYjO6V6Xx7wsXntg2YlYlN59e\nlbaj08VY59XRwTDNqBnINUVGdJKy2qxe/NUf0+vtp9Fbms4aKYyoP6G6zVUtVjLi\nvZzG8+3zEJlHJzTu5TTurqYLxPSIJCSxCFWuqcmiO7wFr/IdtzbygmI3D4dlCP51\nazZ4PnXYVXBb6TeB0FYEC7kAlSMFbKVRkuRAyrLQbxJWJNQOMFRO4XRyaCEbZKtO\n5ig6zt8An8ncfcNLgYAsvLOgpByq+kU/Ny98CwIDAQABAoIBAQDDQokqKdH965sA\nTscG7Xul5S7lV3dfLE+nfky/7G8vE+fxTJf64ObG8T78qEoUdDAsr//CKonJhIq2\ngMqUElM1QbBOCOARPA9hL8uqv5VM/8pqFB3CeiDTzPptmdZtZS6JWb5DhgOZOhsS\nnRdFHOXxu6ISIw7oLYgcVgn5VZ65mTzN6yB7pKsYkbm0NcJcmLnfuGbpQEP3WmC9\nX4wO7galKdHXuSxRdcJxCag2k0W7S4UAbp1tPmRAeDdOXqbGL7hu14rUZYtkiuRP\n546GDvOv+meHpDJve1hZ20CH2kRVq4DC64prPNfRJ1exSd94vlhokWL6SzTXItwm\nL8TUnHeBAoGMAPTi6WqbVcL9Uy2qJA8fJg7oN4yQ/goOh+mlW3Fsdig0VsQjxWWI\nftb/tDv6UyHw50Ms66gT+h4dWepFVFDPb38HAhoU/RvmNCHWd33Nmhd1qf2jOQiR\nQ9q2qJ0gFgLFlrbJNTOkaFni2UdJ7ySS937C2rdOm5GTOaCODl6M4UjRAoGBANwn\nsFdT/HeY2lx84+jMxrzVOeNUpelye9G+VYk5poIMBSXX4Qm0V4EhmBOA4dEGwfhR\nyW/p1TG0uzvOu2igUVx2YcaxUZMLBSny++awUcnAbIoN175vqS0zhGKfKgsK1ak3\n/8P32zMm1vsz3ZR/+tzgcayWmOE8O1Cfw+Zks24bAoGBAIekjKAVTIrGIOWhYXnS\nyhTlwaclxOEzLUtY4W7RIh2g6BKascNMuN1EI8Q5IwUg2ChYYGvoLNmzblOadVqR\nm/OjoSFrUMu8VlIL5oITeW/XKAKq/3Nka05hcMIfvLFG57V1e/eP8JEhWzLmnAUJ\nNvfK3LU+Y68hRkFNjl4G8N6RAoGBAJMmA/uaqzjU9b6zyzGjDYLRkiucPHjYiGIc\nsddSrTRnDFnK/SMbYxFwftEqZ8Tqm2N6ZwViaZkbj7nd5+16mmcOyTOg+UErMHxl\naHE8kK4k62cq8XTb9Vu8/1NbxyIyT7UXNOCrHdwGrc5JGmVTVT2k1tXgoraJJ6wv\n3SR1UmjZAoGARV26w6VMQKV0Y4ntnSIoGYWO9/15gSe2H3De+IPs4LyOP714Isi+\n2JcO4QPvgRfd5I5FY6FTi7T0Gz2/DXHggv9DXM9Q2yXMhV+3tkTuNFeDwBw7qRGy\nmCwOcAwHJ6GtCNvBDlpot6SauHEKKpzQobtq7giIEU3aSYR2unNg4wA=\n-----END RSA PRIVATE KEY-----\n',
);

// CodeQL's hard-coded credential tests (Python, JavaScript, Go): one long random password
// its query skips as a format string, and the values it must leave. `AllYourBase` is the
// jwt-go documentation key (a famous example).
const cq = (file, labels, text) => add(`github/codeql ${file}`, labels, text);
const CQP = 'python/ql/test/query-tests/Security/CWE-798-HardcodedCredentials/test.py';
cq(
  CQP,
  [PW],
  "# TODO: we think this is a format string :\\\ntest(password='''U]E8FPETCS_]{,y>bgyzh^$yC5>SP{E*2=`;3]G~k&+;khy3}4]jdpu;D(aP$SCFA{;hh4n46pUJ%+$nEP_gqNq#X!2$%*C-6y6%''')\n",
);
cq(
  CQP,
  [],
  "# Ignored\ntest(password='short')\ntest(password='Capitalized')\ntest(password='  whitespace') # too much whitespace\ntest(password='insecure__') # too many underscores\ntest(password='aaaaaaaaaa') # too repetitive\ntest(password='format_string_{}')\n",
);
const CQJ = 'javascript/ql/test/query-tests/Security/CWE-798/HardcodedCredentials.js';
cq(
  CQJ,
  [],
  '(function() {\n    require("http").request({auth: "user:{{ INSERT_HERE }}"});\n    require("http").request({auth: "user:token {{ INSERT_HERE }}"});\n    require("http").request({auth: "user:( INSERT_HERE )"});\n    require("http").request({auth: "user:{{ env.access_token }}"});\n',
);
cq(
  CQJ,
  [],
  "(function () {\n    require('crypto').createHmac('sha256', 'mytoken');\n    require('crypto').createHmac('sha256', 'SampleToken');\n    require('crypto').createHmac('sha256', 'MyPassword');\n",
);
cq(
  'go/ql/test/query-tests/Security/CWE-798/HardcodedKeysBad.go',
  [],
  '\tmySigningKey := []byte("AllYourBase")\n',
);

// sarif-pattern-matcher: its secret rules' test inputs (Slack, GitHub, npm, Twilio, Square,
// Dropbox, Google OAuth, an expired Azure DevOps PAT, HockeyApp, PEM keys in several
// formats), and its many `deadbeef`/`1111`/`doodle`/`<password>` dummies.
const spm = (file, labels, text) =>
  add(
    `microsoft/sarif-pattern-matcher Src/Plugins/Tests.Security/TestData/SecurePlaintextSecrets/Inputs/${file}`,
    labels,
    text,
  );
spm(
  'SEC101_005.SlackTokens.py',
  [SLACK],
  'xoxb-83112120353-1016171244646-sGMxuWapBw3w3qdK6OfTjORe\n',
);
spm('SEC101_005.SlackTokens.py', [], 'dead-83112120353-1016171244646-sGMxuWapBw3w3qdK6OfTjORf');
spm(
  'SEC101_006.GitHubPat.ps1',
  [GH],
  '# Xml style\n<GithubToken>\n\tff34885a8624460a855540c6592698d2f1812843\n</GithubToken>\n',
);
spm(
  'SEC101_006.GitHubPat.ps1',
  [],
  '# Link style\n# This should trigger, but it should report as NoMatch\nhttps://github.com/microsoft/sarif-pattern-matcher/commit/4196919fb12cc4aa8ec0159a746c1e03b4ffa89c\nhttps://avatars0.githubusercontent.com/u/16199012?u=4196919fb12cc4aa8ec0159a746c1e03b4ffa89c&v=4\n',
);
spm('SEC101_017.NpmAuthorToken.ps1', [NPM], 'npm: "338a0fd3-7378-4ce1-8432-bbfc0f6777ca"\n');
spm(
  'SEC101_017.NpmAuthorToken.ps1',
  [],
  'npm_0dead12Test345DeadTest6789testtest01\n\n"npm_0dead12Test345DeadTest6789testtest02"',
);
spm(
  'SEC101_018.TwilioCredentials.ps1',
  [GEN],
  'var twilioId = "AC11111111111111111111111111111111";\nvar twilioKey = "c9117d87046fc24205e4240e6bc9963a";\n',
);
spm(
  'SEC101_010.SquarePat.ps1',
  [GEN],
  '# Code style\nvar square = "EAAAEBpgJyJZkHNhmvmIzc2jPU4fnuYzw3LmTy-ch0fhmFnmLt_faEIS_5i81671";\n',
);
spm(
  'SEC101_021.DropboxAppCredentials.ps1',
  [GEN],
  'dropboxKey: g09uoc368gvgt7h\ndropboxSecret: sf05okpc1xd6b18',
);
spm(
  'SEC101_002.GoogleOAuthCredentials.ps1',
  [GEN],
  'var id = "111111111111-orc0qcgp8ls5nkshbjs9p2erbkrffup8.apps.googleusercontent.com";\nvar key = "BsEiZJw3cl60wEToh-Fgctid";\n',
);
spm(
  'SEC101_102.AdoPat.txt',
  [GEN],
  '// This is a valid but expired AzureDevOps PAT\nh5lxeqkz4zujkyvzg5emkejgelxj4x64tvyzclprekuloawbbz5q\n',
);
spm(
  'SEC101_030.HockeyAppToken.txt',
  [GEN],
  'var myHockeyAppToken = "AE3BEF6FF96ADF600F4F21823AB58368"\n',
);
spm(
  'SEC101_030.HockeyAppToken.txt',
  [],
  '// This one should *not* fire.\nThe best minor league hockey arenas\t4f4601b0-9467-4fba-bb57-606ea29998af\tAE3BEF6FF96ADF600F4F21823AB58368AD2ADF4F\t0\n',
);
const PEM = 'SEC101_013.PemEncodedPrivateKey.txt';
spm(
  PEM,
  [PK],
  '// EC\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIODzxjCf0NkBLVYX7sVilLtblWwtkZpWC3YoB/col3F9oAoGCCqGSM49\nAwEHoUQDQgAE5DL9kQY/fOr3OHf5MTDwt6o8XNvjxHA0safM0cDkRu3/Tl1o/SU4\n0TjYueDVtss8HArsJ2swDMplZp0pPdF5Vw==\n-----END EC PRIVATE KEY-----\n',
);
spm(
  PEM,
  [PK],
  '// DSA\n-----BEGIN DSA PRIVATE KEY-----\nMIIBugIBAAKBgQC6G4LJmIfw64RrEwHAg4Rlv9r8MlwuqdGlra+RRIERkG1ONbBK\ns2IhsLIPM3uLTycNmUVFApo8Df2jPYjPFo8M2/uINgl1yhcFTUjcexOCaT58Be7W\npce6wkhmmzG9c2UCsrgriGhLMZ8fsPXvsltKDc5YSYMZoOEcSdf7VBntkwIVAIUE\nIfkWBofyvuQ5ihcQgR5AoT7dAoGAUUwcYwDLmgYiqxg2GPXKZIkitvJ6GJwb/FML\n5O939c/gv4GPB/OdtByN1rl7erf41BdmMnPcaKYcojjrNCHiRltXsamQDmsqRf8f\nwJmRNoqYpwa6ow3CKnKBe5NzfAkIAScoHo9ZCCDu6U4+XZ5w1RVEFu93bHzBSvFw\nNKgjTJcCgYA6jhLHdmlv+0dl07oGpXjW9w1NfIQhkOhX+AnBSuSZn9NxRhqNC0tC\nIFIsWbNPYeHmU0a6qYxfoFqvZof2TYoKVN9ZwLk9WlHWm54xOTKrg9P8NkstPjGK\nthZzWonZHN8bIsi3TwLcds0KWVpzXY0frZTq3Z59E9U8C7OngTArggIUQZlmZMQ6\nxM2zXXMukObXNJ6g2Yg=\n-----END DSA PRIVATE KEY-----\n',
);
spm(
  PEM,
  [PK],
  '// ED25519\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACAcTZ1MXxofTe02fos2CvtcGv+htQMl0NbHpBHD8WVhOAAAAKBjs+7OY7Pu\nzgAAAAtzc2gtZWQyNTUxOQAAACAcTZ1MXxofTe02fos2CvtcGv+htQMl0NbHpBHD8WVhOA\nAAAEAP2dyJR6Q61DzjJgiw4JvCXPNvWLW8aO/MYnJvuq3KERxNnUxfGh9N7TZ+izYK+1wa\n/6G1AyXQ1sekEcPxZWE4AAAAHHJlZG1vbmRcbWlrZWZhbkBtaWtlZmFuLWRldjIB\n-----END OPENSSH PRIVATE KEY-----\n',
);
spm(
  PEM,
  [PK],
  '// ECDSA\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIAyTKsj3kY5lVne0CuSgZnL7GTmpTvtBzkfp6eDmQliToAoGCCqGSM49\nAwEHoUQDQgAEqvQivyLG18SM5Sh5B3NVn9yfqgL/n6pIVBVd0gqwrdQgD3ZhtE/N\n+NPInP9ir9ggxWZBB/wOclcn4F33b42PdQ==\n-----END EC PRIVATE KEY-----\n',
);
spm(
  PEM,
  [PK],
  '// PGP\n-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: BCPG C# v1.6.1.0\n\nlQOsBGAxg+QBCACQ6wwSGeOuecSd7zvTcoJH6SNtu7Qg6KHUvDu+2HhajtpkFit1\n65d+tUxSOOYhKq+9okn4pBvY8rlEu+n+dNED8Q0UVCdCYM4iuXWpFM3uCRVfpePT\n4NvUp8BVOAyGa7Sjtb+F/37S4ydzdAR21wMomFtOfp+TGvfRsmcYKk8ECY7SUogC\nh+BGgRHHA5rEETeA0wGbGULwoewA9x3OfXl+FIJByjKGbJy/esKlO+v0buaUwMVO\ntSNuR9zcHQDvGSRcEbccYYjFtJumWJ0XgQm6dL626LQ7XGC1ohzMr5Q0s0fblEoE\nyChMDxzCoz3IC9UhowwHWeXbBlArQeIjm567ABEBAAH/AwMC/2JdFpwX9ZlggKx6\nhS1kcCFmlCztGlIUqZsqQMoPxKOseJVCfa8DfVUmOiAooH8V5yI7zZ4gCCzUdT0T\nfUvj4+N2Xx+NvaH0klT03oIYOo/YjxYhf82zWojlBsNe9PO3ffstQBjCUY3SXAyw\nwIt7DsxvMbyEUqF6qHPUKkznp2k5s67WoNf7bOZjQ201oktR8tyLPZv4CgHeuxnv\nkT7RYdBi9i7OTeYMChvOhRM0pBUioBi7aKDkt+BXMRbbNeyqZo3B5ZVu1BLQTPX/\nHo9np+9zUnwVGMSxKGhBrITfDdzKVTFzvUsjOA1vaTu9QaxztpyLfZlXNOeNZ1Rp\nEzfpHk4HnhVHPf08rjOsoMLIBn2vwSJSVCawoX0ZUVroz4YMIMCT6wYrCOA/dZpX\nRY/dwrUfh1/sbtZeT+x0kNcHvjjm5nQ42hx8uc7kVnzqXGw+DKZBvN1kNJH+qbkF\nBk1FpeqmfLKxhteZv2knkr9OS5FjfRYj1IYH50mvHUXtTx6E2zU8EE7ZT2DFaujS\nl3lD+yRdO5m7eJkf7gApS06O8K+zZCFyYflpovuc6kEZMSyV6/ufgpNfDprzeP3T\nvQY2XCShifSJYdfyuUmGyMhUt5hnkmK7jwB7miJYthU0MonlXYmDHRGr0iemrTpe\nJKgK+XXxpvZBc2muI9xDQ3vDf6V2NhP761ztyOpcwz3B9m17ERwSWI7SIKo/Hx/F\ncfaJ+xk6EoG0cdb0qeeB6w5YUCDqi2y0TBG0/+od6v9PlPOiuFR+x6pBdVgzGuj/\n6OhaFQSvmtRQknEdM/u67V/+ZRy8qmcFXSfaPfwKxHqyD5rBkRIxJH8h+Dd8xJh7\ncMRWjYupEHsmtFzlEcqH8wYxw6/Xkc44ojqznUI1H7QAiQEcBBABAgAGBQJgMYPk\nAAoJENmYLXAmikwSbgQH/07Ln+J/Un+V0uuwB1lOo44QOAI91JtU2LLGctDExHcK\nj8kk3RvQF7SX0Br0ONwZiq6hjQAUbtBl3exjyEXZ6QAL3dIccE3C1Rtd6SAvdVRd\n6NrDvf032kjUBqg0vyDT0tocsonMDedwz+gDWMwFvoJqeG4hWGphn1gYCxw628Es\nXmc+3sGp4QgKk/Jr2Cuqqimcz6/5PBTUEaMQ34fT7RIOAcifqfzYdvmxrP8nUE5f\nVMtwcjQxSi8kywOvkvdCGwWIHOFjtzIEYIjGnQMBFaR4MFIKOpd4KHyNkYD3ew7A\nlVB5iGvhYEn6YSU8xUVHNgwaZx4mgxnbU10D16QIJLc=\n=ya8A\n-----END PGP PRIVATE KEY BLOCK-----',
);
spm(
  'SEC101_015.GoogleGCMServiceAccount.ps1',
  [],
  '# Obviously this regex needs some work because it currently doesn\'t actually catch anything sensitive\n"type" : "service_account"\n\ntype : service_account',
);
spm('SEC101_003.GoogleApiKey.txt', [], 'AIza0deadbeef00deadbeef00deadbeef00dead');
spm(
  'SEC101_012.SlackWebhook.txt',
  [],
  'https://hooks.slack.com/services/T01JYS3KLKU/B0123456789/deedbeefdeaffeeddeadbeef\n',
);
spm(
  'SEC101_016.StripeApiKey.txt',
  [],
  '\nsk_live_0deadbeef0deadbeef0deadb\n\nsk_live_0deadbeef0deadbeef0deadbeef0deadbe\n',
);
spm(
  'SEC101_026.MailgunApiCredentials.ps1',
  [],
  '# JSON style\n{\n\t"MailgunDomain": "domain2.mailgun.org",\n\t"MailgunApiCredentials": "0deadbeef00deadbeef00deadbeef000"\n}\n',
);
spm(
  'SEC101_044.ShopifyAccessToken.ps1',
  [],
  'shpat_11111111110123456789012345678901\n\n"shpca_22222222220123456789012345678901"\n\n>shppa_33333333330123456789012345678901<',
);
spm(
  'SEC101_045.PostmanApiKey.ps1',
  [],
  'PMAK-dead0000dead11113c1e4064-92f00edbc2d214a356c39a3dd537ad1921',
);
spm(
  'SEC101_050.MongoDbConnectionString.ps1',
  [],
  'mongodb://dbuser1:<password>@database.com:10250/database?ssl=true\n',
);
spm('SEC101_041.RabbitMqConnectionString.ps1', [], 'amqp://user:password@host/database1\n');
spm(
  'SEC101_001.HttpAuthorizationRequestHeader.ps1',
  [],
  "# cURL\ncurl --location --request GET 'https://example.com' \\\n--header 'Authorization: Basic SomeAuthorizationKey0123456=' \\",
);
spm(
  'SEC101_008.AwsCredentials.ps1',
  [],
  '# Code style\nvar myAWSAccessKeyId = "AKIAIOSFODNN7EXAMPLE";\nvar myAWSSecretAccessKey = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";',
);
spm(
  'SEC101_046.SqlConnectionString.ps1',
  [],
  '<appSettings>\n  <add key="ConnectionString" value="Data Source=servername8;Initial Catalog=database8;User ID=username8;Password=password8;" />\n',
);
spm(
  'SEC101_036.MySqlCredentials.ps1',
  [],
  '# ODBC - Unimplemented\nDRIVER={MARIADB ODBC 3.0 Driver}; Server="{your_host}"; Port=3306; Database={your_database}; Uid="{username@servername}"; Pwd={your_password}; sslca={ca-cert filename}; sslverify=1;\n',
);
spm(
  'SEC101_048.PSCredential.ps1',
  [],
  ' # Implemented in PSCredentialObjectInitializer\n something = new PSCredential()\n {\n\tUserName = "username3",\n\tPassword = "doodle_BLOB3",\n }\n',
);
spm(
  'SEC101_014.FacebookAccessToken.ps1',
  [],
  '"EAACEdEose0cBAtestjunk111111"\n\n>EAACEdEose0cBAtestjunk22222222<',
);
spm(
  'SEC101_055.Cmdkey.ps1',
  [],
  'cmdkey /add:<ServerName> /user:<testuser5> /pass:<5555>\n\n$cmdkeyResults = & cmdkey /generic:$ssPath /user:testuser6 /pass:$6666666',
);
spm(
  'SEC101_015.AkamaiCredentials.ps1',
  [],
  '    "base_url": "https://akaa-baseurl-xxxxxxxxxxx-xxxxxxxxxxxxx.luna.akamaiapis.net/",\n    "client_token": "akab-client-token-xxx-xxxxxxxxxxxxxxxx",\n    "access_token": "akab-access-token-xxx-xxxxxxxxxxxxxxxx",\n    "client_secret": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx=",\n',
);
spm(
  'SEC101_035.CloudantCredentials.ps1',
  [],
  '  # 64 character alphanumeric password\n  https://username2:password89012345678901234567890123456789012345678901234567890123@host22.cloudant.com\n',
);

// tartufo: its folder-scan fixture (one base64 key among plain lines).
add(
  'godaddy/tartufo tests/data/scan_folder/test.txt',
  [GEN],
  'not matched\nKQ0I97OBuPlGB9yPRxoSxnX52zE=\nanother not matched\n',
);

const out = writeRound(13, samples);
const pos = samples.filter((s) => s.labels.length > 0);
const labels = pos.reduce((n, s) => n + s.labels.length, 0);
const count = (list) => {
  const p = list.filter((s) => s.labels.length > 0).length;
  const l = list.reduce((n, s) => n + s.labels.length, 0);
  return `${list.length} (${p} positive with ${l} labels, ${list.length - p} negative)`;
};
console.log(
  `${samples.length} samples: dev ${count(out.dev)}, held out ${count(out.held)}; ` +
    `${pos.length} positive (${labels} labels), ${samples.length - pos.length} negative`,
);
const perRepo = {};
for (const s of samples) {
  const r = (perRepo[s.source.split(' ')[0]] ??= { labels: 0, positive: 0, negative: 0 });
  r[s.labels.length > 0 ? 'positive' : 'negative']++;
  r.labels += s.labels.length;
}
for (const [repo, c] of Object.entries(perRepo)) {
  console.log(`  ${repo}: ${c.labels} labels on ${c.positive} positive, ${c.negative} negative`);
}
