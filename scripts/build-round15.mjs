#!/usr/bin/env node
// Round 15 of the external sets (src/detect/README.md, "Round 15"): secrets only, from
// repositories no earlier round used: Plazmaz/leaky-repo (a benchmark repository built to
// measure secret scanners: dot-files, cloud CLI configs, FTP and SFTP client configs, Rails,
// Django, Laravel and WordPress settings, key files, and its own hashes and default
// passwords), OWASP Juice Shop (its seeded users' passwords and TOTP secret, its HMAC and
// premium keys, a wallet mnemonic, and the same credentials typed into its Cypress and API
// tests), the secret-scanner tests of Review Board's ReviewBot (its invalidated real GitHub
// tokens and its placeholder twins of twenty vendors' formats), Datadog's agent scrubber tests
// and fixtures (API keys, bearer tokens, a PEM key, and the `aaaa...bbbb` placeholders it
// scrubs), newrelic's rusty-hog entropy tests, OWASP RailsGoat, WebGoat and crAPI,
// bridgecrewio's TerraGoat, globocom's secDevLabs, and one Vault tutorial note
// (coldmund/VaultTest_Vault). Every text below is copied from its source (named per
// sample), cut to the lines around the value; ReviewBot's texts are the two-line file its
// test writes around each token (`def func():` / `call_api(<token>)`). None of these
// repositories descends from an earlier round's scanner (ReviewBot's rules are its own; the
// rest are applications, benchmarks and fixtures, not scanners). No positive value here
// appears in an earlier round's files (checked by grepping test/fixtures/detect/ for each
// value): leaky-repo's id_rsa, proftpd hash and bcrypt dump, Juice Shop's ctf.key and
// jwt.key, its `bjoern.kimminich@gmail.com` password and TerraGoat's `Aa12345678` are in
// earlier rounds and were left out.
// Labels follow the written convention (test/fixtures/detect/readers/CONVENTION.md): an
// obvious placeholder (`1234567890ABCDEF` runs, `abcdefghijklmnopqrstuvwxyz123456`,
// `abcdEFGH1234ZYXW...`, `aaaa...bbbb`, `AAAA...BBBB`, `K1f.....`, `xxxxxxxxxxxxxx`,
// `<root token>`), a famous example value (AWS's `...EXAMPLE` keys, `admin123`, jwt.io's
// John Doe token with `alg: none`, `P@ssw0rd` variants such as `p@ssw0r)` and `passw0rd`), a
// word (`password`, `pass`, `secret`, `example`, `crapi`, `crapisecretpassword`), a password
// equal to its user name (`admin`/`admin`, base64 `admin:admin`), a variable reference or
// template (`${A2_SECRET_KEY}`, `{MONGO_INITDB_ROOT_PASSWORD}`, `ENV['MAILTRAP_PASSWORD']`,
// `process.env...`, `ENC[token_secret]`), a value whose filler words say it is fake
// (`dummy-pass`, `sampleHerokuKey`, `InvalidLength12345abbbb`, `IamUsedForTesting`,
// `THIS9ISNT8THE8RIGHT8SECRET`, `this_surly_isnt_the_right_key`), a hash (htpasswd,
// container ids, image digests), ciphertext (an Ansible Vault file), a public key, a PEM
// header without a body, and a keyboard or digit run (`qwer1234`, `123456`,
// `ASDVAJSDUASZGDIADBJS`, `123456789101112...`) is a negative; a real-looking credential is a
// positive even in a test file. A word or default credential the source counts as a secret
// (leaky-repo's `hunter22`, `swordfish`, `pass123`, `password123`, `Pass!12345`,
// `RedisPass1!`, `Mailpass1234!`, `ExamplePas123`, `AdminPassword123`, `testpass`,
// `mongopass`, `salesforcepassword`; Juice Shop's `ncc-1701`, `Mr. N00dles`, `uss enterprise`,
// `i am an awesome accountant`, `kallliiii`; WebGoat's `victory`; NodeGoat's `owasp`) is left
// out rather than argued either way, as is a keyboard mash (secDevLabs'
// `ijsakldlkasdnsadalnsadlsnnlsa9r238r238ru98r28DSDSFDSu`), leaky-repo's IntelliJ-obfuscated
// password and Firefox logins (ciphertext with its key elsewhere), its unnamed
// `high-entropy-misc.txt` strings and a Juice Shop JWT its test mangled with
// `REVOKE_THIS_JWT`. Choices this round needed: a value under an AWS key name that is not in
// AWS's format (leaky-repo's 26-character `AWS_ACCESS_KEY_ID` and 38-character
// `AWS_SECRET_ACCESS_KEY`, and the same pair under `.s3cfg`'s `access_key`/`secret_key`) takes
// the AWS types, since the convention types `AWS_ACCESS_KEY_ID`'s value and a secret key
// under its name; a Docker `auth` value, Rails' `secret_key_base` and `master.key`, Django's
// `SECRET_KEY`, Laravel's `APP_KEY`, WordPress' keys and salts, Heroku, KuCoin, DigitalOcean
// (tugboat), Square and Microsoft Teams values, Review Board's `rbp_` API token, a Datadog
// API key, a bearer token (including a UUID-shaped one: it sits in an `Authorization`
// credential, not an id field), a TOTP secret, Juice Shop's HMAC and premium keys, a BIP-39
// wallet mnemonic and Vault unseal keys are `secret.generic_api_key`; Vault's `s.` tokens are
// `secret.vault_token`; a private JWK (crAPI's `jwks.json` with `d`, `p` and `q`) and a PuTTY
// key are `secret.private_key`; a GitHub token under a GitHub token name
// (`HOMEBREW_GITHUB_API_TOKEN`, `JEKYLL_GITHUB_TOKEN`, hub's `oauth_token`) is
// `secret.github_token` although it is 40 hex characters; a FileZilla password stored
// base64-encoded is `secret.password` (encoding, not encryption); Juice Shop's seeded
// passphrases (`focusOnScienceMorty!focusOnScience`, `kitten lesser pooch karate buffoon
// indoors`) are real passwords, not stand-ins, and are `secret.password`, while its
// `monkey summer birthday...` passphrase, which calls itself a bad password, is left out; a
// signing key under a password name (WebGoat's `JWT_PASSWORD`) is `secret.password`. Juice
// Shop's support, Jannik and wurstbrot credentials are written both in its seed file and in
// its tests, one sample per syntax (YAML, Cypress, frisby), as round 14 did for Temporal's key.
// A vendor token takes its vendor's type where the project has one (AWS, GitHub, Slack,
// Mailchimp, npm `_authToken`, JWTs, private keys, Vault), else `secret.generic_api_key`; a
// value under a password name is `secret.password`.
// The split is the corpus rule: the first byte of the SHA-256 of the text, even to
// external15-dev.jsonl (tuned on), odd to heldout/external15-heldout.jsonl (scored once).
import { writeRound } from './round-split.mjs';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });

const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const PK = 'secret.private_key';
const JWT = 'secret.jwt';
const AWS_ID = 'secret.aws_access_key';
const AWS_KEY = 'secret.aws_secret_key';
const GITHUB = 'secret.github_token';
const SLACK = 'secret.slack_token';
const MAILCHIMP = 'secret.mailchimp_key';
const NPM = 'secret.npm_token';
const VAULT = 'secret.vault_token';

// leaky-repo: a repository of planted secrets for benchmarking scanners; its
// .leaky-meta/secrets.csv counts "risk" lines per file, and some of those risks are words,
// defaults or hashes (left out or negatives, see the header).
const leaky = (path, labels, text) => add(`Plazmaz/leaky-repo ${path}`, labels, text);
leaky(
  '.bash_profile',
  [AWS_ID, AWS_KEY],
  "export AWS_ACCESS_KEY_ID=yLryKGwcGc3ez9G8YAnjeYMQOc\nexport AWS_SECRET_ACCESS_KEY=nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX\nexport AWS_DEFAULT_REGION='us-west-1'\n",
);
leaky(
  '.bash_profile',
  [],
  "export S3_BUCKET=dummy_bucket-90i8985p\nexport RDS_HOST='fake-rds.jfduhij34u80.us-west-1.rds.amazonaws.com'\nexport RDS_PASSWORD='dummy-pass'\nexport HEROKU_API_KEY='sampleHerokuKey'\n",
);
leaky(
  '.bash_profile',
  [GITHUB],
  "export HOMEBREW_GITHUB_API_TOKEN='51e61afee2c2667123fc9ed160a0a20b330c8f74'\n",
);
leaky(
  '.bash_profile',
  [SLACK],
  "export SLACK_API_TOKEN='xoxp-858723095049-581481478633-908968721956-f16b85d1f73ef37c02323bf3fd537ea5'\n",
);
leaky(
  '.bashrc',
  [MAILCHIMP],
  'export MAILCHIMP_API_KEY="38c47f19e349153fa963bb3b3212fe8e-us11"\nexport MAILCHIMP_LIST_ID="606b868828" # Not positive, but pretty sure this isn\'t exploitable by itself. Open an issue if it is!\n',
);
leaky(
  '.bashrc',
  [GITHUB],
  'export OWNER_EMAIL="example@gmail.com" # Informative, can\'t be used by itself\nexport JEKYLL_GITHUB_TOKEN="c77e01c1e89682e4d4b94a059a7fd2b37ab326ed"\n',
);
leaky(
  '.docker/config.json',
  [GEN],
  '{\n    "auths": {\n        "https://index.docker.io/v1/": {\n            "email": "docker@example.com",\n            "auth": "X3Rva2VuOjEyMzQuMThqZjg0MWZrbDQwYU90dTNrLXdCbDVuaThDM2Q0QVh0QjM2V2VqZzM4MDA2WlR5TDhUOWg5VXgrWWwzdTNVQ1hDWFZlWg"\n        },\n',
);
leaky(
  '.docker/.dockercfg',
  [GEN],
  '{\n  "https://index.docker.io/v1/": {\n    "email": "docker@example.com", \n    "auth": "X3Rva2VuOjEyMzQuMThqZjg0MWZrbDQwYU90dTNrLXdCbDVuaThDM2Q0QVh0QjM2V2VqZzM4MDA2WlR5TDhUOWg5VXgrWWwzdTNVQ1hDWFZlWg"\n  }, \n',
);
leaky(
  '.npmrc',
  [NPM],
  'registry="https://registry.npmjs.org/"\nalways-auth=true\npackage-lock=false\n# Informative\nemail=dummy@example.com\n# Risk\n_auth = YWRtaW46YWRtaW4=\n# Risk\n//registry.npmjs.org/:_authToken=26dfe8d8-889b-4380-92ff-9c3c6ea5d930\n',
);
leaky(
  'web/django/settings.py',
  [GEN],
  "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = 'zh!=!gq(w^_t[sBR29954x)HI+$ehwss*xYNQeu([xcWMhdzzr'\n\n# SECURITY WARNING: don't run with debug turned on in production!\nDEBUG = True\n",
);
leaky(
  'web/var/www/.env',
  [GEN],
  '# Laravel .env file. Can contain some SUPER sensitive stuff.\nAPP_ENV=local\nAPP_DEBUG=true\n# Risk\nAPP_KEY=base64:4StV8PVvCLC6gkJXgGdkYdlWW0suqjb2sj0QvDHx3Hsn\n',
);
leaky(
  'web/var/www/.env',
  [],
  '# Informative\nDB_DATABASE=main\n# Informative\nDB_USERNAME=root\n# Risk\nDB_PASSWORD=admin123\n',
);
leaky(
  'cloud/.credentials',
  [AWS_ID, AWS_KEY],
  '# AWS Credentials file\n[default]\naws_access_key_id = yLryKGwcGc3ez9G8YAnjeYMQOc\naws_secret_access_key = nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX\n',
);
leaky(
  'cloud/.s3cfg',
  [AWS_ID, AWS_KEY],
  'secret_key = yLryKGwcGc3ez9G8YAnjeYMQOc # Sensitive\naccess_key = nAH2VzKrMrRjySLlt8HCdFU3tM2TUuUZgh39NX # Informative\nhost_base = s3.us-west-1.amazonaws.com\n',
);
leaky(
  'cloud/.tugboat',
  [GEN],
  '---\nauthentication:\n  client_key: 383c8164d4bdd95d8b1bfbf4f540d754 # Informative\n  api_key: 3b6311afca5bd8aac647b316704e9c6d # Risk.\nssh:\n  ssh_user: admin # Informative\n  ssh_key_path: "~/.ssh/deploy.pem"\n  ssh_port: \'22\'\n',
);
leaky(
  'cloud/heroku.json',
  [GEN],
  '{\n    "heroku": {\n      "HEROKU_EMAIL": "heroku@example.com",\n      "HEROKU_API_KEY": "7a2f9a4289e530bef6dbf31f4cbf63d5"\n    }\n  }',
);
leaky(
  'hub',
  [GITHUB],
  '---\ngithub.com:\n- user: ocotcat\n  oauth_token: "7f9cc25de23d1a255720b0ae4551f4044d600f46"\n',
);
leaky(
  'filezilla/recentservers.xml',
  [PW],
  '\t\t<Server>\n\t\t\t<Host>localhost</Host>\n\t\t\t<Port>21</Port>\n\t\t\t<Protocol>0</Protocol>\n\t\t\t<Type>0</Type>\n\t\t\t<User>root</User>\n\t\t\t<Pass encoding="base64">NjllNWU5ZWMwZDU0MmU5Y2QwOTY4MWM5YzZhMDdkYWVmNjg3OWE3MDMzM2Q4MWJmCg==</Pass>\n\t\t\t<Logontype>1</Logontype>\n',
);
leaky(
  'kucoin/kucoin.py',
  [GEN],
  'def main():\n    kucoin_api_token = "ed6fb6e18e29fde78618e8ad"\n    KUCOIN_API_SECRET = \'c6cafa7f-d553-47ff-b1d2-b32ac617c8ee\'\nreturn kucoin_api_token, KUCOIN_API_SECRET\n',
);
leaky(
  'microsoft-teams-webhook/microsoft-teams-webhook.py',
  [GEN],
  'def main():\n    webhook = "https://mycompany.webhook.office.com/webhookb2/6zyp5abc-95oe-qr7w-dpkz-ejcr2hubspr4@s1zzdh7u-z2e5-g1j9-j2qn-gxadreclbzia/IncomingWebhook/9w30n4elvrl9f844lra09hqqykuwfzoe/1i476glp-bi8u-8qu3-o76j-2u9vw0l6cbox"\n    return webhook\n',
);
leaky(
  'square-access-token/square-access-token.py',
  [GEN],
  'def main():\n    square_access_token = "sq0atp-Je-VDtkIJi5GR8-FObU2at"\n    return square_access_token\n',
);
leaky(
  'web/ruby/secrets.yml',
  [GEN],
  'development:\n  secret_key_base: e0ec946fcefea5ce0d4d924f3c8db11dffeb7d10b320a69133c47a9641ab7d204d22c94f10c1ce1e187c643805fec5b2d2ba322c17bac533c110e6c6378ba84c\n',
);
leaky(
  'web/ruby/secrets.yml',
  [GEN],
  'test:\n  secret_key_base: 96dc2e349b1236b9e5915f1526b5e28e19a6557a88026007632c6c11da7cb5952ae55c520eb0d6fa78b972cbe8e855887f539edea5f969636792e54469e3c96e\n',
);
leaky(
  'web/ruby/secrets.yml',
  [GEN],
  '# Do not keep production secrets in the repository,\n# instead read values from the environment.\nproduction:\n  secret_key_base: 8969518770d7484053e72f09c7bd37995d79c320e618ce3ec7a44b7c43fafff1615622a01513789bff7ac7a5201c6382bb6851632c8aa63e76bf0f0a01ed0e17',
);
leaky(
  'web/var/www/public_html/wp-config.php',
  [],
  "/* MySQL settings */\ndefine( 'DB_NAME',     'main' );\ndefine( 'DB_USER',     'admin' );\ndefine( 'DB_PASSWORD', 'admin' );\ndefine( 'DB_HOST',     'localhost' );\ndefine( 'DB_CHARSET',  'utf8mb4' );\n",
);
leaky(
  'web/var/www/public_html/wp-config.php',
  [GEN],
  "/* Authentication Unique Keys and Salts. */\n/* https://api.wordpress.org/secret-key/1.1/salt/ */\ndefine('AUTH_KEY',         'MW1pxMctoyA(>M%0Vl 2(#o0|2$cB+K|.G$hB~4`Juw@]:(5;oVUl<<W3^e_R-fg');\ndefine('SECURE_AUTH_KEY',  'Y>Y9.5Ch0-3cq|=vbus[IeF(OJ9yZ|SQ#:iG;NSa+GJmj _1Ed(cVZ7r#+JMlA,S');\ndefine('LOGGED_IN_KEY',    'Q$:B]zZjN-AdT<>h7V1.vm+k^|}2wVZf]Xw#QEZ[-pSohv+Kj0W-Z|:|g$-+E8:8');\ndefine('NONCE_KEY',        '}Fi>>0a{> akEdJ1K3c}([(:x;K[)ZQ3F3cttcpd EFORd.%R|*|rdRs#-L-&)P1');\n",
);
leaky(
  'web/var/www/public_html/wp-config.php',
  [GEN],
  "define('AUTH_SALT',        'j@cGIZJfObpPU);AZgYH5,ubbSlUp|ZnLZNlq|;tkFe5xc(=_0[LKbF71T.EE ~9');\ndefine('SECURE_AUTH_SALT', 'Ed&1cr+{3T$a+{[8LP~i5-[|Z`x-V>;Di_C/E~UnSg{n[h#{D[-t>yIUZ8YqSu3t');\ndefine('LOGGED_IN_SALT',   'of@~yp:v@SK;Y}hzUo4=bz9WmX&vEw5TO dD$<2djGcE+Qz,Sb9i:{+U<#eM-RmE');\ndefine('NONCE_SALT',       ':9URM*n56|I|Rf$|ud0cFJ<KAA<1h_w]A!/?])<q+!qK>+Lq&j9^-!{%%pW. ,Z=');\n",
);
leaky('web/ruby/config/master.key', [GEN], '3ebf21f8e5d1ab86b27a720842c3bb56');
leaky(
  'misc-keys/putty-example.ppk',
  [PK],
  `PuTTY-User-Key-File-2: ssh-rsa
Encryption: none
Comment: dummy-key
Public-Lines: 6
AAAAB3NzaC1yc2EAAAABJQAAAQEAm5d5/daeAzNGKouE5k55gfHvpXzosIDIJgrq
TN7ADDyYdNSKqQt3bukQPsjDx9kHhO5VoRGiwnf4mFuLDWDGaGM08IIoTOa/coap
bJe2Ssn/IlW/8dwh9dba+ySxDIOi+2T9zDRCfNfbu5I5reBf3YvUOKvTh2vzEkL0
vl0iu/gAu8bpz1vxEntTtgZqSrqWQClMa1Fic3K/ryj/7zVt2/5RvgTXVOSX7mro
uMfp5+0H1Is7wlwXW0bH3C5HTefVI50jdC0SRXRC7hjMT0ER9Mi88Ug4wBOXgrGq
0qhBbwkbgdZpBBDKo/ES1RntRE4XSQbf2VYk3pQiIAd90KkwgQ==
Private-Lines: 14
AAABAQCO+eW40w29wGn9lPaqHpkrTQW6qiHuTNOYlGiZqhhCmIwYVJsX4QX3NwgC
V58mWLrNLgl/QKNml8HYHMT3iVxf7HXWFr0/v0gkDQpjya5uPRP2CZuf+rdsSOTm
x8VJxRJOy4FviffoV6dSarGLBYiGZNDaIVqYHgH1Gu68xEluc7/xxb+DnA23fkLc
mi0SUuxTbRBozM7Su8GfueSKbDkIcvrcxHOVITdmHw6capIPU4+drVxDFV+yfuUs
n1+pK7Wp/QQdkTphFjtM+xo8FKt1yobObI7hHgt2O+qt+qyAbAtYJQkKxxR6QffE
vIwe8W3exS8KLkfs3LYgelHi6JAVAAAAgQDflwoez1BhFKlYDd79WZJbvvDnUpZ9
uW/CiG1SiXu/vupxlynrhIhmo0l2bboXW06KMiPAowaYSB4SnGVOm/8jERwzKDjp
zR0yrBAgrfXP/7M8PXhibMEFPJaMYQprt2L+Jz4if1U3jocQ8biQgEJ9OSSH3//s
sFemXUx6OF4vJwAAAIEAsiUpXHhaNcUx/jCOtF03ZoDJPKau1npUyI+AcO002XXD
7UWqyGLHGqdK8XOo6E7DjoXfh6knpf4XFjTfTNQqEgaxXMJdpSzN7desHiOtPBME
ZnjSK8fA7zZhceF2dFkSa1yOFwgQGuq4zpxX8XUyC+jAd5tvJiTx8cyQQRJN7BcA
AACAVbulIVG0cO2b/JGtma0215L6tEaYYDPcbmpaEmNAhFZsD3ojWgMpu7Dd2UEH
uuPgRUXbKRGS/S4O/a5U7zjP7eVPxH4GMVIOgdwYec4PK6U2PzcUVwzehSCc4pQ+
iZUJWuI2smSEUUF3eIfuMB943Qfsfd4oXahVPNlBCBR4Eck=
Private-MAC: 6730c52e494d4aba1191485053ca6f47bb619d2b
`,
);
leaky(
  'misc-keys/cert-key.pem',
  [PK],
  `-----BEGIN PRIVATE KEY-----
MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDAbhr5Ivji3OE5
NynIbnH20oXgMZ0B3DoDq2CY/crgWfzpiC6+LExbY7qZE/9mF/ttLu6nEaGs2jsb
B7y4pGF059sgbd4TU+J/aZwb6I7Uh7rb7t6pOx8g6wBtXHS7yAgKjeodJZqBB+Nz
XQoGvTRBHKdJgO7mK3WdVvPIFNZj+vMjlThADqu6Koh3dQ33OOk8y+c+fX7NRg77
R/Ssmwpf2uOX9ZdygmFTjHia4INiY/z3LkmvyJ4gTL2xfiOQSi+ZUwq9qiNEqey7
udGo7tH1pW+6OOdwdm4iUxTEU5VVt4xDGZBR302odBQBMWsP5w0LZePTIoWa1/Li
xuQg016PAgMBAAECggEABZBpeUC4n56xaH0e2SvQYcmuk0/78TzT9J00+teD0T7o
4DvO1jLjtlTI5Xo9jU8uNvb/cZdB7ISW5u4vV8txAfdeT669mCN5ziNYnzn3P0/5
aDic+Zm7CbGh3oeo3HEpQlzeIx+eOxLmUcSj8JPx+dwBPk/bGI6zJOyJugRYOqXP
HxG1jRYiFuIzpYqtkT15yA5Qruz3XNgdhffraVcujzi/ha6Zj8oGKvxfTgaK+KnQ
WgAstgVy2a1/AX94m1gpYLyscTaZekNcDohABaFRwQgz0jWBUNfcazb3Wo4LRU/2
Kaf7+TYallpLIs/yZPepWutwxXjKBleUvxwr6LJjwQKBgQDnp936Mzm9fGPrBOIv
7+lQpe10CYcMySMyWu/rwpTPJLnNoJSZMdT0s3hSRdOca1QMpD1BLT94BckygPVQ
ARrC2TFNJuFmEqCp1G8+Jjuz/zfYDJzcEzGTRZTMF1T41Zgktp9MSAan9aIkc5Bc
/72MC5TqVqdGI8SO69m64WK14QKBgQDUpvfeKYOUztNgjjlJTY2Zu7xxJeEyacvQ
DSsiAZXZGXMfGDCY4X5Ia1HZAXLluK25gGWFlDYVmvCbIZwhZb5BQ7RtOW3/rfAX
SIQvjvJsZ18FuQxezel/QmpzKNIN7g50Kfm1OCwpWhSa+JxvEi5S2rGKLpevcF/X
PXSn+3LCbwKBgGFW5i1F7RMz+4A7kxd1heI/dqF1h2vV8JYuI/Y60vCfi/tdaFNe
3w7bgsl/UcW+S5jsQljqvGqgc8Rm761oaWhKfy7eEYQke6IhA4Vn51pg+YQs+JR4
9DHf4QBJJYlRpxZ2LkWNVk6pJjKO5LBPPcRk8XPuaWdNjEBJ1jlyj1nBAoGAKX2m
cSdib/9myLkXPlEuZqd1nhII/WAdDyvylYD/rstDZfa/TKT6kcC2yIN62o2M/9uo
c0a2wsJnXa1SHEYQuAUwx/rjlnZmmPRiLjFS5YnJxYEUg87jVxwrTurRCTzAfzPN
b+lU3ICh8pa9VwKSHUJkT5TFrcpcOM/Z2gi6nGsCgYEAuPIrct3AMUPp97FZufb+
5Wppz+lFNjwuNpMDp1qMVqfGyZtlCSdWAY6jepeoS94d3c8iSVVDe+o7Mn3fCWzw
BxUw6qZGPnRG+9sgplZyXZyebwEPfwI+AacsCpnhwB+srBWfjBNF2I1/CwynFkQF
oS6nDkCtJF50fFdawQoU4eQ=
-----END PRIVATE KEY-----
`,
);
leaky('web/var/www/public_html/.htpasswd', [], 'admin:$apr1$tp8glkbm$fjg65tI1eipoBh62aEjIy0');
leaky(
  'db/.pgpass',
  [],
  '#hostname:port:database:username:password\nlocalhost:5432:database:root:password',
);
leaky(
  'db/dbeaver-data-sources.xml',
  [],
  '\t\t<connection host="localhost" port="1521" server="localhost" database="orcl" url="jdbc:oracle:thin:@//localhost:1521/orcl" user="user" password="password"/>\n',
);
leaky(
  '.esmtprc',
  [],
  'identity "example@gmail.com"\nhostname smtp.gmail.com:587\nusername "example@gmail.com"\npassword "password"\nstarttls required',
);
leaky(
  'config',
  [],
  '# IRC config\nIRC_HOST=irc.example.com\nIRC_NAME="realname"\nIRC_PORT=6697\nIRC_NICK=nick\nIRC_PASS=irc_pass',
);

// OWASP Juice Shop: its seeded users (data/static/users.yml, one user block per sample), its
// key material, and the same credentials in its Cypress and API tests.
const juice = (path, labels, text) => add(`juice-shop/juice-shop ${path}`, labels, text);
const users = 'data/static/users.yml';
juice(users, [], "-\n  email: admin\n  password: 'admin123'\n  key: admin\n  role: 'admin'\n");
juice(
  users,
  [PW],
  "-\n  email: bender\n  password: 'OhG0dPlease1nsertLiquor!'\n  key: bender\n  role: 'customer'\n",
);
juice(
  users,
  [PW],
  "-\n  email: bjoern.kimminich@googlemail.com\n  username: bkimminich\n  password: 'bW9jLmxpYW1lbGdvb2dAaGNpbmltbWlrLm5yZW9qYg=='\n  customDomain: true\n  key: bjoernGoogle\n  role: 'admin'\n",
);
juice(
  users,
  [PW],
  "-\n  email: ciso\n  password: 'mDLx?94T~1CfVfZMzw@sJ9f?s3L6lbMqE70FfI8^54jbNikY5fymx7c!YbJb'\n  key: ciso\n  role: 'customer'\n",
);
juice(
  users,
  [PW],
  "-\n  email: support\n  password: 'J6aVjTgOpRs$?5l+Zkq2AYnCE@RF§P'\n  key: support\n  role: 'admin'\n",
);
juice(
  users,
  [PW],
  "-\n  email: morty\n  password: 'focusOnScienceMorty!focusOnScience'\n  key: morty\n  role: 'customer'\n",
);
juice(
  users,
  [PW],
  "-\n  email: J12934\n  password: '0Y8rMnww$*9VFYE§59-!Fg1L6t&6lB'\n  key: jannik\n  role: 'admin'\n",
);
juice(
  users,
  [PW, GEN],
  "-\n  email: wurstbrot\n  username: wurstbrot\n  password: 'EinBelegtesBrotMitSchinkenSCHINKEN!'\n  totpSecret: IFTXE3SPOEYVURT2MRYGI52TKJ4HC3KH\n  key: timo\n  role: 'admin'\n",
);
juice(
  users,
  [],
  "-\n  email: amy\n  password: 'K1f.....................'\n  key: amy\n  role: 'customer'\n",
);
juice(
  users,
  [PW],
  "-\n  email: bjoern@owasp.org\n  password: 'kitten lesser pooch karate buffoon indoors'\n  customDomain: true\n  key: bjoernOwasp\n  role: 'admin'\n",
);
juice(
  'lib/insecurity.ts',
  [GEN],
  "export const hash = (data: string) => crypto.createHash('md5').update(data).digest('hex')\nexport const hmac = (data: string) => crypto.createHmac('sha256', 'pa4qacea4VK9t9nGv7yZtwmj').update(data).digest('hex')\n",
);
juice(
  'lib/insecurity.ts',
  [],
  "export const publicKey = fs ? fs.readFileSync('encryptionkeys/jwt.pub', 'utf8') : 'placeholder-public-key'\nconst privateKey = process.env.JWT_PRIVATE_KEY || \"placeholder-private-key\";\n",
);
juice('encryptionkeys/premium.key', [GEN], 'key = EA99A61D92D2955B1E9285B55BF2AD42\niv = 1337\n');
juice(
  'encryptionkeys/jwt.pub',
  [],
  '-----BEGIN RSA PUBLIC KEY-----\nMIGJAoGBAM3CosR73CBNcJsLv5E90NsFt6qN1uziQ484gbOoule8leXHFbyIzPQRozgEpSpiwhr6d2/c0CfZHEJ3m5tV0klxfjfM7oqjRMURnH/rmBjcETQ7qzIISZQ/iptJ3p7Gi78X5ZMhLNtDkUFU9WaGdiEb+SnC39wjErmJSfmGb7i1AgMBAAE=\n-----END RSA PUBLIC KEY-----',
);
juice(
  'routes/checkKeys.ts',
  [GEN],
  "    try {\n      const mnemonic = 'purpose betray marriage blame crunch monitor spin slide donate sport lift clutch'\n      const mnemonicWallet = HDNodeWallet.fromPhrase(mnemonic)\n      const privateKey = mnemonicWallet.privateKey\n",
);
const cy = 'test/cypress/e2e/login.spec.ts';
juice(
  cy,
  [PW],
  "          cy.get('#email').type(`support@${appDomain}`)\n          cy.get('#password').type('J6aVjTgOpRs@?5l!Zkq2AYnCE@RF$P')\n          cy.get('#loginButton').click()\n",
);
juice(
  cy,
  [PW],
  "          cy.get('#email').type(`J12934@${appDomain}`)\n          cy.get('#password').type('0Y8rMnww$*9VFYEÂ§59-!Fg1L6t&6lB')\n          cy.get('#loginButton').click()\n",
);
juice(
  cy,
  [GEN],
  "      cy.task<string>('GenerateAuthenticator', 'IFTXE3SPOEYVURT2MRYGI52TKJ4HC3KH').then(\n        (totpToken: string) => {\n          void cy.get('#totpToken').type(totpToken)\n          void cy.get('#totpSubmitButton').click()\n        }\n      )\n",
);
juice(
  cy,
  [],
  "          cy.get('#email').type(`testing@${appDomain}`)\n          cy.get('#password').type('IamUsedForTesting')\n          cy.get('#loginButton').click()\n",
);
juice(
  'test/cypress/e2e/changePassword.spec.ts',
  [PW],
  "    it('should be able to change password', () => {\n      cy.get('#currentPassword').type('focusOnScienceMorty!focusOnScience')\n      cy.get('#newPassword').type('GonorrheaCantSeeUs!')\n      cy.get('#newPasswordRepeat').type('GonorrheaCantSeeUs!')\n      cy.get('#changeButton').click()\n",
);
juice(
  'test/cypress/e2e/changePassword.spec.ts',
  [],
  "      cy.login({\n        email: 'bender',\n        password: process.env.BENDER_USER_PASSWORD_1\n      })\n",
);
juice(
  'test/api/loginApiSpec.ts',
  [PW],
  "  it('POST login with support-team credentials', () => {\n    return frisby.post(REST_URL + '/user/login', {\n      headers: jsonHeader,\n      body: {\n        email: 'support@' + config.get('application.domain'),\n        password: 'J6aVjTgOpRs@?5l!Zkq2AYnCE@RF$P'\n      }\n    })\n",
);
juice(
  'test/api/loginApiSpec.ts',
  [PW],
  "  it('POST login with wurstbrot credentials expects 2FA token', () => {\n    return frisby.post(REST_URL + '/user/login', {\n      headers: jsonHeader,\n      body: {\n        email: 'wurstbrot@' + config.get('application.domain'),\n        password: 'EinBelegtesBrotMitSchinkenSCHINKEN!'\n      }\n    })\n",
);
const twofa = 'test/api/2faSpec.ts';
juice(
  twofa,
  [PW, GEN],
  "    const { token } = await login({\n      email: `wurstbrot@${config.get('application.domain')}`,\n      password: 'EinBelegtesBrotMitSchinkenSCHINKEN!',\n      totpSecret: 'IFTXE3SPOEYVURT2MRYGI52TKJ4HC3KH'\n    })\n",
);
juice(
  twofa,
  [PW],
  "    const { token } = await login({\n      email: `J12934@${config.get('application.domain')}`,\n      password: '0Y8rMnww$*9VFYE§59-!Fg1L6t&6lB'\n    })\n",
);
juice(
  twofa,
  [],
  "    const totpToken = otplib.authenticator.generate('THIS9ISNT8THE8RIGHT8SECRET')\n",
);
juice(
  twofa,
  [],
  "    const tmpTokenWurstbrot = jwt.sign({\n      userId: 10,\n      type: 'password_valid_needs_second_factor_token'\n    }, 'this_surly_isnt_the_right_key')\n",
);
juice(
  twofa,
  [],
  "    const email = 'fooooo1@bar.com'\n    const password = '123456'\n\n    const secret = 'ASDVAJSDUASZGDIADBJS'\n",
);

// Review Board's ReviewBot: the secret scanner's tests write each token into a two-line
// Python file (`def func():` / `call_api(<token>)`); its invalidated real GitHub tokens and
// Review Board API token are positives, its placeholder twins negatives.
const rb = (labels, token) =>
  add(
    'reviewboard/ReviewBot bot/reviewbot/tools/tests/test_rbsecretscanner.py',
    labels,
    `def func():\n    call_api(${token})\n`,
  );
rb([GITHUB], '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');
rb([GITHUB], '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');
rb([GITHUB], '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');
rb([GITHUB], 'ghs_Anawk3Qg2P7at173OpuF29DF2SMEDv0ZBObL');
rb([GITHUB], 'ghu_EvjxC2hvFZtSn6bsKAMTWkKsTpdJ0f2fYhqu');
rb(
  [GEN],
  'rbp_eVZF8sv33KEWtMuupDJeipmW566fRZHveuAC7MchaktaJNTBQ4eNqhBQJKIv6iKQJL64s8yMWfzp1Buc8p9m9ItCnkvNKTVuMJM299H7zffcrUJ0PQaSVSG0aUhgzzwIZ0MtK9spxYTLtu8bBVoQEiAsbDSfYICdKx23PfphGGqHyTwZRvYaebe1gGbvKgZ3PT8HqNQRAnAbUsDjwm4oiXXlmNOSM84a1uACZ2DCm9frU9z32pzHs4Ss9cI',
);
rb(
  [GEN],
  'rbp_eVZF8sv33KEWtMuupDJeipmW566fRZHveuAC7MchaktaJNTBQ4eNqhBQJKIv6iKQJL64s8yMWfzp1Buc8p9m9ItCnkvNKTVuMJM299H7zffcrUJ0PQaSVSG0aUhgzzwIZ0MtK9spxYTLtu8bBVoQEiAsbDSfYICdKx23PfphGGqHyTwZRvYaebe1gGbvKgZ3PT8HqNQRAnAbUsDjwm4oiXXlmNOSM84a1uACZ2DCm9frU9z32pzHs4sS9Ci',
);
rb(
  [JWT],
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJrZXkiOiJ2YWx1ZSJ9.5pps1XMxciBCpOhezqTk9XuGny-4_HZ9aEKp3AqgekA',
);
for (const token of [
  'AKIA1234567890ABCDEF',
  'ASIA1234567890ABCDEF',
  'amzn.mws.1234abcd-12ab-34de-56fa-123456abcdef',
  'AWS_SECRET_KEY="1234567890+ABCDEFGHIJ+1234567890+TUVWXYZ',
  '-----END CERTIFICATE-----',
  'ABCDEFGHabcdefgh12345678.ABcd12.abcdefgh_ABCDEFGH-123456789',
  'https://discord.com/api/webhooks/1234567890/abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ-123456789',
  'EAACEdEose0cBA1234567890ABCDwxyz',
  'GITHUB_TOKEN=1234567890ABCDEFGabcdefg12345XYZxyz',
  'ghp_1234567890ABCDEFGabcdefg1234508vKGb',
  'HEROKU_API_KEY=1234abcd-12ab-34cd-56ef-123456abcdef',
  'abcdef1234567890abcdef1234567890-us12',
  'key-abcdefghijklmnopqrstuvwxyz123456',
  'abcd1234-ab12-cd34-ef56-abcdef123456',
  '----BEGIN RSA PRIVATE KEY----',
  'xoxb-123456789012-123456789012-123456789012-abcdefghijklmnopqrstuvwxyz012345',
  'https://hooks.slack.com/services/TABCDEFGH/BACDEFGH/abcdEFGHijkl',
  'sk_live_abcdEFGH1234ZYXWzyxw6789',
  'SKabcdef1234567890abcdef1234567890',
  'pypi-abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789_abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789_abcdefghijklmnopqrstuvwxyz',
  'my-service@appspot.gserviceaccount.com',
  'TWITTER_OAUTH_TOKEN=1234567890ABCDEFGabcdefg12345XYZxyz',
  'W10K.eyJrZXkiOiJ2YWx1ZSJ9.8nUniKZ63ZQLtj401tAGgVLo0Fm1LAOeM5vPSBY3-os',
  'foo.bar.baz',
])
  rb([], token);

// Datadog agent: the scrubber's tests (inputs only) and fixtures.
const dd = (path, labels, text) =>
  add(`DataDog/datadog-agent pkg/util/scrubber/${path}`, labels, text);
dd(
  'default_test.go',
  [GEN],
  '\n\t"Env": [\n\t\t"DD_API_KEY=3290abeefc68e1bbe852a25252bad88c",\n\t\t"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",\n\t\t"DOCKER_DD_AGENT=yes",\n\t\t"AGENT_VERSION=1:6.0",\n\t\t"DD_AGENT_HOME=/opt/datadog-agent6/"\n\t]',
);
dd(
  'default_test.go',
  [GEN],
  'Error status code 500 : http://dog.tld/api?key=3290abeefc68e1bbe852a25252bad88c',
);
dd(
  'default_test.go',
  [GEN],
  'Bearer 2fe663014abcd1850076f6d68c0355666db98758262870811cace007cd4a62ba',
);
dd(
  'default_test.go',
  [GEN],
  'Error: Get "https://localhost:5001/agent/status": net/http: invalid header field value "Bearer 260a9c065b6426f81b7abae9e6bca9a16f7a842af65c940e89e3417c7aaec82d\\n\\n" for key Authorization',
);
dd('sds_scrubber_test.go', [GEN], 'Bearer abf243d1-9ba5-4d8d-8365-ac18229eb2ac');
dd(
  'default_test.go',
  [PK],
  'cert_key: >\n\t\t   -----BEGIN PRIVATE KEY-----\n\t\t   MIICdQIBADANBgkqhkiG9w0BAQEFAASCAl8wggJbAgEAAoGBAOLJKRals8tGoy7K\n\t\t   ljG6/hMcoe16W6MPn47Q601ttoFkMoSJZ1Jos6nxn32KXfG6hCiB0bmf1iyZtaMa\n\t\t   idae/ceT7ZNGvqcVffpDianq9r08hClhnU8mTojl38fsvHf//yqZNzn1ZUcLsY9e\n\t\t   wG6wl7CsbWCafxaw+PfaCB1uWlnhAgMBAAECgYAI+tQgrHEBFIvzl1v5HiFfWlvj\n\t\t   DlxAiabUvdsDVtvKJdCGRPaNYc3zZbjd/LOZlbwT6ogGZJjTbUau7acVk3gS8uKl\n\t\t   ydWWODSuxVYxY8Poxt9SIksOAk5WmtMgIg2bTltTb8z3AWAT3qZrHth03la5Zbix\n\t\t   ynEngzyj1+ND7YwQAQJBAP00t8/1aqub+rfza+Ddd8OYSMARFH22oxgy2W1O+Gwc\n\t\t   Y8Gn3z6TkadfhPxFaUPnBPx8wm3mN+XeSB1nf0KCAWECQQDlSc7jQ/Ps5rxcoekB\n\t\t   ldB+VmuR8TfcWdrWSOdHUiLyoJoj+Z7yfrf70gONPP9tUnwX6MYdT8YwzHK34aWv\n\t\t   8KiBAkBHddlql5jDVgIsaEbJ77cdPJ1Ll4Zw9FqTOcajUuZJnLmKrhYTUxKIaize\n\t\t   BbjvsQN3Pr6gxZiBB3rS0aLY4lgBAkApsH3ZfKWBUYK2JQpEq4S5M+VjJ8TMX9oW\n\t\t   VDMZGKoaC3F7UQvBc6DoPItAxvJ6YiEGB+Ddu3+Bp+rD3FdP4iYBAkBh17O56A/f\n\t\t   QX49RjRCRIT0w4nvZ3ph9gHEe50E4+Ky5CLQNOPLD/RbBXSEzez8cGysVvzDO3DZ\n\t\t   /iN4a8gloY3d\n\t\t   -----END PRIVATE KEY-----',
);
dd('default_test.go', [], 'api_key: aaaaaaaaaaaaaaaaaaaaaaaaaaaabbbb');
dd('default_test.go', [], 'app_key: AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABBBB');
dd(
  'default_test.go',
  [],
  'container_id: "b32bd6f9b73ba7ccb64953a04b82b48e29dfafab65fd57ca01d3b94a0e024885"',
);
dd('default_test.go', [], 'random_url_key: http://user:p@ssw0r)@host:port');
dd(
  'default_test.go',
  [],
  "   random_url_key:   'mongodb+srv://user:pass-with-hyphen@abc.example.com/database'   ",
);
dd('default_test.go', [], 'mysql_password: p@ssw0r)');
dd('default_test.go', [], 'hintedAPIKeyReplacer : http://dog.tld/api_key=InvalidLength12345abbbb');
dd(
  'sds_scrubber_test.go',
  [],
  'key: "DDRCM_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABCDE"',
);
dd(
  'sds_scrubber_test.go',
  [],
  'flushing serie: {"metric":"kubeproxy","tags":["image_id":"foobar/foobaz@sha256:e8dabc7d398d25ecc8a3e33e3153e988e79952f8783b81663feb299ca2d0abdd"]}',
);
dd(
  'test/conf.yaml',
  [],
  'mysql_password1: password\nmysql_password3: "password"\npwd: \'password\'\npass: p@ssw0r\npassword: p@ssw0r\ntoken: 123465749798\n',
);
dd(
  'test/conf.yaml',
  [],
  'community: password\nauthentication_key: password\nprivacy_key: password\n\ntoken_secret: ENC[token_secret]',
);

// newrelic rusty-hog: its entropy tests' inputs, cut to one line around each value.
const hog = (labels, text) =>
  add('newrelic/rusty-hog crates/rusty-hog-scanner/src/lib.rs', labels, text);
hog([GEN], '            another_secret = "1dd06c1162b44890b97ad27849f1c1ef"\n');
hog(
  [GEN],
  '            secret:aea7f86653514d94b86cc33a5bad1659\n            hex_bytes: 9a303808fabab57e8dfc88ed6b3a287ba47c8da7da7e7d622a8333d4c28f\n',
);
hog([], '            secret: ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg\n');
hog([], '            secret: gfedcbaZYXWVUTSRQPONMLKJIHGFEDCBA\n');
hog([], 'secret: AAAAAAAAABBBBBBBBBBBBCCCCCCCCCCCC');

// OWASP RailsGoat, WebGoat, crAPI, NodeGoat; bridgecrewio TerraGoat; globocom secDevLabs:
// deliberately vulnerable applications, cut to the lines around each value.
const rails = (path, labels, text) => add(`OWASP/railsgoat ${path}`, labels, text);
rails(
  'config/initializers/secret_token.rb',
  [GEN],
  '# Make sure the secret is at least 30 characters and all random,\n# no regular words or you\'ll be exposed to dictionary attacks.\nRailsgoat::Application.config.secret_key_base = "2f1d90a26236c3245d96f5606c201a780dc9ca687e5ed82b45e211bb5dc84c1870f61ca9e002dad5dd8a149c9792d8f07f31a9575065cca064bd6af44f8750e4"\n',
);
rails(
  'config/initializers/key.rb',
  [],
  'if Rails.env.production?\n  # Specify env variable/location/etc. to retrieve key from\nelse\n  KEY = "123456789101112123456789101112123456789101112"\nend\n',
);
rails(
  'config/secrets2.yml',
  [],
  '$ANSIBLE_VAULT;1.1;AES256\n35626437333463353464663839363636313435336332376561623031666263616263613638303031\n3064343638663837633934636537353736323335313663350a313338383464353231346661616563\n39353235353135323330653437333062653232366330316237656339383465653130636166346537\n6663373338366133610a383365303662306266303832326561646263363031666237303464663062\n3435\n',
);
rails(
  'config/initializers/smtp_settings.rb',
  [],
  "ActionMailer::Base.smtp_settings = {\n  :address           => 'mailtrap.io',\n  :port              => 2525,\n  :authentication    => :plain,\n  :user_name         => ENV['MAILTRAP_USERNAME'],\n  :password          => ENV['MAILTRAP_PASSWORD']\n}\n",
);

const goat = (path, labels, text) => add(`WebGoat/WebGoat ${path}`, labels, text);
const refresh = 'src/main/java/org/owasp/webgoat/lessons/jwt/JWTRefreshEndpoint.java';
goat(
  refresh,
  [PW],
  'public class JWTRefreshEndpoint extends AssignmentEndpoint {\n\n  public static final String PASSWORD = "bm5nhSkxCXZkKRy4";\n',
);
goat(
  refresh,
  [PW],
  '  private static final String JWT_PASSWORD = "bm5n3SkxCX4kKRy4";\n  private static final List<String> validRefreshTokens = new ArrayList<>();\n',
);
goat(
  'src/main/resources/lessons/jwt/js/jwt-refresh.js',
  [PW],
  'function login(user) {\n    $.ajax({\n        type: \'POST\',\n        url: \'JWT/refresh/login\',\n        contentType: "application/json",\n        data: JSON.stringify({user: user, password: "bm5nhSkxCXZkKRy4"})\n',
);
goat(
  'src/main/resources/lessons/jwt/documentation/JWT_decode.adoc',
  [JWT],
  'Given the following token:\n\n[source]\n----\neyJhbGciOiJIUzI1NiJ9.ew0KICAiYXV0aG9yaXRpZXMiIDogWyAiUk9MRV9BRE1JTiIsICJST0xFX1VTRVIiIF0sDQogICJjbGllbnRfaWQiIDogIm15LWNsaWVudC13aXRoLXNlY3JldCIsDQogICJleHAiIDogMTYwNzA5OTYwOCwNCiAgImp0aSIgOiAiOWJjOTJhNDQtMGIxYS00YzVlLWJlNzAtZGE1MjA3NWI5YTg0IiwNCiAgInNjb3BlIiA6IFsgInJlYWQiLCAid3JpdGUiIF0sDQogICJ1c2VyX25hbWUiIDogInVzZXIiDQp9.9lYaULTuoIDJ86-zKDSntJQyHPpJ2mZAbnWRfel99iI\n----\n',
);
goat(
  'src/main/resources/lessons/jwt/documentation/JWT_libraries_assignment.adoc',
  [],
  "Now let's look at a code review and try to think on an attack with the `alg: none`, so we use the following token:\n\n[source]\n----\neyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxMjM0NTY3ODkwIiwidXNlciI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWUsImlhdCI6MTUxNjIzOTAyMn0.\n----\n",
);
goat(
  'src/main/resources/lessons/jwt/images/jwks.json',
  [],
  '{\n\t"keys":[\n\t\t{\n\t\t\t"kty": "RSA",\n\t\t\t"e": "AQAB",\n\t\t\t"kid": "webgoat",\n\t\t\t"alg": "RS256",\n\t\t\t"n": "vfk9JLSdpWZ7qxP8gNVOobP4xuaXlKI8aBM4LhyL3CiD3pvPdGf7NkWaOvp-JmQwRN-N1Scr_rs1caYujuJYhPgdQeCESyZ9BbmqdMbKy3jJcyR5YR4w0SnJRyu6rHc52Wb6G7lVPhJixVeaGhRK2Sb5zItydjO0iid9xxyMHoc1HGppdgwESXncKsumyRxS43yZJBXSDiX-OvzEqXI1RA10ozLEfBnpmzvA4nMytHa0Ii0VmSK3tyJOVolUDArPnqdm6KMZYJMp2zEGWYSkyjUWXWE0yaZENBP2gkETfJRqPnls2SU63M5qtYowuE6f8wc3ghqWKiw3oyEOl2y4uw"\n\t\t}\n\t]\n}\n',
);

const crapi = (path, labels, text) => add(`OWASP/crAPI ${path}`, labels, text);
crapi(
  'deploy/docker/.keys/private.pem',
  [PK],
  `-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEAzm5XJH0qf85E/3CCXKGMXvZQxCkioJAzIntG3zq3eP1EKqje
3CQGVAAHKxU/u8DMubM5OQIX4grDw8OlCviRVPzh/jM9Qvn1kbWXCFhwsMStvKSG
Nh4ZiX7qfE5U5EhRjjPNlc8H4xnAUoRPtNwAcdEj1lmvd54g4ANjmCNfhpOJDPc9
/JZ7jnmP4Q8gutKe3kKppMMhD9AdL6plzEen69Rn3+o/2dHYan9ripQO9HDZapgO
zdcwYZRbXykgcF9Pq3eLJvzyes3eNhZ+f1jcd2ggNyPT5V8lWEHr7XScjcNEe2mQ
3ymQR37GzFqvUEaRhzV4JanrUontKZ5kNkG2SQIDAQABAoIBADSpg4OkhsYKCiIc
QrV85QGI1vvj/ph1kQX36xGhuhKckdpMMGZ6rj6Zrzp3dkXgnpm1NiDr/snEs0Jq
09zjorfKt6CQ080VVWdxqvEPFtiRpDzev/poXV1tSkah+RgvttaPMqBIK5vtAtpK
NMdP5LEkiH7zbEcYyQw88Rhr1b/PyDSgCsHKqHXHnsJzqSHSfASmY7ZtI0KZnHZU
gG+pKkITPkEBDS75WrhguJLa0vNf+OJE6cKOIqmreDvtqU1S2qELTqYkHeDIxElp
hCh0qnKNu3DIUBQQm9LKzi2Wkk2d5TkXP9MkssqKhTOe+eIEPyXIJVxKn7nKsuLo
/+A6aAECgYEA6eHWwUdouKQOoEvpBcb7ojysKGPsxdTuc7+gpzrPhOHTArHZSTSb
Ni1iQ265pgWAjMFqNl0bjFAn+jFxvwdZaw0NFjUpTowEVy5pKfU3XblTso2R0Vo5
9Ctf3I1U27Q2J8P7BkOGGvdXm8RHpVLOzfmdl0r4wg8vtCp4SE+qCwECgYEA4fPs
c43Cb7BOyMf2chXSpAThJRvkV0iWbvZa0xladq82oTbV11zbOew22c9lCBzv1g0P
1WqvtaYtOCrLGUapIle8q9S81zLWvZVoP9qFaCdwOTIkIjvB/OTwIdXsJ2Aj1HHJ
NGFqIaUlCy46nNTfurPOrXIJCTlkp61eoOlzk0kCgYEAwLIdqmkXUul4U4G3n9bu
BCFRBoYt0mE5hYxg5OeDisw0eoflqnb5Wo3R5BUaSDtISrAgvmHADL8N8QlD2kxH
0/eQzLdILTsXaG0IoFU1JLdIylfxyDc6gH4sIR8gx1OXOvQxoluH5jfbqq7xCLlN
Qk9jE//lLJ4ug5ZqO8nHJAECgYAF0dqNP2F6rvfYhA388kLypo2F/ynqdZwqT34X
YdfKpsipblgjq+iZnVPsWEMp6lTjFoMJ5C2SaC1R/QguJnvEvq3FXz1d7ZlKWMbO
njpBbIKfdoMnvpJIiT0GIhRrDzbdCfE8wCWTqEVD/HTWBUWd8XOpU/6XljrZdsWx
L1IiwQKBgD/s7jJk5r/bvaqW1pBrA1x9yOVeNHUB4R59O8sHhQBjauq9OT1V7iEy
cxUiePc7cGumS1dfw4J+yMgwfWVvF0KHLc19/RgAcwVMJlEtNmiKwfbj+vFntK5i
dPoatR1UJ+bvrmRVRO98R6wuU6yOBQ7pWpMNvrFj0LWW01e0fy6M
-----END RSA PRIVATE KEY-----
`,
);
crapi(
  'deploy/docker/keys/jwks.json',
  [PK],
  '{\n    "keys": [\n        {\n            "p": "-o_gG3DQK9540fR_-WM9dy1YgTR-WSH8FezYnH6I5jwwPB6ocni8XgkWCAiKOPYjK6nhmoTD7DBEetilFIWVj1P0G5fejp_c3H-uQQdd6JW2NBWHfWpADglIEc4NfUgjQ8cXjT1-oIJpXzpX6KOhWEP0yGNBYns7W8CNxbw58vU",\n            "kty": "RSA",\n            "q": "tW1D1JK53TIiip9uBVl6EGzXWPFwy8QXlZHbfg3TfhURUF5OYey9Ig-qxh74KvQ-uzwMZOYux0EdUe0OmV-p27huY-nusHjpxKL6xUxpqsLWrYTa6ygRHep3_A50ksN_XIn83oAjBlG4TEePzBsMQb6F4HDrEhpdPeYepKa5PNc",\n            "d": "XJu0Vh3Uq5gV5UPMCfm_j6D5INgX7VjLSN8mup4LfUBkJAk9vpQmDYF8gVzpMr3YdBk_Y7MI1BapPVg2i-s2UQR4xJYwpDOfKJactGWzruvfiTOKNIc8Q87WhLl2D4_FGI2jfyYk6itCLOOk1zfZdkjLLNiQg1SDOqC28AT-qKh99wLRKiIuewbJVW5C-0D8YjlquBU6rXdKxONYKnA1NHWfJEbPtsyJIlfUs06wjiMcXrLLc6qy98LL8t0oQcGdUTN4rICGGj-uH3k7-evJyKXC_RECmbcMu2q8GkjZ7lvaVtHh3TGGAA5TTc-7kW3MUjpCLLL06erLxCn3CcGr6Q",\n            "e": "AQAB",\n            "use": "sig",\n            "kid": "MKMZkDenUfuDF2byYowDj7tW5Ox6XG4Y1THTEGScRg8",\n',
);
crapi(
  'services/workshop/.env',
  [],
  'export DB_DRIVER=postgres\nexport DB_HOST=127.0.0.1\nexport DB_NAME=crapi\nexport DB_PASSWORD=crapisecretpassword\nexport DB_PORT="5432"\nexport DB_USER=admin\n',
);
crapi(
  'services/identity/.env',
  [],
  'export TLS_KEYSTORE_TYPE=PKCS12\nexport TLS_KEYSTORE=classpath:certs/server.p12\nexport TLS_KEYSTORE_PASSWORD=passw0rd\nexport TLS_KEY_PASSWORD=passw0rd\nexport TLS_KEY_ALIAS=identity\n',
);
crapi(
  'deploy/docker/docker-compose.yml',
  [],
  '      - SMTP_HOST=smtp.example.com\n      - SMTP_PORT=587\n      - SMTP_EMAIL=user@example.com\n      - SMTP_PASS=xxxxxxxxxxxxxx\n      - SMTP_FROM=no-reply@example.com\n',
);

add(
  'OWASP/NodeGoat config/env/all.js',
  [],
  '    cookieSecret: "session_cookie_secret_key_here",\n    cryptoKey: "a_secure_key_for_crypto_here",\n    cryptoAlgo: "aes256"\n};\n',
);

const terra = (path, labels, text) => add(`bridgecrewio/terragoat ${path}`, labels, text);
terra(
  'terraform/aws/lambda.tf',
  [],
  '  environment {\n    variables = {\n      access_key = "AKIAIOSFODNN7EXAMPLE"\n      secret_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"\n    }\n  }\n',
);
terra(
  'terraform/azure/instance.tf',
  [],
  'resource azurerm_linux_virtual_machine "linux_machine" {\n  admin_username                  = "terragoat-linux"\n  admin_password                  = random_string.password.result\n  location                        = var.location\n',
);

const sdl = (path, labels, text) => add(`globocom/secDevLabs ${path}`, labels, text);
sdl(
  'owasp-top10-2021-apps/a2/snake-pro/app/config.yml',
  [PW],
  'mongoConf:\n  mongoPassword: svGX8SViufvYYNu6m3Kv\n  mongoUser: u_snake_pro\n  mongoDBName: snake_pro\n  mongoHost: mongodb',
);
sdl(
  'owasp-top10-2017-apps/a3/insecure-go-project/app/config.yml',
  [PW],
  'mongoConf:\n  mongoPassword: huskyPass31979227\n  mongoUser: huskyUser2613311233\n  mongoDBName: insecure_go_project\n  mongoHost: mongodb\n',
);
sdl(
  'owasp-top10-2017-apps/a2/insecure-go-project/app/config.yml',
  [],
  'mongoConf:\n  mongoPassword: {MONGO_INITDB_ROOT_PASSWORD}\n  mongoUser: {MONGO_INITDB_ROOT_USERNAME}\n  mongoDBName: {MONGO_INITDB_DATABASE}\n  mongoHost: mongodb\n',
);
sdl(
  'owasp-top10-2017-apps/a2/saidajaula-monster/deployments/docker-compose.yml',
  [],
  '    environment:\n      A2_DATABASE_USER: user\n      A2_DATABASE_PASSWORD: pass\n      A2_DATABASE_HOST: db\n      A2_DATABASE_NAME: A2\n      A2_SECRET_KEY: ${A2_SECRET_KEY}\n',
);
sdl(
  'owasp-top10-2017-apps/a9/cimentech/deployments/docker-compose.yml',
  [],
  '  db:\n    image: postgres:latest\n    container_name: a9db\n    environment:\n      POSTGRES_PASSWORD: example\n',
);
sdl(
  'owasp-top10-2017-apps/a5/ecommerce-api/deployments/docker-compose.yml',
  [],
  '            MONGO_PORT: 27017\n            MONGO_TIMEOUT: 60\n            JWT_SECRET: secret\n        env_file:\n            - dockers.env\n',
);

// A Vault tutorial note: a policy token, the unseal keys and the root token of a test server.
const vault = (labels, text) => add('coldmund/VaultTest_Vault readme.txt', labels, text);
vault(
  [VAULT],
  './vault token create -field token -policy=app_policy\n# --> s.New30qzAp8dTZdWOcucSwyPc\nexport VAULT_TOKEN=s.New30qzAp8dTZdWOcucSwyPc\n',
);
vault(
  [GEN],
  'Unseal Key 1: pfN18x3Chkfjnhf1bNs7J7byCbsDWbQUsL0+iNy1fXzk\nUnseal Key 2: +XeZgHrhB8QuCy/d7Prb5dTkysvf4CYtgogkLgREdG8F\nUnseal Key 3: gocZjlZrFX7WVITJt+NX8uh4R/JG4wN7k4bcf/ZAweQb\n',
);
vault(
  [GEN, VAULT],
  'Unseal Key 4: 98r39ocnOMP4lfhpcvF8UEiBtLz9HZzXn2Rj4Esc7aql\nUnseal Key 5: keEPS7sJ8u954ze9rF/eMpJVsb41i191yMelxYhKT+1X\n\nInitial Root Token: s.A7HqchrsmtZlh3oDUD2xoKtM\n',
);
vault([], './vault write test1/cred password="qwer1234"\n./vault read test1/cred --> 403 error\n');
vault(
  [],
  './vault operator unseal (3 times)\n./vault login <root token>\n./vault secrets enable -path=test1 kv\n./vault write test1/test11 foo=bar\n',
);

const out = writeRound(15, samples);
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
