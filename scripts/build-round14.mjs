#!/usr/bin/env node
// Round 14 of the external sets (src/detect/README.md, "Round 14"): secrets only, from
// repositories no earlier round used: the leak rules' samples of ZupIT horusec (Docker
// Compose environments holding twenty vendors' keys, a PHP config, their `${SECRET_KEY}`
// safe twins) and the huskyCI deployment example horusec ships (PEM keys beside a
// certificate), the test files of GitHub's advanced-security/secret-scanning-custom-patterns
// (Okta, Temporal, BrowserStack, Flickr, Sentry, PlanetScale, Teams, Azure client secrets,
// ASP.NET machine keys, JWTs, RSA, OpenSSH and PGP keys, and its false-positive files),
// Samsung CredSweeper's test samples (Airtable, Cloudflare, Databricks, Doppler, Contentful,
// Docker, Alibaba, Atlassian, DigitalOcean, age keys, passwords on command lines and in
// prose), the Rails test apps of presidentbeef/brakeman (secret tokens, secret_key_base in
// secrets.yml, a master.key), PyCQA bandit's examples (hard-coded passwords, leaked vendor
// keys and the twins it ignores), nodejsscan's hard-coded-secret tests
// (ajinabraham/njsscan), one find-sec-bugs password sample and deepfence SecretScanner's key
// file. Every text below is copied from its source (named per sample), cut to the lines
// around the value. Long values were checked after typing wherever they carry a check: the
// RSA keys with `openssl rsa -check`, the OpenSSH key by converting it to PEM and checking it
// (its public half matches the repository's ssh_rsa.pub), the PGP block by its CRC-24, the
// certificate by its self-signature, the Atlassian and Cloudflare tokens by their CRC-32
// suffixes, the age key by its bech32 checksum, the JWTs by decoding header and payload;
// horusec's encrypted CA key was left out because its transcription cannot be checked
// without its passphrase. No positive value here appears in an earlier round's files
// (checked by grepping test/fixtures/detect/ for each value; the custom patterns' Grafana
// token and SendGrid key are in earlier rounds and were left out).
// Labels follow the corpus rules as round 13 does, not the scanners': an obvious
// placeholder (runs such as `0100000...`, `1234567890abcdef...`, `123456789abcdef...`,
// `aaaa...`, `AAAA...`, `00000000` checksums, `00000000-0000-...`, `01234567-89ab-cdef-...`,
// `...EXAMPLE...`, digit runs such as `1212` and `1234`), a famous example value (AWS's
// `...EXAMPLE` keys, jwt.io's `John Doe` token and its variants, the Kubernetes
// documentation's Secret, `correcthorsebatterystaple`, `Ch@ng3m3`), a variable reference, a
// template, a setting name, a public key or certificate, or ciphertext without its key
// (Rails' credentials.yml.enc) is a negative; a real-looking credential is a positive even
// where the scanner's test calls it a sample. A word or default credential the scanner
// counts (`secret`, `blerg`, `Admin`, `root`, `gorm`, `horusPassword`, `dbpass2`,
// `SQLSpringPassword`, `MySecureSecretPassword!`, `itisaSEKRIT`, `hardcodedsecret`,
// `secret!`, `sup3rs3cr37`, `h4rDc0de`, `hooooorst`, `DJango_Secret_Key1`, `webgoat`,
// CredSweeper's `CrackleGiReoGi123...` AWS pair and base64 `dG9rZW4g`) is left out rather
// than argued either way, as is a keyboard mash (`ajklawejrkl42348swfgkg`,
// `asdasdsadasdad`) and an OAuth client id (horusec's Facebook, Twitter, LinkedIn and
// Google client ids: identifiers, not secrets). Choices this round needed: a Picatic
// `sk_live_` key under a Picatic name is `secret.generic_api_key`, not Stripe's type; an age
// secret key (`AGE-SECRET-KEY-1...`) is `secret.private_key`; a Sentry DSN with its secret
// part and a BrowserStack hub URL with its key are `secret.connection_string` (a URL with a
// password), as is PlanetScale's `pwd=pscale_pw_...` in a connection string; OWASP juice-shop's
// login password for its `bjoern` account (base64 of his e-mail reversed, a real test
// account's password, not a stand-in) is `secret.password`; ASP.NET's
// `validationKey` and `decryptionKey`, Rails' secret tokens and `secret_key_base`, a bare
// master.key, a Teams webhook and an Alibaba key id and secret are
// `secret.generic_api_key`; Temporal's key, which the custom patterns' test file writes in
// eight syntaxes, is eight samples (one per syntax), and CredSweeper's `Prl23Db#@`, written
// in fifty, is four. A vendor token takes its vendor's type where the project has one (AWS
// key pairs, Slack webhooks, Google API keys `secret.gcp_api_key`, Mailchimp, Mailgun,
// SendGrid, Stripe, OpenAI, Databricks, Docker, JWTs, private keys including PGP and
// OpenSSH), else `secret.generic_api_key`; a value under a password name is
// `secret.password`; a URL or connection string with a password is
// `secret.connection_string`.
// The split is the corpus rule: the first byte of the SHA-256 of the text, even to
// external14-dev.jsonl (tuned on), odd to heldout/external14-heldout.jsonl (scored once).
import { writeRound } from './round-split.mjs';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });

const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const CONN = 'secret.connection_string';
const SLACK_HOOK = 'secret.slack_webhook';
const SG = 'secret.sendgrid_key';
const MAILGUN = 'secret.mailgun_key';
const MAILCHIMP = 'secret.mailchimp_key';
const STRIPE = 'secret.stripe_key';
const OPENAI = 'secret.openai_key';
const PK = 'secret.private_key';
const GCP = 'secret.gcp_api_key';
const JWT = 'secret.jwt';
const AWS_ID = 'secret.aws_access_key';
const AWS_KEY = 'secret.aws_secret_key';

// horusec: the leak rules' samples (internal/services/engines/leaks/samples.go), each a
// Docker Compose environment; its safe twins read `${SECRET_KEY}`.
const horusec = (labels, text) =>
  add('ZupIT/horusec internal/services/engines/leaks/samples.go', labels, text);
const compose = (env) =>
  `\nversion: '3'\nservices:\n  backend:\n    image: image/my-backend:latest\n    environment:\n${env}\n`;
horusec([AWS_ID], compose("\t    ACCESS_KEY: 'AKIAJSIE27KKMHXI3BJQ'"));
horusec([], compose('\t  ACCESS_KEY: ${SECRET_KEY}'));
horusec(
  [AWS_KEY],
  compose("      AWS_SECRET_KEY: 'doc5eRXFpsWllGC5yKJV/Ymm5KwF+IRZo95EudOm'") + '\t',
);
horusec(
  [],
  "\n\tversion: '3'\n\tservices:\n\t\tbackend:\n\t\t\timage: image/my-backend:latest\n\t\t\tenvironment:\n\t\t\tSECRET_KEY: ${SECRET_KEY}\n",
);
horusec([GEN], compose("      AWS_WMS_KEY: 'amzn.mws.986478f0-9775-eabc-2af4-e499a8496828'"));
horusec([], compose('      WMS_KEY: ${SECRET_KEY}'));
horusec([GEN], compose("      FB_SECRET_KEY: 'cb6f53505911332d30867f44a1c1b9b5'"));
horusec([], compose('\t  FB_SECRET_KEY: ${SECRET_KEY}'));
horusec([GEN], compose("      TWITTER_SECRET_KEY: 'ej64cqk9k8px9ae3e47ip89l7if58tqhpxi1r'"));
horusec([], compose('\t  TWITTER_SECRET_KEY: ${SECRET_KEY}'));
horusec([GEN], compose("      GITHUB_SECRET_KEY: 'edzvPbU3SYUc7pFc9le20lzIRErTOaxCABQ1'"));
horusec([GEN], compose("      LINKEDIN_SECRET_KEY: '0d16kcnjyfzmcmjp'"));
horusec(
  [SLACK_HOOK],
  compose(
    "      SLACK_WEBHOOK: 'https://hooks.slack.com/services/TNeqvYPeO/BncTJ74Hf/NlvFFKKAKPkd6h7FlQCz1Blu'",
  ),
);
horusec([], compose('\t  SLACK_WEBHOOK: ${SECRET_KEY}'));
horusec(
  [PK],
  compose(
    "      SSH_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDBj08sp5++4anGcmQxJjAkBgNVBAoTHVByb2dyZXNzIFNvZnR3YXJlIENvcnBvcmF0aW9uMSAwHgYDVQQDDBcqLmF3cy10ZXN0LnByb2dyZXNzLmNvbTCCASIwDQYJKoZIhvcNAQEBBQAD...bml6YXRpb252YWxzaGEyZzIuY3JsMIGgBggrBgEFBQcBAQSBkzCBkDBNBggrBgEFBQcwAoZBaHR0cDovL3NlY3VyZS5nbG9iYWxzaWduLmNvbS9jYWNlcnQvZ3Nvcmdhz3P668YfhUbKdRF6S42Cg6zn-----END PRIVATE KEY-----'",
  ),
);
horusec([GCP], compose("      GCP_API_KEY: 'AIzaMPZHYiu1RdzE1nG2SaVyOoz244TuacQIR6m'"));
horusec([], compose('\t  GCP_API_KEY: ${SECRET_KEY}'));
horusec([GEN], compose("      HEROKU_API_KEY: '3623f8e9-2d05-c9bb-2209082d6b5c'"));
horusec([MAILCHIMP], compose("      MAILCHIMP_API_KEY: 'f7e9c13c10d0b19c3bb003a9f635d488-us72'"));
horusec([], compose('\t  MAILCHIMP_API_KEY: ${SECRET_KEY}'));
horusec([MAILGUN], compose("      MAILGUN_API_KEY: 'key-xke9nbc2i5po5cjw3ngyxiz450zxpapu'"));
horusec(
  [GEN],
  compose(
    "      PAY_PAL_ACCESS_TOKEN: 'access_token$production$mk0sech2v7qqsol3$db651af2221c22b4ca2f0f583798135e'",
  ),
);
horusec([GEN], compose("      PICATIC_API_KEY: 'sk_live_voy1p9k7r9g9j8ezmif488nk2p8310nl'"));
horusec(
  [SG],
  compose("      SEND_GRID_API_KEY: 'SG.44b7kq3FurdH0bSHBGjPSWhE8vJ.1evu4Un0TXFIb1_6zW4YOdjTMeE'"),
);
horusec([STRIPE], compose("      STRIPE_API_KEY: 'rk_live_8qSZpoI9t0BOGkOLVzvesc6K'"));
horusec([], compose('\t  STRIPE_API_KEY: ${SECRET_KEY}'));
horusec([GEN], compose("      SQUARE_ACCESS_TOKEN: 'sq0atp-clYRBSht6oefa7w_2R56ra'"));
horusec(
  [GEN],
  compose("      SQUARE_SECRET: 'sq0csp-LsEBYQNja]OgT3hRxjJV5cWX^XjpT12n3QkRY_vep2z'"),
);
horusec([GEN], compose("      TWILIO_API_KEY: '^SK9ae6bd84ccd091eb6bfad8e2a474af95'"));
horusec([], compose("      POSTGRES_DBPASSWD: 'Ch@ng3m3'"));
horusec([], compose('\t  POSTGRES_DBPASSWD: ${SECRET_KEY}'));
horusec(
  [],
  '\npackage main\n\nimport (\n  "os"\n  "fmt"\n  "gorm.io/gorm"\n  "gorm.io/driver/postgres"\n)\n\nfunc main() {\n\tDB_USER="gorm"\n\tDB_PASSWORD=os.Getenv("DB_PASSWORD")\n\tDB_NAME="gorm"\n\tDB_PORT="9920"\n  \tdsn := fmt.Sprintf("user=%s password=%s dbname=%s port=%s sslmode=disable TimeZone=Asia/Shanghai", DB_USER, DB_PASSWORD, DB_NAME, DB_PORT)\n',
);
horusec(
  [PW],
  "\n\t<?php\ndefine('AUTH_KEY', 'put your unique phrase here');\ndefine('DB_PASSWORD', 'wen0221!');\n",
);
horusec([], '\n<?php\ndefine(\'AUTH_KEY\', getenv("AUTH_KEY"));\n');

// horusec's leaks example (examples/leaks/example1, a copy of huskyCI's deployment): PEM
// keys beside a certificate, and an env script without secrets.
const husky = (file, labels, text) =>
  add(`ZupIT/horusec examples/leaks/example1/deployments/${file}`, labels, text);
husky(
  'certificates/client-key.txt',
  [PK],
  `-----BEGIN RSA PRIVATE KEY-----
MIIJKQIBAAKCAgEAoRkVg/v5wjRYCcTVubgzhFeTVofOMcuytd3qxzEXo7XY7bqf
jFbvLPfBejG1px3O8IgbiwF6z11GmcYhLTwpwkX0nui3T7AwrY+BKxXSOi0ZPmUq
kb10J5tGxHFasFnaM3rmxVgLEpjwPAP1NXHYQiJ4CYih87jxdYayjRXb94KPTD1T
2p7Hc4iYDZRBMXjGbjjBtzYZC+8r/VOnnxCqT/7sKyJg8zI5dZG7XBfX54AX8aX1
E/L9zL2eX0do4TPnrTqMMI67y61J1evZm+YSSx5EUDyXAt5cdi4xyYxyovL+iYo+
pFra4eICgl+97zFW5A26pQBglukWF/xrjbl5w7oNbuM6dWF6JitQwwJoo9c9mLt+
IMIocq9tIKqMpopBRMjA2m8+lMnPzV7ckTuCX+VvmZ57RG5XhQRPDmA+eOzP8//+
Uaxdj7iee89ftakDxbw11x2KsH74vYwgI7G4qMzDc6WfiyQUu6DPAIcOKxgxw/Xi
gZxqmsdwfFjUWCjUFqUWPGCIsNo1+8dr7ft4d21vELQ22VuaX6fs2C4gwHH7PAoR
j7dIOWAuRvbxnuFWlopDzxJ8mj0LU/zcYVCkp2YDWhuNsIk5YY8DjO5khqJa9ian
25awWew7u7qhrvZZxsTXMimVeznJfkhaqvR1VKd6WCbq2lxZ2lBHiDtzfmMCAwEA
AQKCAgB+Jp5qlE6ofUTToYebv1rYL5v5Dq+w3so7EGRhR1gzopsUzidSRmFU3U5s
2bBeBUGfqXWoDKiW6Xv3vucL/SjWMOG17pZdmKMFxnJnwta1J8u0yJPlPG5Q9Y8d
FYbmwfXUilFcB+3jyk+VL6Q9DcFDSKqnDI+FwzWRysDXKl7uGxcLpJqdf+i/2B75
wzap/uGkPl2zknFanxfbcD66mNpFemKGBI3W42WLY2tMWn9/kRcu675WuNl2EqaK
BeljMLojNM3C2ILGpBRFqELnieqZWEI2crvuSyIsiVADfC/o2k/odJFJMrxkVg+Q
+FhLjl90hiu6OelpQ21BqzCt8qgeFqqCJ1EgqP2i+P7QSrHx0zlAd+NbZwOVZyku
jGw1crf6KX791OXSTOuPGnE669P+pAzByfWhUfryvrMvSXA9cjq+Kb1L2B6UfwAI
SxYSR6LAvvv5QPAXvds9EasqpyY25WhxYA817Yy2lC26Yxc0/zMrIuiuuv5sjbya
qcn5e3eJncFSEWFVYH4mPuxgh1EGw4MW7MDrOuPF3L3wuxnBMyXhdT74tPAM8PSs
WxRAbixOU1XtDxJe/YWQ4gFjoIgiIxxESNKgPTxYf+H2IoWa0JGsSY6tbtSxxUzS
9Tw4cOr795BuTM//SBKhuFh9NBpd2EY7PB5H+Td7qfQJBkq+AQKCAQEA035yCe8i
co2jct1giq5dubq4S1zRg1QG8hlLQPsv5OcbchtfIW8WdxI9fjgPlAAUK8gaubvw
lB4XTsOJ90+UnePVLydRAHgZ0RsSqfvI1yZ+oYr+oUuqpeTEdxNFEjHb5MAtvpK5
pG/g0MZ8x6Ymyo97LMrZT8vM/6W9xZ75MWhdEvfxxsvuCdFMOuUzDfb91q5zo4g2
7sKSWPUtQncaNVG5+SqxHNCsyBuO3jNdH2Na7rlJfw2oX98uLPpkOr0lVCUmf5r0
AQ0l/RfpxzgwEyU7Ymxy8U7xMeYSFYWJN50sSMu1DEj/N7a/S8b60M3YNzlpqE/5
fxVSN9MdaB4GIQKCAQEAwv+4KSF2UdxJ8L/1b4kgYL0AhGIuWcWNuecPXlc7B+8b
pKhl70D9z4nnKbWt7N8vjQ/SbJeGQZnHc1m5V7xgNJ9/fJ605ufpZ96uKy9Xa+DT
2HqY+DqW/346tDIzVUGcwtLAu23ru7rczbJ7wyZKWNjI703DLYwhPnfRGYKxgX36
CIGUX8a0MvwOqSBLAve6Nve2U6VgUjC/7+5hzoTBHAXyyUSAFdqgqXbbnVlvhKuJ
03gA0nLTS89z83fPLvya9ItwSBH6WQU3KMEvzQu1OgbvWN5uhlKZzYlhUvyNmJGt
/HEkIwOOC6QoAW85yy8J5MzTgYzuPEmnu/P7wRPsAwKCAQEAyIm3HFBRu4kuGLZs
2lLnsDqqkVsblolQZLMzNhR3n3a8AYCOvacWCCWVhV8m9lD0z2bYYJEiV3AI7bhf
087zvprQA/wlxGodILepBOEn2Uo4/HhNZSfYUaEP4VC2R8BbHxZSycdam98xrwTm
QHD9i0htpVVapV07rpS70u0goIay6k+MQ9IOjeSVgaretDklDDEymTeJzu9T0WH5
XnKMuU4bJ3Yhpo7/pmbrGypc/Gw7Ru0OEZkjtHRs1l0+OKws/xKS5KBLCcwr30aT
d0GB5EWDf5oRi1otPgFH2HxcVg2EdioiK9nzliKEVRgBr4ffos2fr+bVTnkrEp/t
3FHLwQKCAQEAuiQhSCIJMFt4ubiEMdRUdAP3WmfelxNeFvfaU9QxJYG6gZO+uoTv
xA1//PDQ9iyW17EizUZXgoepPROJOZc4vwMCT5OwXDtFM0H+QHsQmIolr6BYJZzI
R1vX7et91QSs/8zu7fwf6zSVUkXunnsOvYEzTjyM9A2wLlFx6Ug46cO3yibn3AVy
PrkdxZRuBocz2wTbpz1WlR60GfUUqG9RZ87F1BrvqezpMNulCK83JQ4aoyMKpdm2
mceOh/r2a4P25zm0FRgUQqYX4W+IkdN7S8kS8WJjXxW6e9mIbg9nmxx1WWUnecUK
81HgXn4uTSa56w8bV6+QOzyUQXbF+6lowQKCAQAhUyp4kmn57jrSFNRDEz07YLOI
PGpmTXgon4fsROw+gtEl9rpTCdlE7th3R7SEoLRnWYkmY8hxSeTdhYx3VtfJWbOa
6L/hg+eUEId0y/XZtipaniLx8JTtO0+V9N+zJDltMgbr7CTf9/Qj5Ul5dOfZsmSr
LaehY6vGSo7E17JBvMZMUHuPTiXZvLu7PRVTE4R9lsrpFVWgqaHrU+f6beaUlRip
GyreRWIebgPbYduC2vN+cLLq3nrHQ0dpB2x96ZOZQayh1pVRhs/P+tyzPx26cByF
M73Q0k9ni4DbbrmxuD76+zQRDuU185xC629RHa0I1S2D3yIDBMAP1ZbetYQP
-----END RSA PRIVATE KEY-----
`,
);
husky(
  'certificates/server-key.txt',
  [PK],
  `-----BEGIN RSA PRIVATE KEY-----
MIIJKAIBAAKCAgEA6YF4RtE45igRWciH+wOYiz78rZwFMFYBiIDEkLKJRHnKj1br
DdgAaX1wtGT2WEK3r5WtWAd/53bLtiworkqkQgZfsxFS647zgp7SjoBUZWO25gx+
8kZqAfzc6pntxyTYWQ1RJjGf98f9nX3P1YF9sh7ukksf9MIqNtaU0EtvhYOlX/Z3
Qc8t2ozVpg1rbvcwkrxCnjbp+b2j9MvVLba4PVGSf6FJmih6uwBmNlUtnJP8Ur0K
ibaVV9HQ+APpBCjJC/enJAp93gH5qOXI7iLcIHICfcaOnx0K3cUvPFP91yjuxW6T
Nzq2K2eyy2r91JJwDUuG2y48sRc0ZZrCHLLV9p1QQgkO5Cq0RKoRRvyBfUm4MLcx
4SmI869Vjpf62lwhSk2VHE7b6aNp4Ia6fzIv/3YgMkYXyr9QJAtvbmztk6xCL9i6
Nse7tmero3G49tnaA62JceshpkVbQHMaKKE3+9mjppLWpb8929wavw9v0i37Dwga
tsA/ZExZIAbkFLXc1LAIg3xynyXBEkkVgYAP69vXlzCwC0jnSOKk4b7rFwvN4M8/
Vm+TrK6yYJT6DjZoWUKvoG/bvUMoPJOZ4pcJXQr5mixMjF6jiU0I3GQK/UXkcmho
iHJm32di4UF0W0oAfOkI8nnUVBnl018HQPSFbh1CCQNh1WpS+NGsWBeFnC8CAwEA
AQKCAgBcgyQRAqGFZkiBhtaBF8qfGIRpkA/qN5kB6Op33ZRO4eXj5m7YHEUFhmJZ
xkpna390/FsiLk55ePJ6qYIwk3gChJ3zxyBQHWHS1XPca3GEff4fpMHC4Szsvq8T
74pqROnGVmVZOX4EYGLVu9vU3inboS+qHEN76FVrRpbM86Yqgp7Jp09WbmvfU77t
vBFddGf1KstF/cGzZXQI75z1MJhMCv58vHz5q6H8ZssYKaUZjPQCH82GBCWlFoax
THNMZ5BHwoWg3NtDUwsD5I438u29mQ3toPYuigYdGRt+zlQao6f95rJCxmsYRUxs
FWadiqsESXETc30uOGBVBPx0/FGSUpATYSXhlk12IUXRglkSAucqh4rk0pUKt+Ch
RFevD2xWx6lGupClniLQlgYio01YkFDTYsAN5tjZqlFJT4qX679LbICF83f0TRRH
JFQT98e8EAnFr0SuRMYKdc6J/iws9t0wClwX0tguednaLc6/bkQ50+NtRS/S7d6B
fCtKCrOz+f14dNRtKnopPr/08NUrIbTqqU6zeEO3v5qk5AbCekefkDQ/CDe5C4PO
/HK2J3f2c/4vAjoHtltKann+94uyFHt/+VmEV9BtJRzNq1iP1tQXndhJ9m0Oy2xy
zaeNcNObUbHNYsP9vPC3LWvUdav8TaA6/9lXVmIp4O7ip5pZYQKCAQEA/9u9cTx8
idKCaMICEl2drTHCsrNHtLTnz7bLEZtEXVjgu0M8YSEF+zq6UD9KvPfvXjCwYCIc
FTvN6nFxgkX+r7h8WlypuQgAXKMPWRe1b+kpYgVNXAI1hZIojvYrWjeFMYakTL95
EzknEED5Nuj6mj471K14PhAj4c56xEBtNGY10CgW94PqxZ9369euu7Y2A9rLEVgy
ena5xZm5rbN5tFaBc751FBOUA9JiCG5KMsDpr98Kr+k99tAPWsNokJZj9Vt1xlm8
VJYLL/x5eKJ9BkmBcqgc9SugVGIg1L0xHRkNhPbU+NzHfWAEEfCI6zdaRB3n0IKw
mOSqQK+LP9ZkvwKCAQEA6aKP4UCYqtvv/uCZawlboicxe8oW5yteTJLA6ZRUct+o
robvLsdhHsx1ixj9F8gIEj4rOm5Q19Hb8HlxBd4ZnLO/+kd7LCmzfTrCw8cLNUZT
XHJKRV7md1rpdGxmIpvn5tPfYsAkvt6bM2451eARS0YyCZ7JRh654KItL4EdWwOd
EsG6I7rBXH/w0ol/WTT7/CG1GTT++4FZeZmZwnGh4u/Oks6M77q6T3g9GDy/DZ7r
BhhDUimDcfpTtywkDjY5D31EL78Sy09BYkqpIw1yhTGZR9yjs1mAtqrBaNtgoph1
raF4c43wos78OqvYCPwvdVvFJnwfrx16C6QeYpB0kQKCAQEA/coKlLrp0Y/k2WKv
yWXg1H4KYVWh5+aWFhx8O3+nBWz2pemgh7vJAhWT36uYR+8rGWP0X7cV4h4LN+TF
MfKaGdVGTB+kHqyIJ1t7CuWQjGxcJyWZQY3TZyW+Y2hdQkTWMnUaniJDR8UmMWIx
kbzxb3QRxvk2z2EVJpO4hNhfOl20PUC231eT1elDe8XaRcoMtDAfw5mXoJAJ366H
VnwzWaWBDL07xulQpaXWpgQ4RzXB1zjHkgwq8ZoZ0O8J1nnGtwa8wT4bqE+Y00V9
fCK5HzZkV8XXy301sN4RMNRlVjaWiXCJej0NCBjokJ7mQWMLf4umeNZZs58GHdnC
p1TTYwKCAQAYa3diceADK83f9BXVDDtZrYMMj0jpjKzkkAo939Ub1KjK5Sum1gwe
rfwzN79sdunxDjJyfwlQJY05i1f25woCSP9t537GVO1/z16AHBPd06Xu6bs9mPe5
zfTMyG+8elM42zhkF/U/RgEu1PySkEL+fS3Jt6EOBTQkeI8EghhRZQVL6pfMGD8R
rgW728dFybX02okVQ2bLXu+9OALMQhhLogkTaydr/zZuDAFGwUKu58dk8bBHrDMi
/Kk3YhO6sIwyREOWQgBy46vP3EHleghYR6Df0/4ARwCfFyX0Ecn99LWIGnJ+kX1v
ZvcSItgHyGQlfhwTM7IUGZ6iDNtoLfUhAoIBAG/Ti5Kg0i378r3yAImnaLEsfC0n
SRuX4SSWpaZ9e7C/IWXy+DNeNZMSmMG4SCN4AmUJES1oaPBbaIouCCMTnAchStyx
gz9Nk2dYSsylc1fZ4Uh3mfbGam+Ojl9kib4Vfzdz3U4ToP1aYypLH47ty2LTnBbC
JO4ssVSru3yJI58mkLAFkfcqEoqMwJqGvP8MzH1zTDJrgoqHKEiB+mm52ukK747L
5REfC3dVsi7iTjmx9Z3ieF00JxszShJ7IQD2PlpAanDbfbJeRgI22GsEXSD7oeNb
HzLLxdB5dwqmy/3Vo/+mPhIuhLXBnzIIizcd43sugOb5JoJDuZvpDaAfhJo=
-----END RSA PRIVATE KEY-----
`,
);
husky(
  'certificates/ca.txt',
  [],
  `-----BEGIN CERTIFICATE-----
MIIFljCCA34CCQCk73CkiT6soTANBgkqhkiG9w0BAQsFADCBjDELMAkGA1UEBhMC
R0IxDzANBgNVBAgMBkxvbmRvbjEPMA0GA1UEBwwGTG9uZG9uMRcwFQYDVQQKDA5F
eGFtcGxlQ29tcGFueTELMAkGA1UECwwCSVQxFDASBgNVBAMMC2V4YW1wbGUuY29t
MR8wHQYJKoZIhvcNAQkBFhB0ZXN0QGV4YW1wbGUuY29tMB4XDTE5MTEyNTIwMzg0
N1oXDTIyMDUxMzIwMzg0N1owgYwxCzAJBgNVBAYTAkdCMQ8wDQYDVQQIDAZMb25k
b24xDzANBgNVBAcMBkxvbmRvbjEXMBUGA1UECgwORXhhbXBsZUNvbXBhbnkxCzAJ
BgNVBAsMAklUMRQwEgYDVQQDDAtleGFtcGxlLmNvbTEfMB0GCSqGSIb3DQEJARYQ
dGVzdEBleGFtcGxlLmNvbTCCAiIwDQYJKoZIhvcNAQEBBQADggIPADCCAgoCggIB
AN+29UBdcGarH6OoiRowYbcYT4gs9JFmdjnYk91MRRDqXhW2McT7CJTcv7QNhf37
2nvztgkEcBXAgk/75ALOiemyZiCmRzmT+7qMz3UEjSjQIIJAoAMhIS94BXaKdjzS
edTQqgBurcJARgbk10ZJQqX2LmmOA+UCWOpufxvOYjPLkUzJr7evvAA0mFhADGnf
lGO1KmGlO3BNJUFqkohObF7REr6IRlmu3eDESfR6YF4n0MMSUvSi1yAylSkVAKRK
YA34YFDwSxL5tGQhi9z3+NDYF+1qztNTJBWiR7760wUyroD21QFCPwlvQLzSyJEl
m0+MzDrAsekEE4gWvmFyyS16T9dNzxQQREvmknJh4Ngw8Viq21fcmndeq+JDd83R
wnparHglSSTQ9+Ihh0ISjXth24Blqx4IaA4Qd6QehXeLUdWNGpqjCifXedsfODIx
VtT9UKNh3RU4o7iyprEZPwrPi4k6rsS9k+ffxR68phu4/oaFUMe8GhYdJCuZbSrK
wvYjdP+3l+VIgwu3a3CENcoaU3zlZRR9gLCRJ9Ky95udB9KWeBdyHa6hC+MymTps
yS3HtJn/euTOHqFGeFBY0Nedphmz2+j5jM6L1n8a49xVP0SRYSPlrqmwdPPnrBtK
nh7WLilOXmwVB3Fw5cLZiunUtuhFw9LTGmy/h+QlWdJpAgMBAAEwDQYJKoZIhvcN
AQELBQADggIBAALkZbXVZnSfll5t9HoJiOZnU6FJR00gpM3FQOL90PG/XupJilq4
E0LsXpgNR9hoFsIS7L4LZGllkbEWM7dwFYT3VOvpVu31A9hpFqNtzoWMjd/l9XTB
i4sMnPqTOTyH4cPY1sArPFnVswqtAT6fcAEqzTK785uz4LPobGKre7oJ2QIzSBgY
hQ0mG5trAOtkPNqopnOomXc8Es630mOQrPgaXxgJXvaovda9j8X5LCRQjH9qS4Ss
9TYpqdUxHTjcetH7uoMGRPCpjfw/7ckdFKRtaft4XK7Hle4Q6WdLP2xLgpvZsDPR
NoRC5E5DtE2PORxgTrBHrMcQvR1+EZLhdeEhHhDqtNDCk/KMQqnDZYf2Z/cSiEyx
ogN0mwc19h8/soluzVqq0lycRso8TO3NHBGzB0wtj4A5G/QvfA6GxEN5M884i+yL
1B7w1t7lwtC9sp6pBbc9t8nQzH4X2AkpVn7URmZ3M6+IRwcByZi6xf0JoEtMiU+7
/fSO6gAJcf5PtalYX718hTMRic2eYyZRSOWN0oFOIMtq01gbwzLrbFmmixjjt2mU
impka38cxiDi07hZuy4fx1uGmgVtxiGLzit+MpLcmyKYQYMYyg+TpdFaFuDSGCsS
lxVW5OXCiGs7ONS61vXKT/so0NzczB0Jt1WUpW4soG6kv7W3SpHzbd7z
-----END CERTIFICATE-----
`,
);
husky(
  'scripts/generate-env.sh',
  [],
  '# horus client default environment variables\nHORUS_CLIENT_REPO_URL="https://github.com/ZupIT/horus.git"\nHORUS_CLIENT_REPO_BRANCH="poc-golang-gosec"\nHORUS_CLIENT_API_ADDR="http://localhost:8888"\nHORUS_CLIENT_API_USE_HTTPS="false"\n',
);

// secret-scanning-custom-patterns: GitHub's custom patterns for secret scanning, each
// pattern's test files (vendors/, generic/, database/, uri/, configs/, jwt/, rsa/) and the
// test data in its patterns.yml.
const gh = (file, labels, text) =>
  add(`advanced-security/secret-scanning-custom-patterns ${file}`, labels, text);
gh('vendors/okta.txt', [GEN], 'okta_token="00RCsRGyrF9QzBe0rnWmw221UeclqRXFQGEJFdhAFM"\n');
gh('vendors/okta.txt', [GEN], 'oktaSecret: 00O_nrlVErNTMYhMjaMj7Q5pZh_Z4Gj8JK_r_CZlyz\n');
gh('vendors/okta.txt', [GEN], '"okta_secret": "00haado-dvHzVSCb7wPf1fnrAA0KGReQxdh6-eFUj4"\n');
gh('vendors/okta.txt', [GEN], 'okta_key:00iqMOKIplUddEWA5WEM4YwOkw7RXeGw31lFCMTvZ2\n');
gh('vendors/okta.txt', [], 'okta_key:00123456789987654321456987412358');
gh(
  'vendors/not_okta.txt',
  [],
  "# just hex digits\n000102030405060708090a0b0c0d0e0f1020304050\n\n# a label for a test\n0000001_this_is_a_very_long_label_for_test\n\n# a number with an exponent\n0012345678910111213141516171819202122e-456\n\n# a hex number ending in 'x' to show it is hex\n000102030405060708090a0b0c0d0e0f102030405x\n\n# some build logs\n0000000000003683_0000000000000001Archiving\n005684341886080801486968994140625Adjusting\n0088817841970012523233890533447265625Error\n",
);
const TMPRL =
  'tmprl_LZDV3buJhgjdeiNMwvU9F3JQpOccnVP6_XQPtInroPz3ik8kDcba6IFpyzFLiMrGOtHYzg98iAjRg74RGQOMDezmE8Hlkrjrl';
gh('vendors/temporal.txt', [GEN], `# env vars\nTEMPORAL_API_KEY=${TMPRL}\n`);
gh('vendors/temporal.txt', [GEN], `# some other config format\nTEMPORAL_API_KEY = "${TMPRL}"\n`);
gh('vendors/temporal.txt', [GEN], `# YAML\ntemporal_api_key: ${TMPRL}\n`);
gh(
  'vendors/temporal.txt',
  [GEN],
  `# Docker\nenv:\n  - name: TEMPORAL_API_KEY\n    value: "${TMPRL}"\n`,
);
gh(
  'vendors/temporal.txt',
  [GEN],
  `# Winston config\nnew TemporalWinston({\n    apiKey:'${TMPRL}'\n});\n`,
);
gh(
  'vendors/temporal.txt',
  [GEN],
  `# shell script use of terraformer\nterraformer import temporal --api-key=${TMPRL}\n`,
);
gh(
  'vendors/temporal.txt',
  [GEN],
  `# content of .tf file\nprovider "temporal" {\n\tapi_key = "${TMPRL}"\n}\n`,
);
gh('vendors/temporal.txt', [GEN], `# Capistrano, Capfile\nset :temporal_api_key, "${TMPRL}"\n`);
gh(
  'vendors/datadog.txt',
  [],
  '# env vars\nDD_API_KEY=01000000000000000000000000000000\nDD_APP_KEY=0100000000000000000000000000000000000000\n',
);
gh(
  'vendors/datadog.txt',
  [],
  '# content of .tf file\nprovider "datadog" {\n\tapi_key = "01000000000000000000000000000000"\n\tapp_key = "0100000000000000000000000000000000000000"\n}\n',
);
gh(
  'vendors/dotenv',
  [],
  'SENTRY_AUTH_TOKEN=1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef\nSENTRY_API_KEY=1234567890abcdef1234567890abcdef\n',
);
gh(
  'vendors/sentry.sh',
  [],
  '#!/bin/sh\n\nsentry-cli --auth-token 1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef\nsentry-cli --api-key 1234567890abcdef1234567890abcdef\n',
);
gh(
  'vendors/patterns.yml',
  [],
  "var config = {\n    plugins: [\n        new SentryPlugin({\n            // Sentry options are required\n            organization: 'your-organization-name',\n            project: 'your-project-name',\n            apiKey: '1234567890abcdef1234567890abcdef',\n\n            // Release version name/hash is required\n            release: process.env.GIT_SHA\n        })\n    ]\n}\n",
);
gh(
  'vendors/patterns.yml',
  [CONN],
  'https://cec9dfceb0b74c1c9a5e3c135585f364:4f6a592349e249c5906918393766718d@sentry.io/2',
);
gh(
  'vendors/patterns.yml',
  [GEN],
  'https://example.webhook.office.com/webhookb2/892e8ed3-997c-4b6e-8f8a-7f32728a8a87@f7322380-f203-42ff-93e8-66e266f6d2e4/IncomingWebhook/fcc6565ec7a944928bd43d6fc193b258/4f0482d4-b147-4f67-8a61-11f0a5019547',
);
gh('vendors/patterns.yml', [], 'api-00000000-0000-0000-0000-000000000000');
gh('vendors/patterns.yml', [], 'pd_api_key=AAAAAAAAAAAAAAAAAAAA');
gh('vendors/patterns.yml', [GEN], 'oauth_token=72157652803311234-5a8be4617b02f1c3');
gh(
  'vendors/patterns.yml',
  [GEN],
  'https://api.flickr.com/services/rest/?method=flickr.photos.getSizes&api_key=415fe941b56580b5c99a69ebe44322ee&pho...',
);
gh('vendors/patterns.yml', [GEN], 'BROWSERSTACK_ACCESS_KEY=ZrQyYJbcgw8YtyzGT3Hn');
gh('vendors/patterns.yml', [GEN], 'ACCESS_KEY=ZrQyYJbcgw8YtyzGT3Hn');
gh(
  'vendors/patterns.yml',
  [CONN],
  'https://user:ZrQyYJbcgw8YtyzGT3Hn@hub-cloud.browserstack.com/...',
);
gh('vendors/patterns.yml', [], 'VERCEL_ACCESS_TOKEN=aaaaaaaaaaaaaaaaaaaaaaaa');
gh(
  'vendors/patterns.yml',
  [],
  "clientId: 'oac_aaaaaaaaaaaaaaaaaaaaaaaa',\nclientSecret: 'aaaaaaaaaaaaaaaaaaaaaaaa',\n",
);
gh('vendors/patterns.yml', [], 'mongodb+srv://foo:bar@mongodb.example.invalid/\n');
gh('vendors/patterns.yml', [], 'Bearer 01234567-89ab-cdef-0123-456789abcdef');
gh('vendors/patterns.yml', [GEN], 'ClientSecret = "kc3KP75a~edN1cV.rs~_r6F-O7-C-55-Ts"');
gh(
  'generic/uuids.txt',
  [],
  '\n\n# UUID v4\n729b70cc-a239-4454-ad7b-33980a72fb27\nc489dca0-b7c8-4952-8b94-616e9a0ec22d\n\ne40ab2de817f4a2d98b6ca2137bc93e1\n\n# UUID v1\nf99c644c-c708-11ec-9d64-0242ac120002\n',
);
gh(
  'generic/bearer.txt',
  [],
  'Host: some.example.com\nAuthorization: Bearer this_is_just_a_test\n\n\nheader = "Authorization: Bearer this_is_also_a_test"\n\n',
);
gh(
  'generic/auth-secret.yaml',
  [],
  'apiVersion: v1\nkind: Secret\nmetadata:\n  name: secret-ssh-auth\ntype: kubernetes.io/ssh-auth\ndata:\n  # the data is abbreviated in this example\n  ssh-privatekey: |\n    UG91cmluZzYlRW1vdGljb24lU2N1YmE=\n',
);
gh(
  'database/connection_strings.txt',
  [CONN],
  '# pscale\n"server=127.0.0.1;uid=root;pwd=pscale_pw_fAagpYk49fh0rvL-Ag-7J3HMq6oXk7p1ObLDn4PLHO8;database=test"\n',
);
gh(
  'database/connection_strings.txt',
  [],
  '# Azure\n"Data Source=tcp:aaa.database.windows.net,1433;Initial Catalog=bbb;Integrated Security=False;User ID=ccc@aaa;Password=ddd;"\n',
);
gh(
  'uri/database.txt',
  [],
  '# ====================\n# False Positives\n# ====================\n\n# FTP (no password in string)\nftp://test@example.com:22\n',
);
gh(
  'uri/wrong_docker.sh',
  [],
  'echo $GHCR_TOKEN | docker login ghrc.io -u me@test.invalid --password-stdin\n',
);
gh(
  'configs/web.config',
  [GEN, GEN],
  '<machineKey validationKey="21F090935F6E49C2C797F69BBAAD8402ABD2EE0B667A8B44EA7DD4374267A75D7AD972A119482D15A4127461DB1DC347C1A63AE5F1CCFAACFF1B72A7F0A281B" decryptionKey="ABAA84D7EC4BB56D75D217CECFFB9628809BDB8BF91CFCD64568A145BE59719F"\nvalidation="SHA1" decryption="AES" />\n',
);
gh(
  'configs/app.config',
  [],
  '<configuration>\n<appSettings>\n  <add key="password" value="correcthorsebatterystaple"/>\n</appSettings>\n</configuration>\n',
);
gh('configs/django/settings.py', [], 'secret_key = "Django_ThisIsAFalsePositive"\n');
gh(
  'jwt/test_supabase.txt',
  [JWT],
  'token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIiwiaWF0IjoxNjM2MzcxNDkzLCJleHAiOjE5NTE5NDc0OTN9.T365h6AcgnvibAWvN_rIiaFnOK5R1ZGqdEkPI45zsNs\n',
);
gh(
  'jwt/test_jwt.txt',
  [],
  'token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYXVkIjoiYXRsYXNzaWFuIiwiaWF0IjoxNTE2MjM5MDIyLCJhbm90aGVyX2ZpZWxkIjoidmFsdWUifQ.ez5bJeF93WXSU-dCWlZVFlTl_inJCYVFFLOo1JBIsh0\n\n',
);
gh(
  'jwt/example.txt',
  [],
  '\n// secret: jwt\neyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c\n\n\n# ====================\n# False Positives\n# ====================\n\n# false-positive: Random Python snippet\nexclude_editable=options.exclude_editable\nerror_handler=settings.error_encoding_error_handler\n',
);
gh(
  'jwt/owasp-juice-shop.ts',
  [PW],
  "    return frisby.post(`${REST_URL}/user/login`, {\n      headers: jsonHeader,\n      body: {\n        email: 'bjoern.kimminich@gmail.com',\n        password: 'bW9jLmxpYW1nQGhjaW5pbW1pay5ucmVvamI='\n      }\n    })\n",
);
gh(
  'jwt/owasp-juice-shop.ts',
  [JWT],
  "  it('GET who-am-i request returns nothing on expired auth token', () => {\n    return frisby.get(`${REST_URL}/user/whoami`, { headers: { Authorization: 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdGF0dXMiOiJzdWNjZXNzIiwiZGF0YSI6eyJpZCI6MSwidXNlcm5hbWUiOiIiLCJlbWFpbCI6ImFkbWluQGp1aWNlLXNoLm9wIiwicGFzc3dvcmQiOiIwMTkyMDIzYTdiYmQ3MzI1MDUxNmYwNjlkZjE4YjUwMCIsInJvbGUiOiJhZG1pbiIsImxhc3RMb2dpbklwIjoiMC4wLjAuMCIsInByb2ZpbGVJbWFnZSI6ImRlZmF1bHQuc3ZnIiwidG90cFNlY3JldCI6IiIsImlzQWN0aXZlIjp0cnVlLCJjcmVhdGVkQXQiOiIyMDE5LTA4LTE5IDE1OjU2OjE1LjYyOSArMDA6MDAiLCJ1cGRhdGVkQXQiOiIyMDE5LTA4LTE5IDE1OjU2OjE1LjYyOSArMDA6MDAiLCJkZWxldGVkQXQiOm51bGx9LCJpYXQiOjE1NjYyMzAyMjQsImV4cCI6MTU2NjI0ODIyNH0.FL0kkcInY5sDMGKeLHfEOYDTQd3BjR6_mK7Tcm_RH6iCLotTSRRoRxHpLkbtIQKqBFIt14J4BpLapkzG7ppRWcEley5nego-4iFOmXQvCBz5ISS3HdtM0saJnOe0agyVUen3huFp4F2UCth_y2ScjMn_4AgW66cz8NSFPRVpC8g' } })\n",
);
gh(
  'rsa/rsa.js',
  [PK],
  String.raw`
// Sample from Juice-Shop
const privateKey = '-----BEGIN RSA PRIVATE KEY-----\r\nMIICXAIBAAKBgQDNwqLEe9wgTXCbC7+RPdDbBbeqjdbs4kOPOIGzqLpXvJXlxxW8iMz0EaM4BKUqYsIa+ndv3NAn2RxCd5ubVdJJcX43zO6Ko0TFEZx/65gY3BE0O6syCEmUP4qbSd6exou/F+WTISzbQ5FBVPVmhnYhG/kpwt/cIxK5iUn5hm+4tQIDAQABAoGBAI+8xiPoOrA+KMnG/T4jJsG6TsHQcDHvJi7o1IKC/hnIXha0atTX5AUkRRce95qSfvKFweXdJXSQ0JMGJyfuXgU6dI0TcseFRfewXAa/ssxAC+iUVR6KUMh1PE2wXLitfeI6JLvVtrBYswm2I7CtY0q8n5AGimHWVXJPLfGV7m0BAkEA+fqFt2LXbLtyg6wZyxMA/cnmt5Nt3U2dAu77MzFJvibANUNHE4HPLZxjGNXN+a6m0K6TD4kDdh5HfUYLWWRBYQJBANK3carmulBwqzcDBjsJ0YrIONBpCAsXxk8idXb8jL9aNIg15Wumm2enqqObahDHB5jnGOLmbasizvSVqypfM9UCQCQl8xIqy+YgURXzXCN+kwUgHinrutZms87Jyi+D8Br8NY0+Nlf+zHvXAomD2W5CsEK7C+8SLBr3k/TsnRWHJuECQHFE9RA2OP8WoaLPuGCyFXaxzICThSRZYluVnWkZtxsBhW2W8z1b8PvWUE7kMy7TnkzeJS2LSnaNHoyxi7IaPQUCQCwWU4U+v4lD7uYBw00Ga/xt+7+UqFPlPVdz1yyr4q24Zxaw0LgmuEvgU5dycq8N7JxjTubX0MIRR+G9fmDBBl8=\r\n-----END RSA PRIVATE KEY-----'
`,
);
gh(
  'rsa/ssh_rsa.pub',
  [],
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQDEVWukBBQA8AW5k0ryyKopARtsKJOLNX3poqFq4cg9B/8ljUlITOhHI1tOZgGxKH7ccOhp0JthndieHsh+KloW7VPPMqDH/l9+s9dz3d1TI8Yhna35KNPHQnTFydkHfcciX00ns5X7XKDYrx11LpmSshUHe7I9zJ4BXzrxfdQ3sPgegtvnQxo7teF5oy1coG7xTIybkqHF5jWl4ttIjh7BtAN2kxRwBLpfux3lUFFJkynE7hWHJDSjnV9K7pt1a6yT4BJhNXjQlE6PKvwhJUNNbl9PiXFnkkOxs581IrZFZdWwNZIY5EhzkjOvL/6AGt33leEZYRNC2xqKhZOnKrAvqHFvcYBAY7nme723Aw1j8HWKI/X+lnBgu+EKNFBzVKWzuaSTAkYZZTpkNRmSldj5Nimbw6jqEH6MZA8JfL+kHsj4uknjK2ucX37khTWQHP2IVKnkpYejKLDdrTc98DeMlbCer+jipHr+OmdNgDdnZr5UWCUNYicVSZzpsGRq+/U= random-device\n',
);
gh(
  'rsa/GeekMasher_GPG_with_headers.asc',
  [PK],
  `-----BEGIN PGP PRIVATE KEY BLOCK-----
Version: GnuPG v0.9.7 (GNU/Linux)
Comment: For info see http://www.gnupg.org

lQcYBGC/ePcBEADs638nM5YymIHeNBFayjO6kAACNMiAiQj8nMYvLSCzyGM4qRWW
DF8diTnaJs+8FJvTQv7ERQViDizcpXlecaI/EVfns+tOuYCeFGdGoRz47NO6TsGF
ULSDhRcx17PJXQxQMyURVSb2+09rE05Yp6e89cYjlbo5ytdi4fqvrEeXY4cIM1us
5RwLCubBUEH+tReR8sXkLEB68eu9Ym/qNp9+L4esoVjBSaqDYGyXuf34fG4cbAOi
0AeYUzBjq9qW37GDtAbgrNZsXee87rep1gJ1Mod5TkRdDIfG8ZCdXBSwVCRfh1H2
gpKFemIXwkk0fa9mYxoXqW0SBRb9p6YrcQk5k+1qxWronV1I9gXGYjkq0Cx6quOa
41BE9ueu29vIu9u82vxjqkFw6iTNwgT5+lFwvPQdBVrjBp/1Yv5MAzSnEoEDeW5J
niUZYLhSPHMOPKnxLpXJjMKa9SLcQcpfR1boTvwGxEBC2Mpc9lZTI4ISI2Xz282l
G0fe43HG+vEVpHwR9+413R6oVo3nSncl0DHw0+ZE1ioyqD8HNDZZgSH72oasMULB
sTYThHXoyegtEa/26Iv/qLZ17BOhmBi14sfOMjKqUSsWvh1wc1ewwbb4epKpHnKE
xa1ISjmh7Xl0UUim7vU/hw0+FxjRRvTpiolzEKWpdC1WR12yxEbescVQyQARAQAB
AA/6AqFiN+WUGjN0hKqsEyeZz61T3LJok/nBhGl6r1EnUuurg1hoPZJdV3r7rhL+
fTJ24O92W+g+xS4OXDRHns9w61WWVeOa3hTD621jUKbPByn8901yy1fAK1Il1ec0
zyxl67mHpLO+8yDK6s/L78LLw1awuJor10Kr5cSHx53IbTM9D2+fidHA4BQCyBxr
oSfyTyvke9IsdJj9QqzmPHHXDzv4nAduEHZQivUd+4jEe7bo846U80CvRucMi1y/
+GsbIdDUvzeYCVu5DBFT73IpdJLnK2b9rhFKrCAoOIEKV0NV5IwgcjXUqd/4GRau
gKNRGFhLFL5sMDYngVE0UHjoruof1rmyVQ+NU3Rcg54FDdNnVOhAfPqRAIG41EFy
MFgsjP5lBol95AbjfMVoK0/rKU3VTAtFoE29LWM2HCvMnYzACjDcKQQBfZM6cFqo
7Bj9Fl9W/siW1g1/XqT6T4L0Go5o92P6oPLXnXB08Qh8C5/3XoiK2PA+odxIQGzp
BHqoaRV51n7GQ4JvM+Y060JAO3npDYnwMJdWGu6qc21pXDPRROKhVIFr0Wb32bUN
5kK4+SgqKqzTUGJJ1Ejc1TrQbK/dxPf3VlxXnmAl8Qfwsd+8r1wDgdmCBztlqj+c
W4zSCU748SyA7CofRFUTn4Z1/ob48E/pJOvWygE/6ylQuVEIAPDLTlni+08/yAsF
yEiczf+wKfnVJNWTblKPklco/QSso+4nFcFRTz8365FIyc68atMzMAbk5QTIZQhh
PLSBrttMse6PNjRGgCuCjjuYrMi+GA01mmSwCe4tJY5tGaeCdgvMPTONJKAv6zOC
2pH2PHapW40NmgpBSUrUATTjYc8h6QLfiRCle2nzwbbMBtQ1TgfBYgY3N/cNFWcl
ijx5NqD4ky8AlZWV6xq8VLXPcYGQg7RCvhuq6+jsBhETRgWENof6+52YXtY2Oqv3
6zjL0OaERJ7ERFsM1gR1ASpXVwohxpRMkyWJV+kE2C3X2fCNpfc438rhWoxp1Ekw
BCShdRkIAPvhjyXkdJ/S00/l67R8y9TfPvBVq2FvlgviQaCk+OLNwekWl7564LNo
ftXwqmZvV82o3l5oEX5DtPvAl4qV0iImqXJ4vLeT5Of6f1FeZvACD/QUipo+Oz1B
vzK+EqXnAHwWTk/pi4/3cr9OQ1YadotyZyunM7bjc85+pokpwX45qaKJbgBotyrj
plWXKrX51E+slAFuxNpgxnmA1aZHXIl5cb/RoITifvNKEx9ckab/WBCX8kKXzSz9
zVTun54Oa/rNRKFCH1MWJYtzlkFfrPIbHMmcnsoafaUxsBoKtICDfn+ZzROB0SR4
hjyet+De0sjHrfa29GRI2Ms+0VJK/zEH/iRqSB7FALB2O25X8C1RJIZb3a9n+hvr
oFSZvkZPnGZ2BmcfM2gJZ6P4/2b5XvB7z/IvJRfQD74FvtcMbLRibeZ0ITlS0pz9
DaBYnbkEZN7zfwR2NFJHN8CRdizfi/7xoR8V8IiE8yqYlq5CBYxDVMYl4oNEP2CK
TnCjOC1+iDdr1oWgRjLeBMFyfRpS0FGS14ITBgIw8e/nbvwv/87QI6SfgOVyzBex
X45WkiooQlahwkZyb6Vuf8aM/sycesEAyRc5GWp5s2H3JoD0jCW/OjhM8onQPWFl
54kOCfPx7ju53sQkCShcrV2AIKssCsuIKw4FoSvSkil0L7VcaLqA4pSE07QmR2Vl
a01hc2hlciBHUEcgPGdlZWttYXNoZXJAZ2l0aHViLmNvbT6JAlQEEwEIAD4WIQR9
AcDLuW/RkW3OJlG3jxV3vYfODwUCYL949wIbAwUJB4YfTAULCQgHAgYVCgkICwIE
FgIDAQIeAQIXgAAKCRC3jxV3vYfODxYjEACaXYslJh3gIa7uMupUAfc82wwEBz58
C4HTin+vM3cpZnM2mWOq9WYRIUMZGaQm6OeoXmFlreyttSW4r22wQ20HbAzsWcus
3U2c0or8QiFotfJk5PkNC49CNOtSlYKJ+qbJcYNwf3IkpdrkJl+nQsMasXqK4MX2
TBzGhfl70HawyySbogai4o+w2DKdeXpp79+DrbRcsrae4MxEJWhMY05dBqUqAcNk
a0V46jfQpxvy9+4enAIoBfBafgYrftPO6Qe9ZC0MuD1rSQ1GcOOTUcmpb2SBKTkl
b1/euGdl7fPAgK7dtjh53bhqEDRjBGSo4GwVA67OTR1bXqSgj+08zJfm+emd7toK
QRwpM6OiZDY5pWSC2PESZcDY0xvvBGfgQbLj0VqY+MIeSlmU9Ac+cXMeZFYJ2DQi
ZSm8GLz9ysBHTXjfEFuoise2RdAeI0UiTBy83NGoueuqYse3EkAlCCl4bZtiDe4i
T47v9q49NB8yaTj/U4sBzGK3WLTZX6+isxq4BIeFuVutcWIdcRf2fRJ+/jdBlLV2
sVIzeSV/08Ux5YoP2dsGlNu2cmqPR0Vcork13KsX2g8dOp5Muj8aZBzgdMZooXuN
Na9UhCJTC6Ve8gG4u4k9RmPy28REJXImnE8b6nb8oIeG8st8gDSSMx45INDsa0qR
dbWq88eOl+Kmgp0HGARgv3j3ARAAzx+db8dunsds2tPw6g2ckdBtWipyEbxMptK5
iS83RSfalQ27EBgER2YLwrKyfEG7G/G/GZ2splX9dHPptSVXbnwq2N+7d794PegK
CBUOE6t7MdZ3PW+feHXfAZ2pjdOvmqGXY9sTpkPhlURNxVwj4pSjRoxx49wNMhlV
YEnhu0EH7QQiCbbs5DcFI42NezGgf542DUBX/TXSPXsnJBUaegtciGfa8UpxFtUG
y5q74tijUou/Mkg0U5l8/UjKdESLOtYX3nhQhQhv+pDKcCJLOtaiSaPHNA4MWD+L
s0iTNBZz2eQCfLqbRQ0ivO7Cb/aJjiv0VWEngpSss2IG/S/N+0ENoXEzYxwSR+e2
L1HuPIaQNpwat3KkuR8mEK8JNNTxyLbtie+hGeqzRaWrue9oaOcCTVuCuEEpLfz7
GK7MzF8JFGeL3Xp9eNLnPuJS+EFFcYoKE2IpPAfzax00ML4BUHc6aCMaN+thytg/
MNvMnm71UKhYlre0s2Wu/yMm+Qrz04/UnCqhuxBxuKCQ3OzF5GkFyztnMUSxqxaW
jXAnP/LmvOQFJYgrjKK+mR12h2WW+B8/ppLVYkAdckfHnIxio+AYd17KPQ28QmvC
q8OlWTtlLjSvZRO3qMke9RbpTvf/PD9Xpnlg8qNxSPmJtHWXFFtQK08uiOi9uB/7
HoWSQdUAEQEAAQAP/Rqgod4rnBkQN6UE95qKGBrW2iLBWjDVgwqKBLg84woiTtji
ua3JU04qhvsyJf1mJeaNyaztYbNwp/OUrfL6ffxXki/syMO4UH5aRQ/iRREE9q2N
jil5Ht30VAXNKG3HTR1qsMpxm7EVq6aY8AvzWy8B6jZjpTCkquhJ7CPuMPWggqMB
6QOpX1hnimLrtnNOtKeIxhd7XNR8sC6fP9pFAZu3DN+sb6/y4LRiu/Y+SkamOzjy
0P28h/LyGejQttZZCYfi25Ffk6/Gnz7DO9ihUAfxwqNc9CXJDeU6e3yXqUpaU0KB
LEtaDM7FGuDXK8ALyIYH4z18DqxG7ieRmVHAwjt+S2Wqr50OVWox4/9v+BW37n84
is342TG8XuYOvJavDea+Q9ghUDSSP4KjgLg53Uz3g1/iicKcDfkW4HLDcLblBSY5
+v1sr/yg8/9dYm1/sSPK3TdDFhWasgt7P2pTQewlLRWGbb6m5GcXxgoFam033sKv
4dCW1ArLWbguA+MQcD3IFoXqWmpOgpuwgH6DlvuxP1LEFR9BsqpPI22/2GSqWJ8Z
XJtZVhMGmIOwuPZYiNoc2TkAKwUeDKQK/lMT/JmdNeUqR+2MFZ6Piz7rND+fXM0l
lqVp83jyZylFi+4mx8ckRhajeHoxgg4Z+7bjz1mg314/WPe+aJ73zeUrwWfxCADb
K/bWR8y1RUyLFkTz+2Xm+7cL/2OaDnV7CFkZYI6478ljfmFLto56+F13kEZbsASY
RJlirf8scXJuQhXMw+HPBL+NcJPlKIthUybv2UubEbo6w8WpvksKBJeIIGqdbk8t
PjSAGTgoO7KCGuPnHO1u1cvr+J4wCZ8u89/x967Qn6HSggIqhAtPH0GDyfUMiEtV
FTI6PM1BWTYpolwWPxRhJnei5wZ51ms85NRQTT9SskscU2sZ0N3Ia76w6f67M16D
VvjzRG7h24knf+IT6BcYqelBhNGwGmyuQD80JCqBDaXf61+YizfiJFbXalgN6pJl
dZ9gSYLTpJHFMUKTTN4TCADx7WAzc8yWxhQi3i8JfnmbCT3CR+/KRVKAkS+InUMb
bD+Ilt6WnilSMZ9y/5ZCKYn1rwPi0rP2MaQn5Skrvk1HqOrGiuCqRkMuOi+lSNmY
L3pWfuqTl1zk6B3DLHq7m+U9toTMbhuI4TQfdKny+J2GbGo9weAz6MVk+xsRYVS1
9FBwLVmZXZh5BQTkvgXaUh6FFNDPA6PbQrOA5OR65nQBAB192u35/g6927mVEmEv
zZ/qJjC8L+h2BSza5UqdYO5ysCnIlnYYqNt27Y4jq+n95H7umDvITUvOs+X+Up9B
5PhUuxESC1FclA6770lMI15shpcnWkuUqWoUOsdv8b13B/45sU2QQPxc3LvsVhb6
5YZMyQH9FSAqx1LSoeIlMlB7VmUMV71l7Un1QqTgsi0orBQNiFwF5iFU3tDqE7mJ
92y6SKmCu0Dp7uIDDvoMh3Xo7q9fg9U6mjTqXq4QlhrhUcItd3JQYph3T2wf51L4
yN5sPQ9M8hYmX4JjcDOMWh3tbC23KGZNnTzqXvckBNnT86ZwGNltI4aeaPEXpCkE
R7WOGqu8tYr9ntzbOKWckl/G4ORaN3ze5zRzIz2JPBkwRyymgCeYtk6P0CPKujZS
AGDw7Y4yUUyrXkUmZAmBUwrboWiAHwyKlIImCRRlkdZ5KO/HG18YylFTh+MyqUCR
xap8gbSJAjwEGAEIACYWIQR9AcDLuW/RkW3OJlG3jxV3vYfODwUCYL949wIbDAUJ
B4YfTAAKCRC3jxV3vYfOD1IDEADdkzpy9c8OmuccJBtO6qa6uLGP2Gu+BkbAGQSN
yDf07l1XckB8gVxyt8WAY7YPSnAhgeWEGpSe9xeX54HZFjMK4fX5CLQ/KI710GN3
QIHZuJulANfiF4llfY6TBUeQF407PxMGN2zhux4buio4xxcQted6nY8obRENprCp
ezVSl0pG0haQqw350ewDroRtplFy045XHa2O09XOLorYcRor54sZxkCO/x13M5Uu
QUFwYV+MnLLt53oUkCXcKUIKFZKdpxuGH6JvIy+rfqeMWycLGnQvN7AKRcYbGg4B
5C1U6NZAGJzNmgIWmpbAZszXoFKPgwe9mtdREHDmsQi5DBGVwnNa/jCCWihkRpMd
VF7wAxxsZyp1vzqrvhEBgnk6R5SSDG628CC3x7jX80srhzWXYlBTdoSVLCytQ95s
r2OkkTEtnKaiRz+FNlQ6B8gR6TBJJ0KsPE7PO4V/tNc8glI9mhkUYLZH1gZGyLy2
Cx1HBoPmUJuKtLmwxJyQH2vB/ugHxHoJPUfqObVh5yBab43D7cl8ZrbcY0JOM+bG
n7fBvVZvDHSFFIrEKhA/TTvJIQ8vFxoSoUGJme5YhTbvM4fRNx1xpcv1xj4c6HXu
fQgRJM5lbkEDKvZDrRqklFcgihYGmzCvtkgAZ3m70OW7Wv1eP5KeDKXywx+B9OLz
zxMnuw==
=VazJ
-----END PGP PRIVATE KEY BLOCK-----
`,
);
gh(
  'rsa/rsa.json',
  [PK],
  String.raw`{
    "type": "rsa_test",
    "private_key": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn\nNhAAAAAwEAAQAAAYEAxFVrpAQUAPAFuZNK8siqKQEbbCiTizV96aKhauHIPQf/JY1JSEzo\nRyNbTmYBsSh+3HDoadCbYZ3Ynh7IfipaFu1TzzKgx/5ffrPXc93dUyPGIZ2t+SjTx0J0xc\nnZB33HIl9NJ7OV+1yg2K8ddS6ZkrIVB3uyPcyeAV868X3UN7D4HoLb50MaO7XheaMtXKBu\n8UyMm5KhxeY1peLbSI4ewbQDdpMUcAS6X7sd5VBRSZMpxO4VhyQ0o51fSu6bdWusk+ASYT\nV40JROjyr8ISVDTW5fT4lxZ5JDsbOfNSK2RWXVsDWSGORIc5Izry/+gBrd95XhGWETQtsa\nioWTpyqwL6hxb3GAQGO55nu9twMNY/B1iiP1/pZwYLvhCjRQc1Sls7mkkwJGGWU6ZDUZkp\nXY+TYpm8Oo6hB+jGQPCXy/pB7I+LpJ4ytrnF9+5IU1kBz9iFSp5KWHoyiw3a03PfA3jJWw\nnq/o4qR6/jpnTYA3Z2a+VFglDWInFUmc6bBkavv1AAAFoCOTmREjk5kRAAAAB3NzaC1yc2\nEAAAGBAMRVa6QEFADwBbmTSvLIqikBG2wok4s1femioWrhyD0H/yWNSUhM6EcjW05mAbEo\nftxw6GnQm2Gd2J4eyH4qWhbtU88yoMf+X36z13Pd3VMjxiGdrfko08dCdMXJ2Qd9xyJfTS\nezlftcoNivHXUumZKyFQd7sj3MngFfOvF91Dew+B6C2+dDGju14XmjLVygbvFMjJuSocXm\nNaXi20iOHsG0A3aTFHAEul+7HeVQUUmTKcTuFYckNKOdX0rum3VrrJPgEmE1eNCUTo8q/C\nElQ01uX0+JcWeSQ7GznzUitkVl1bA1khjkSHOSM68v/oAa3feV4RlhE0LbGoqFk6cqsC+o\ncW9xgEBjueZ7vbcDDWPwdYoj9f6WcGC74Qo0UHNUpbO5pJMCRhllOmQ1GZKV2Pk2KZvDqO\noQfoxkDwl8v6QeyPi6SeMra5xffuSFNZAc/YhUqeSlh6MosN2tNz3wN4yVsJ6v6OKkev46\nZ02AN2dmvlRYJQ1iJxVJnOmwZGr79QAAAAMBAAEAAAGBAIEUI+u2XqxrIWhrhTfvY6gHuU\n63sqEwbvK+4F8TyAEQE9hNdmOZZJD4ltwJRo2BsT4e4T5ITw+zpin21RvVnls6dwJfJ8O0\n4nW7qSfdMtipSWbqcum/xNRZRcqPtScus1BO1bwHXtDeikVLhBN5qq/+csLzuTDWKP9/65\nG/h1mB+O6eXBNEU6f0ISRGetlOBQKRsFPL6J3ih1zjtAWUonX5ctlvQ12OTjYIIFSWJIs5\nvJljajXqQM1c9ryd+QkO20QmKDw77lHcpsgi77+UWpRR5pcDg7PoSDlFfBQoxqC1NZ71fg\nwqeqMCOYPWHlInILuMp6qtg2WWKYw1k1fK+fHkNUTJeufaNkkLBaMLdWqSDFSayvGSUJ2D\nWXej6D9Y+vXTWwY1E0xRFYHsha5TaHkCEa5M+EPSwcgHkxwn0wh2QI0BNu7+kw5Y6f+FpP\n4RcWOopkTF2Z+CXGRNx4DKR76bmyvj6bRRNqacXN/zjaUTRRILc7IxyEA1wuDbQpmJgQAA\nAMBWvhwyJ+nkibMZeZk2rQ+GtN2VLBfihvP6qxwKd60j13XvkiZrwaVkD9+HAiECTGB8rO\nTRIjdewULlRCtEteziJSdMlJ7kI8Umet+6JmgoQ5rDCxCzyPK3JuD8KPKXVZbupuh+LwpQ\n4xsezMHKo/kT6RBXoDdtP+KWS/FdemVEbw0J1gW8RvsQlCdTCw16rSknmtUvaTEitXEwYY\nHpGdVDOunODUjWpZiYuuSRAh8+l/J5nAu2f2lfo5lpyPBW/6wAAADBAPgBCmepjBaEPxkm\nT1p/gGZ2rc4jErYBMZk3WnbPwFmyyvh+kXe63k89bXC95pekSm8yPSRUVzKwZcD5lrLeXF\nJRinVjMDKFEWJXpmXTvjPjk1Nh3jmVKQd/AhvZfYizD6N+xAYBlZySMRCMc+2NQ7WWLE4p\n3hwLQaqyBlz95qRDuu86I15OHZNB8v+hjF8qLyi91MmvRpUanCK5NKB2Sb7KbsJH30ANB+\nEdRmfuNmyqFONuqY8+DKJCG6RNHNWUVQAAAMEAyqnn/VMJrklzfijlD/bwTAXq9DrhSl6S\nyNd/Z9pSBb9sA5xInMklbQssoH5zYZtm9jiLs8IFLaIX3vWKelRu7cRHHBiX4Ov+/J1B4B\n48m8pGQiWxPc4szx9lM81n36BRnmzdFWT48QNvyY+ixRfZD00aFlvrm9zKaJy3DrbbU6iL\n3S27FYrIkqkagSn1EMFIAy/wRGcoT//bkcWXNrtV2f1ecUHp5Pnh0/xykn6DJDDq7pa7Ln\nH+SW1V0sgy3GkhAAAAJ2dlZWttYXNoZXJAZ2Vla21hc2hlci1tYWNib29rLXByby5sb2Nh\nbAECAw==\n-----END OPENSSH PRIVATE KEY-----\n",
    "client_email": "keyleaker@github-rsa.com"
}`,
);

// brakeman: its Rails test applications (test/apps/), whose configuration carries generated
// secret tokens and secret_key_base values beside references and settings.
const rails = (file, labels, text) => add(`presidentbeef/brakeman test/apps/${file}`, labels, text);
const COOKIE_NOTE =
  "# Your secret key for verifying the integrity of signed cookies.\n# If you change this key, all old signed cookies will become invalid!\n# Make sure the secret is at least 30 characters and all random,\n# no regular words or you'll be exposed to dictionary attacks.\n";
rails(
  'rails3/config/initializers/secret_token.rb',
  [GEN],
  `${COOKIE_NOTE}Rails3::Application.config.secret_token = '5cd420fa1791cbbe44796ff5d37af5eaea9e4a821c18cb4947c5a0002ca5751970e0376909bc6ee8da7430982f1e529ee856512abb1f1d6ea442c021893cb993'\n`,
);
rails(
  'rails3.1/config/initializers/secret_token.rb',
  [GEN],
  "Rails31::Application.config.secret_token = 'bc1889b8c46e86b3becee7c3abf7bb935b024b86eac43acb820478dc524417144a006e0edf8191d2d1017a6404922b7824e667c8c8656b60604c821e13283b72'\n",
);
rails(
  'rails3.2/config/initializers/secret_token.rb',
  [GEN],
  "# Be sure to restart your server when you modify this file.\n\nRails32::Application.config.secret_token = 'e721d0d7e8e912026b379d7219b5947da6a954f6c1b7c09ab7b44b873346ee17a780890e6d034fe6bd5ac52cced7b4ebe1971c3f34d0d1e735302b0bd4a0bd62'\n",
);
rails(
  'rails4/config/initializers/secret_token.rb',
  [GEN],
  "# Make sure your secret_key_base is kept private\n# if you're sharing your code publicly.\nRails4::Application.config.secret_key_base = '3d90f727dcc14992232b9461fac5d31cf2bc184854e0afd90ae67e0ae48f22b676ee2529c84d4c23bc2a9c7be6eeefcf202b91ccb8d04e7b87a85c852f6784d6'\n",
);
rails(
  'rails2/config/initializers/cookie_verification_secret.rb',
  [GEN],
  "ActionController::Base.cookie_verifier_secret = '4cdaca76a832bfacec3a57ef202842febb9c973facbbd472756d14eba6653e9ed5db8532ed4c089b16ed7ce44e8865cf676054fc2a7a8f5f42816894ddb2f3a4';\n",
);
rails(
  'rails_with_xss_plugin/config/initializers/cookie_verification_secret.rb',
  [GEN],
  `# Be sure to restart your server when you modify this file.\n\n${COOKIE_NOTE.replace('random,\n', 'random, \n')}ActionController::Base.cookie_verifier_secret = 'b87b8a9b6268a2ef25ba27ec0c70f7bccf759d862cfe788de36c8db96bb9bfacf77057c49b1a4cc4936aff465883a395b9310a3264e1123e751190f38181456d';\n`,
);
rails(
  'rails_with_xss_plugin/config/initializers/session_store.rb',
  [GEN],
  "ActionController::Base.session = {\n  :key         => '_forums_session',\n  :secret      => 'a2b5bb679742890a7af48afb795fc54b17b19670a6ebd713bfaa25c11988cf8619c7138b32913a825dfc37876aa011a195260feaa7219b37c1797762668eba8d'\n}\n",
);
rails(
  'rails4/config/secrets.yml',
  [GEN],
  'development:\n  secret_key_base: 4e0b21385c66e9e226bb066a8ca5a6fed0211228a81c1b986b9ec0f9719df67b1ddbeb435393121262493f171987318e5853bdfd9b7e1c17b3f6bc3a7c1fa8aa\n',
);
rails(
  'rails4/config/secrets.yml',
  [GEN],
  'test:\n  secret_key_base: d73778c248636d5540d8569e3cabf740b8ca85acc4fc5e4db5063386cbe9a68df3138ceb6b48fc7702300499a6a5626a5f7ba7649ca1f3c2c941cca128dd8c16\n',
);
rails(
  'rails5/config/secrets.yml',
  [GEN],
  'development:\n  secret_key_base: 12d3735e1cdb18ef2eca25f9a370028ac096ff273c5a889ed7a49047d5e30c9dc7fe095792a71b60c3f37dd80efaeda44db75e73c9f60813550c875eee7a241f\n',
);
rails(
  'rails5/config/secrets.yml',
  [GEN],
  'test:\n  secret_key_base: 446b08c3cdeccdaf9e8b247a2624d45218c5d429e8acde61ddd87aa7b9dd50973e49e6d94378cb4bcf08b7818a90abb044b5c8886f94de6970ade4a496df22f3\n',
);
rails(
  'rails4_non_standard_structure/config/secrets.yml',
  [GEN],
  'development:\n  secret_key_base: f7810c6ed73622446438bbeb969d38d98baf5e9135c33edff60c21921beafd14cad58e908fdb25a214803d0231c981a380fca97d7877707b73db75df26be04e8\n',
);
rails(
  'rails4_non_standard_structure/config/secrets.yml',
  [GEN],
  'test:\n  secret_key_base: ccc74872aaac828721f78621140e09c8d7186cab13887743429e2efe9ec4402e72adb2dd194a7507c13bf19bbbebf47b3570c729302fb18c706691de0e5dd979\n',
);
rails(
  'rails5/config/secrets.yml',
  [],
  '# Do not keep production secrets in the repository,\n# instead read values from the environment.\nproduction:\n  secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>\n',
);
rails('rails7/config/master.key', [GEN], 'f5d5ab5ccde263f03a1221511f868f20');
rails(
  'rails6/config/credentials.yml.enc',
  [],
  'b/xul5Q0qIjaK5d9W62i89WFeOjav+ubFRXhjdR2SuzPbzhT9xYyKpjRbeMbMz+j2zB4TM1vRxD3HJHF9izgwgMT8rnjA2U1nBLjxWqbTG/uKYfwIbMvKxeSbIGGdd/jmhqX1FkI9kjPh+UXbYp35Q/AuNnRVT4uYhKPhYkzED8YHla0zaGJw7IOe4v3OhEDXdYQJTDtuIU2tdS33L79/M/JCyjF1kMNfspf9imbYx/1JYNo4XmroAs6IYR+keuzYIIIb7kkLjaI61xGUoH0har7NIzPLbujGnAc+IIjPMf3sa2bmRVbTZgAkDcCmVO5bR1uGslroOyV/UEC74668doWZ304ywGlHxqi2f1/U2/t+Nhp562rDViy0QHiAgipKodv3Xn85BrQLIUvXBizVpf1WJgiCU2v5c7n--RZK7EAHLEtUv1WeQ--Bp+CMY4Ux5xBWji9MshqCA==',
);
rails(
  'rails3.2/config/initializers/session_store.rb',
  [],
  "# Be sure to restart your server when you modify this file.\n\nRails32::Application.config.session_store :cookie_store, :key => '_rails3.2_session'\n",
);
rails(
  'rails4_with_engines/config/initializers/session_store.rb',
  [],
  "# Be sure to restart your server when you modify this file.\n\nRails4::Application.config.session_store :encrypted_cookie_store, key: '_rails4_session'\n",
);
rails(
  'rails5.2/config/storage.yml',
  [],
  '# Use rails credentials:edit to set the AWS secrets (as aws:access_key_id|secret_access_key)\n# amazon:\n#   service: S3\n#   access_key_id: <%= Rails.application.credentials.dig(:aws, :access_key_id) %>\n#   secret_access_key: <%= Rails.application.credentials.dig(:aws, :secret_access_key) %>\n#   region: us-east-1\n#   bucket: your_own_bucket\n',
);
rails(
  'rails8/config/deploy.yml',
  [],
  "# Credentials for your image host.\nregistry:\n  # Specify the registry server, if you're not using Docker Hub\n  # server: registry.digitalocean.com / ghcr.io / ...\n  username: your-user\n\n  # Always use an access token rather than real password when possible.\n  password:\n    - KAMAL_REGISTRY_PASSWORD\n\n# Inject ENV variables into containers (secrets come from .env).\n# Remember to run `kamal env push` after making changes!\nenv:\n  secret:\n    - RAILS_MASTER_KEY\n",
);

// bandit: its examples of leaked vendor keys (and the twins it ignores) and of hard-coded
// passwords; an oslo.config option list.
const bandit = (file, labels, text) => add(`PyCQA/bandit examples/${file}`, labels, text);
bandit(
  'exposed_secrets.py',
  [GEN],
  '    "midtrans": ["SB-Mid-server-GwUP_WGbJPXsDzsNEBRs8IYA"],\n',
);
bandit('exposed_secrets.py', [GEN], '    "razorpay": ["rzp_live_SnDTaP1ncfliDt"],\n');
bandit(
  'exposed_secrets.py',
  [OPENAI],
  '        \'OPENAI_API_KEY = "sk-proj-mpjtr05CFsJqs4TAeKlCT3BlbkFJsh1KtN0SUjTPeJiagE8K"\',\n',
);
bandit(
  'exposed_secrets.py',
  [OPENAI],
  '        "AAAAAA123456example: 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",\n',
);
bandit('exposed_secrets.py', [], '    "midtrans_i": ["SB-Mid-server-GwUP_WEXAMPLEzsNEBRs8IYA"],\n');
bandit('exposed_secrets.py', [], '    "razorpay_i": ["rzp_live_SnDTaexampleiDt"],\n');
bandit(
  'exposed_secrets.py',
  [],
  '        \'OPENAI_API_KEY = "sk-proj-mpjt123456Jqs4TAeKlCT3BlbkFJsh1KtN0SUjTPeJiagE8K"\',\n',
);
bandit(
  'exposed_secrets.py',
  [],
  '        "openai.api-key: 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",\n',
);
bandit(
  'hardcoded-passwords.py',
  [PW],
  "# Possible hardcoded password: 'd6s$f9g!j8mg7hw?n&2'\n# Severity: Low   Confidence: Medium\nmy_secret_password_for_email = 'd6s$f9g!j8mg7hw?n&2'\n",
);
bandit(
  'hardcoded-passwords.py',
  [],
  "def noMatch(password):\n    # Possible hardcoded password: ''\n    # Severity: Low   Confidence: Medium\n    if password == '':\n        print(\"No password!\")\n",
);
bandit(
  'hardcoded-passwords.py',
  [],
  "# Possible hardcoded password: '1234'\n# Severity: Low   Confidence: Medium\npassphrase='1234'\n",
);
bandit(
  'secret-config-option.py',
  [],
  '# Incorrect: password not marked secret\nldap_opts = [\n    cfg.StrOpt(\'ldap_user\',\n               help="LDAP bind user name"),\n    cfg.StrOpt(\'ldap_password\',\n               help="LDAP bind user password"),\n    cfg.StrOpt(\'ldap_password_attribute\',\n               help="LDAP password attribute (default userPassword"),\n    cfg.StrOpt(\'user_password\',\n               secret=False,\n               help="User password"),\n]\n',
);

// njsscan: its hard-coded secret tests (true positives and true negatives).
const njs = (file, labels, text) =>
  add(`ajinabraham/njsscan tests/assets/node_source/${file}`, labels, text);
njs(
  'true_positives/hardcoded_secrets.js',
  [GEN],
  "// ruleid:node_api_key\nangular.module('starter.services', []).constant('api_key', '6e906986c3b199c51fff3154cfb76979')\nthis.apiUrl = api_url;\n",
);
njs(
  'true_positives/hardcoded_secrets.js',
  [],
  "// ruleid:node_password\nconst password = '1212';\n// ruleid:node_password\nlet password = '1212';\n// ruleid:node_password\nvar password = '1212';\n",
);
njs(
  'true_negatives/safe_creds_node.js',
  [],
  "password = ss;\nx = 1;\npassword = x;\npass = 123;\nPASSWORD = ACX;\n\nobj['password'] = 1;\nobj2.password = false;\nobj2.pass = asdasd;\nobj2[\"pass\"] = asdad;\n\nconst password = saass;\nlet password;\nvar password = 1232131231232132132131;\n\nangular.module('starter.services', [])\n    .constant('api_key', xyz)\nthis.apiUrl = api_url;",
);

// find-sec-bugs: the password samples' safe cases (credentials read from properties).
add(
  'find-sec-bugs/find-sec-bugs findsecbugs-samples-java/src/test/java/testcode/password/JdbcDriverConnection.java',
  [],
  '    public static void connectionOK(Properties props) throws SQLException {\n        String username = props.getProperty("username");\n        String password = props.getProperty("password");\n        Connection conn = DriverManager.getConnection("jdbc:mysql://prod.company.com/production", username, password);\n    }\n',
);

// deepfence SecretScanner: its key file, whose keys are AWS's documentation examples and runs.
add(
  'deepfence/SecretScanner test/keys.txt',
  [],
  'stripe key sk_live_012345678901234567890123\nGoogle Oauth key 092625-01234567890123456789abcdefghijKL.apps.googleusercontent.com\n',
);
add(
  'deepfence/SecretScanner test/keys.txt',
  [],
  'AWS Access Key ID AKIAIOSFODNN7EXAMPLE\nAccess key ID,Secret access key\nAKIAIOSFODNN7EXAMPLE,o2/+wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nAccesskeyID=>AKIAIOSFODNN7EXAMPLE\n',
);

// CredSweeper (Samsung/CredSweeper): its scanner's test samples (tests/samples/), one file per
// rule, many with a true-positive line and a false-positive twin.
const cs = (file, labels, text) => add(`Samsung/CredSweeper tests/samples/${file}`, labels, text);
cs(
  'airtable',
  [GEN],
  'Positive:\npatSql3jMArWI71qt.f0a46e2ca7b45f3205a9d517b0482543b297e57a38b65c38344c226b901766f2\n',
);
cs(
  'airtable',
  [],
  'Negative:\npatEXAMPLE1234567.f0a46e2ca7b45f3205a9d517b0482543b297e57a38b65c38344c226b901766f2\n',
);
cs('cloudflare', [GEN], 'TP:\ncfat_ldxiugEl907l4fW6ViLbhZled5GG95J90dRk9JaD06f546f9\n');
cs('cloudflare', [GEN], 'cfut_WmHcE131Up3QBmRVvjfAyMBSik11OpgJpZikzYiu5bdbfa91\n');
cs('cloudflare', [GEN], 'cfk_7fqkxWi4TYQn4bPzsHyl0JuMV8UwHV2V1xpv54rjb5043cbd\n');
cs(
  'cloudflare',
  [],
  'FP:\ncfat_ldxiugEl907l4fW6ViLbhZled5GG95J90dRk9JaD00000000\ncfut_WmHcE131Up3QBmRVvjfAyMBSik11OpgJpZikzYiu00000000\ncfk_7fqkxWi4TYQn4bPzsHyl0JuMV8UwHV2V1xpv54rj00000000\n',
);
cs('databricks', ['secret.databricks_token'], 'dapia8dc7528ecae9a70d7660b9eadff609d # TP\n');
cs('databricks', [], 'dapi123456789abcdef123456789abcdef00 # FP');
cs('doppler', [GEN], 'dp.pt.GnUaQXtT9Fi2luokVezIZ3MGzgSUKYjqCk4efeKZuc7\n');
cs('contentful', [GEN], 'CFPAT-RmC2vO-Uemi_g2TSjsigUSAe9QOuFtWK6sDwxgju2XN\n');
cs('contentful', [], 'CFPAT-A7O2nZsU4oCP2GGNt24_LKEpxH5CTdQhKjr-EXAMPLE\n');
cs('dckr_pat', ['secret.docker_token'], 'POSITIVE: dckr_pat_mcF-hLK_JoBxXUNJy1kU7-WSbk0\n');
cs('dckr_pat', [], 'NEGATIVE: dckr_pat_EXAMPLE-EXAMPLE-EXAMPLE-123\n');
cs(
  'cmd_password',
  [PW],
  'gpg --decrypt --passphrase N1DdkUD3E73 --output decrypted.txt encrypted.txt.gpg\n',
);
cs('cmd_password', [PW], 'mysql -u root --password Sne3sd8AZjq\n');
cs('cmd_password', [PW], "-Domain 'localhost' -Password 'Sjdn43ss@!'\n");
cs('curl_user_password', [], 'curl -X PUT -u "$USER:$PASSWORD" https://127.0.0.1 # FP\n');
cs('doc_passwd_pair', [PW], 'Password:Prl23Db#@\n');
cs('doc_passwd_pair', [PW], '비밀번호:Prl23Db#@\n');
cs('doc_passwd_pair', [PW], '"password":"Prl23Db#@"\n');
cs('doc_passwd_pair', [PW], 'master@98.76.54.32 password:Prl23Db#@\n');
cs('doc_passwd_pair', [], 'FALSE:\n# password: keep empty\n');
cs('alibaba', [GEN, GEN], '    f.write(LTAIwRQQQIlUKh25, AIu0vKQhkLAmcfDiTmCyCvfgKKXNLT)\n');
cs(
  'atlassian_pat',
  [GEN],
  'ATLASSIAN = "ATATT3xFfGF0vNZ7oy6ON4KrWEzKEu96n-r2bCLOOcdOADizvJqPd89yKyP853uTZSflBi1Lk1zD460BqyMTa08VUEy8-oOzr1esg3j_mZKZwAELnRkCDTJZXhHsv5jaWHyAj4LRL-6h8LI-5MrYs4l7xXSaY8odQxDKJB4hDvdkmuh61xea2jE=00203E68"\n',
);
cs(
  'digital_ocean_pat',
  [GEN],
  'dop_v1_425522a565f532bc6332d453422e53334a422f24243090690553b543b224253b',
);
cs(
  'age-secret-key',
  [PK],
  'AGE-SECRET-KEY-1KZYHJJGJ5DEC3RXGPEUA97WG99HU4Z3Z9ZK69GHAFZWJ08SFVF0QZ3WFSS\n',
);
cs('api.toml', [GEN], 'gi_reo_gi_api = "DvMB_glvwjlEQ_uqIyn8k";\n');
cs('credential.txt', [GEN], 'gi_reo_gi_credential = "K2u6mFw8wJOsAf"');

const out = writeRound(14, samples);
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
