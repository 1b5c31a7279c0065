#!/usr/bin/env node
// Round 11 of the external sets (src/detect/README.md, "Round 11"): secrets only, from the test
// data of scanners no earlier round used: trivy's secret-scanner test files
// (pkg/fanal/secret/testdata, labelled with the help of scanner_test.go), the `examples:` and
// `negative_examples:` of kingfisher's rule files, semgrep-rules' secret-rule test files
// (`# ruleid:` and `# ok:` lines), talisman's detector tests, git-secrets' bats tests and
// credential-digger's scanner test folder. Every text below is copied from its source (named
// per sample). A text whose secret value already appears in an earlier round is left out
// (kingfisher took many examples from Nosey Parker, round 8's source, and from gitleaks, round
// 10's; semgrep-rules shares an Azure key with ripsecrets), as is a text an earlier round has. Labels follow the corpus rules, not the scanners': an obvious
// placeholder (alphabet, digit, keyboard and `a1b2c3` runs, `xxxx`, `blah`, words, famous
// example values such as AWS's `...EXAMPLE`, `hunter2` or `CorrectHorseBatteryStaple`), a
// variable reference, a template, a hash, a digest or an identifier is a negative; a
// real-looking credential is a positive even where the scanner's test expects no finding.
// The split is the corpus rule: the first byte of the SHA-256 of the text, even to
// external11-dev.jsonl (tuned on), odd to heldout/external11-heldout.jsonl (scored once).
import { writeRound } from './round-split.mjs';

const TV = 'aquasecurity/trivy pkg/fanal/secret/testdata';
const KF = 'mongodb/kingfisher data/rules';
const SR = 'semgrep/semgrep-rules generic/secrets/security';
const TM = 'thoughtworks/talisman detector';

const samples = [];
const add = (source, labels, text) =>
  samples.push({ source, categories: ['secret'], labels, text });
const tv = (file, labels, text) => add(`${TV}/${file}`, labels, text);
const kf = (file, labels, text) => add(`${KF}/${file}`, labels, text);
const sr = (file, labels, text) => add(`${SR}/${file}`, labels, text);
const tm = (file, labels, text) => add(`${TM}/${file}`, labels, text);

const AS = 'secret.aws_secret_key';
const GEN = 'secret.generic_api_key';
const PW = 'secret.password';
const JWT = 'secret.jwt';
const GH = 'secret.github_token';
const GL = 'secret.gitlab_token';
const CONN = 'secret.connection_string';
const NPM = 'secret.npm_token';
const STRIPE = 'secret.stripe_key';
const GCP = 'secret.gcp_api_key';

// trivy: AWS keys in quoted assignments; the key id and the account id are runs (negatives).
tv('aws-secrets.txt', [AS], `'AWS_secret_KEY'="12ASD34qwe56CXZ78tyH10Tna543VBokN85RHCas"`);
tv('aws-secrets.txt', [], `"AWS_ACCESS_KEY_ID": "AKIA0123456789ABCDEF",`);
tv('aws-secrets.txt', [], `"aws_account_ID":'1234-5678-9123'`);
tv(
  'builtin-rule-secret.txt',
  [],
  'GITHUB_PAT=ghp_012345678901234567890123456789abcdef\nAWS_ACCESS_KEY_ID=AKIA0123456789ABCDEF\n',
);
tv(
  'long-line-secret.txt',
  [],
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa GITHUB_PAT=ghp_012345678901234567890123456789abcdef bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
);
tv('invalid-aws-secrets.txt', [], 'base64:\nYXdzLWFjY2AIPA1rZXktaWQgdGVzdCBzdHJpbmc=');
tv(
  'invalid-aws-secrets.txt',
  [],
  'web.config file in windows containers:\npublicKey="F1645C4C0C93C1AB99285D622CAA652C1DFAD63D745D6F2DE5F17E5EAF0FC4963D261C8A12436518206DC093344D5AD293"',
);

// trivy: Azure AD client secrets (`Q~` infix; no type of their own: generic, also under a
// password name or flag) in JSON, code, PowerShell, bare and an `az` command.
const AZ = 'azure-secrets.txt';
tv(AZ, [GEN], `"value": "JpN8Q~Q~qX_ENrlfqR.7_2-OqNVKdRG71Vbupaf~"`);
tv(AZ, [GEN], `client_secret = "DAk8Q~lxWSDI9-c2HN0RntRvPuNDTFqyy1c4DcHj"`);
tv(AZ, [GEN], '5fn8Q~LkUMySDmj6bst8fmW0L.JXvPYzihjefc_p');
tv(AZ, [GEN], `$env:ARM_CLIENT_SECRET="Nf-8Q~NH3ZDPWWwSSINInARCfCT4EaLpAk22Jc~8"`);
tv(AZ, [GEN], `$secret = "dKP8Q~LR6EL2-zDS784djhl1RQn0LMulFf-VpbMv"`);
tv(AZ, [GEN], `"password": "M7t8Q~sf.CI-q.taOEFUEZS3G2IhWX3rvqgz_cyF"`);
tv(
  AZ,
  [GEN],
  'az acr import \\\n  --name myregistry \\\n  --source sourceregistry.azurecr.io/sourcerrepo:tag \\\n  --image targetimage:tag \\\n  --username c23785b0-d426-4b93-b63f-6aa58eb27610 \\\n  --password WTf8Q~wgIeaP~LbkKH7edueENq2fmXxrCpBV8bMA\n',
);
tv(
  'azure-entra-client-secret.txt',
  [GEN],
  'client_secret=pFF8Q~3R.bzncyyAqiIOuP.0X0Nu7YIyCMd3pcB2',
);
// trivy's Azure test values built from alphabet runs are placeholders here.
tv(
  'azure-devops-pat.txt',
  [],
  'AZURE_DEVOPS_TOKEN=abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst',
);
tv(
  'azure-ai-services-key.txt',
  [],
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzJQQJ99CEACYeBjFXJ3w3AAABACOGabcd',
);
tv(
  'azure-app-config-connection-string.txt',
  [],
  'Endpoint=https://mystore.azconfig.io;Id=iLiM;Secret=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij',
);
tv(
  'azure-container-registry-password.txt',
  [],
  'myregistry.azurecr.io password: A1bC2dE3fH4iJ5kL6mN7oP8qR9sT0u/+',
);
tv(
  'azure-sas-token.txt',
  [],
  'sv=2023-11-03&sr=b&sp=r&se=2024-01-01T00%3A00%3A00Z&spr=https&sig=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopQ=',
);
tv(
  'azure-storage-account-key.txt',
  [],
  'AccountKey=ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/ABCDEFGHIJKLMNOPQRSTUV==',
);

// trivy: GitHub, Grafana, JWT, Private Packagist tokens; their dummies.
tv(
  'github-token.txt',
  [GH],
  'GITHUB_TOKEN=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',
);
tv(
  'github-app-token.txt',
  [],
  'GITHUB_TOKEN=ghs_15368_eyJtestHEADERdummynotreal00.eyJtestPAYLOADdummynotreal00.testSIGNATUREdummynotreal00',
);
tv(
  'grafana-env.txt',
  ['secret.grafana_token'],
  'GRAFANA_TOKEN="eyJrIjoiT0tTcG1pUlY2RnVKZTFVaDFsNFZXdE9ZWmNrMkZYbkT0tTcG1pUlY2RnVKZTFVaDFsNFZXdE9ZWmNrMkZYbk"',
);
tv(
  'grafana-env.txt',
  ['secret.grafana_token'],
  'GRAFANA_TOKEN=eyJrIjoiT0tTcG1pUlY2RnVKZTFVaDFsNFZXdE9ZWmNrMkZYbkT0tTcG1pUlY2RnVKZTFVaDFsNFZXdE9ZWmNrMkZYbk\n',
);
const PP = 'private-packagist.txt';
tv(
  PP,
  [GEN],
  'ORG_READ_TOKEN=packagist_ort_6675e11a686c692f3f2e3b6ce528c3d122d22d912ea69a20713cdf51714ba710ad74',
);
tv(
  PP,
  [GEN],
  'ORG_WRITE_TOKEN=packagist_out_d63BD7be741c67ca810f924225b525fa5d20e6e1b316c8bfc0a1b33c68e4861bd5a4',
);
tv(
  PP,
  [GEN],
  'USER_TOKEN=packagist_uut_02f17e5917451dcdcc2995157e08cac2976a0373097b95d7021ba7a6844437973421\n',
);
// trivy: the Hugging Face test token is a keyboard walk after `Test` (a placeholder here).
tv('hugging-face-secret.txt', [], 'HF_example_token: hf_Testpoiqazwsxedcrfvtgbyhn12345ujmik6789');
tv(
  'hugging-face-secret.txt',
  [],
  '_call_hf_processorz1DeepseekOCRMultiModalProcessor._call_hf_processor',
);

// trivy: OpenAI test keys are alphabet runs around the `T3BlbkFJ` marker (placeholders), and
// its invalid cases; the Realtime client secret is a digit-and-hex run.
tv('openai-legacy-api-key.txt', [], 'sk-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst');
tv('openai-project-api-key.txt', [], 'sk-proj-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst');
tv(
  'openai-service-account-key.txt',
  [],
  'sk-svcacct-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst',
);
tv(
  'openai-invalid.txt',
  [],
  'sk-ant-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst\nsk-or-v1-abcdefghijklmnopqrstT3BlbkFJabcdefghijklmnopqrst\nsk-tooshortT3BlbkFJtooshort\nsk-proj-abcdefghijklmnopqrstNOWATERMARKabcdefghijklmnopqrst\n',
);
tv('openai-realtime-client-secret.txt', [], 'ek_0123456789abcdef0123456789abcdef');
tv(
  'alibaba-access-key-id.txt',
  [],
  'key : LTAI1234567890ABCDEFG123asd\nkey = LTAI1234567890ABCDEFG123,\nasdLTAI1234567890ABCDEFG123\nasDLTAI1234567890ABCDEFG123\nas1LTAI1234567890ABCDEFG123',
);

// trivy: Maven settings: an encrypted master password and server password are passwords;
// templates, empty values and word placeholders are not.
tv(
  'settings-security.xml',
  [PW],
  '<settingsSecurity>\n<master>{jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u+9EF1iFQyJQ=}</master>\n</settingsSecurity>\n',
);
tv('settings-encrypted.xml', [PW], '<settings>\n<password>{COQLCE6DU6GtcS5P=}</password>');
tv(
  'settings-encrypted.xml',
  [],
  '<password>${env.MAVEN_REPO_PASS}</password>\n<passphrase>${gpg.passphrase}</passphrase>\n<password></password>\n<passphrase>  </passphrase>\n</settings>\n',
);
tv(
  'settings.xml',
  [],
  '<settings>\n<password>plainSecret</password>\n<passphrase>gpgPassphrase</passphrase>\n</settings>\n',
);
tv('symfony-secret.txt', [], 'APP_SECRET=ThisTokenIsNotSoSecretChangeIt\n');
tv('symfony-secret.yaml', [], 'parameters:\n  secret: ThisTokenIsNotSoSecretChangeIt');
tv(
  'docker-secrets.txt',
  [],
  'data1:\n  .dockerconfigjson: eyE1x2a3MpLe\ndata2:\n  .dockercfg: ewE1x2a3MpLe',
);
tv(
  'secret.txt',
  [],
  '--- ignore block start ---\ngeneric secret line secret="somevalue"\n--- ignore block stop ---\nsecret="othervalue"\ncredentials: { user: "username" password: "123456789" }\n',
);
tv(
  'wrapped-secrets.txt',
  [],
  'DISPID_ICANVASRENDERINGCONTEXT2D_CANVAS DISPID_CANVASRENDERCONTEXT2D',
);
tv(
  'wrapped-secrets.txt',
  [],
  'ABCDFLWSECK_TEST-CANVASRENDERCONTEXT2DCANVASRENDA\nABCFLWSECK_TEST123456789012',
);
tv('wrapped-secrets.txt', [], 'abcdexoxb-1234567890\nAPK_TEST_1234567890\n');

// trivy: an RSA private key (body cut to its first lines and last line) and an empty block.
tv(
  'asymmetric-private-key.txt',
  ['secret.private_key'],
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu/Nua0/1y08gkbnBfKd6VDHia8Na0ATgMQqZ4YEbi/t73g84IEPQPkLbPF3X De++JA1QzqTZbbePLsW44DbbgMX/5jj+Sh2SvGe5IXNeNwyyMox+DKQccJUPxbCxnhF/gSnF76cM BXJC63nDnGawz4g3qwU1+0sfyKG0ixFI3e3992fk6QnF49Cv5iqwjgKPIZjgfoM70r71XDKJjVTC rJdSBfyQwX2TU0CncglvJSzhhcuTeQZWldbk/BHjxINrqQIxKaG2OfBgkupPjnrImzSAUE9a/gIS\nvKftqLPCPbAPPxkaqQi0Ico/1fzD10znRy66aosPBrbleduiynubgk+GVm9y/R6bDYhR\n-----END RSA PRIVATE KEY-----\n',
);
tv(
  'asymmetric-private-key.txt',
  [],
  '-----BEGIN RSA PRIVATE KEY----- -----END RSA PRIVATE KEY-----',
);

// kingfisher azure.yml: storage and App Configuration connection strings, Azure DevOps PATs
// (generic), and its negative examples.
const KAZ = 'azure.yml';
kf(
  KAZ,
  [],
  'Endpoint=https://foo-nonprod-appconfig.azconfig.io;Id=ABCD-E6-s0:tl6ABcdefGHi7kLMno/p;Secret=abCD1EF+GHIJxLMnOPqRSa53VWX05zaBCdE/fg9hi4k=',
);

// kingfisher: vendor keys with no type of their own (generic) under their vendor's name.
kf('atlassian.yml', [GEN], 'Atlassian_key = "DjayBenyJrtpvydFCzAphcqc"');
kf('atlassian.yml', [], `ATLASSIAN_API_TOKEN:'abcdef1234567890abcdef12'`);
kf('bitbucket.yml', [GEN], 'bitbucket_key=HedmnK9h6KD_eh9KK8FlI9ahUc8WfaNZ4gulbrtN2ouV');
kf('bitbucket.yml', [], 'bitbucket.client.ID=abcdefghij1234567890klmnopqrst');
kf(
  'circleci.yml',
  [GEN],
  'export CIRCLECI_TOKEN=CCIPAT_lZyPAuThWn2G908ssDT0g33e_t7qh0r5hrvsqzmuraqzduq6qco5onxgrtcn7y2z4\n',
);
kf('circleci.yml', [GEN], `circleci_project_secret = 'Ca61263Bf9A4DcEECd00EdAAacb4eaEe74e8682f'`);
kf('circleci.yml', [], 'CIRCLECI_API_TOKEN: a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2');
kf('cloudflare.yml', [], 'cloudflareAPIKey = A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8S9T0');
kf(
  'cloudflare.yml',
  [],
  `CLOUDFLARE_API_TOKEN: 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0'\ncloudflare_key="B1C2D3E4F5G6H7I8J9K0L1M2N3O4P5Q6R7S8T9U0V1"\n`,
);
kf(
  'cloudflare.yml',
  [GEN],
  'X-Auth-User-Service-Key = v1.0-e26de050e02ddeaeef6de8d5ee267df5e78f68666ddd0ee76f22d26a0d20756f-eda77de60e8e76077e162727656787de2005d25e2f6e502e2d067657ed65722eade065275001a0f6f6e521e5e1fd76a6e8d7e2d6da8a2ee01e66e061e22570e2-07f2ede0aed78e82e8d2e620aaef8656d81e762266d7d226a205de7e18e2256a',
);
kf('datadog.yml', [GEN], 'dd-apikey-dd52c29224affe29d163c6bf99e5c34f');
kf('datadog.yml', [GEN], 'datadog-secrettoken-0024a29224affe29d173c0bf99e5a89d');
kf('datadog.yml', [GEN], 'dd_secret_key-3c0c3965368a6b10f7640dbda46abfdca981c2d3');
kf('datadog.yml', [GEN], 'datadog_token = BzHpkcs7LujMb3Q1vLRRjbpBNxxYV0ousumYoKJS');
kf(
  'digitalocean.yml',
  [GEN],
  'token         = "dop_v1_ef0e04edc13918192246e0c90f0735c7f4db7a5a036a857e48d6cc98f1c9576b"',
);
kf(
  'digitalocean.yml',
  [GEN],
  '  "refresh_token": "dor_v1_d6ce5b93104521c47be0b580e9296454ef4a319b02b5513469f0ec71d99af2e2",',
);
kf(
  'digitalocean.yml',
  [GEN],
  'curl -X GET -H "Content-Type: application/json" -H "Authorization: Bearer doo_v1_c46dde8bd620fcc382e70d5d43be6eebb141fa2452e8f8fa882433377898ebf2" "https://api.digitalocean.com/v2/cdn/endpoints"',
);
kf(
  'digitalocean.yml',
  [],
  'dop_v1_1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
);
kf(
  'twilio.yml',
  [GEN],
  "const twilioAccountSid = 'AC712594f590c0d8ace55c04858f7398f9' // Your Account SID from www.twilio.com/console\nconst twilioApiKeySID = 'SK9b4cc552783500ace5414a1ed3e9fd1a'\nconst twilioApiKeySecret = 'l6LUelKF2BUtMLace5oShZSmRppadYqI'\n",
);
kf(
  'twilio.yml',
  [GEN],
  "// https://www.twilio.com/console/video/dev-tools/api-keys\n'API'              => env('TWILIO_API','SK6e84981d07ace5c9df33e1ab043a2fb2'),\n'API_KEY'          => env('TWILIO_API_KEY', 'wbTs1SUt6Aace5eKeNCxuYvJa6PhaRd0')\n",
);
kf('twilio.yml', [GEN], 'Twilio_key=Cd2Bd1dE1201aE2DFFEcfeBafCc3c31D');
kf('mongodb.yml', [GEN], 'ATLAS_PRIVATE_KEY=4b18315e-6b7d-4337-b449-5d38f5a189ec');
kf('mongodb.yml', [GEN], 'mdb_sa_sk_BdIX_jLzut2WTgglKzKvSgWMDDj5hEoTqdwOyLOL');
kf('mongodb.yml', [], 'mongodb-public: qj4Zrh8e6A');

// kingfisher: vendor tokens the project has a type for.
kf('stripe.yml', [STRIPE], 'sk_live_HQS0j4H75XpthOW');
kf(
  'stripe.yml',
  [STRIPE],
  'sk_live_f01c79xuuug7yodgzj5ws0h1x2kyvho3ft3640n241uqewmael0e66iw91hrob9rl9pt6o',
);
kf('gitlab.yml', [GL], 'glpat-kSaPeOD_-T0JxMi3p28B');
kf(
  'shopify.yml',
  ['secret.shopify_token'],
  'shopify_app_secret: "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"',
);
kf('shopify.yml', [], 'example.myshopify.com');
kf(
  'discord.yml',
  ['secret.discord_bot_token'],
  'apikey: MC0dBvKTjD0rY0cV8i37CjBf.uLHQPq.Nb1Ok1mEhe-3iTdrGOuegj29yQR',
);
kf(
  'discord.yml',
  [],
  'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890abcdef',
);
kf('discord.yml', [], 'bot_id: "123456789012345678"');
kf('npm.yml', [NPM], '"_authToken": "b98ec224-cdb2-4340-b7bd-9617fc719d1d"');
kf('npm.yml', [NPM], '-export NPM_TOKEN="007e64c7-635d-4d54-8295-f364cd8e0e0f"');

kf(
  'airtable.yml',
  [GEN],
  'airtable_pat = patXfsZBLOgxbJqSi.fd6210cfb2e0b2049bd8e7fa0e69f26a3a704412af6fcbd93a097c42507fc893',
);
kf('airtable.yml', [], 'example.v1.XYZ123_ABC.abcdef123456');
kf('buildkite.yml', [], '"bkua_z1x2c3v4b5n6m7q8w9e0r1t2y3u4i5o6p7l8k9j0"');
kf('clickup.yml', [], 'pk_1234567_ABCDEFGHJKLMN1234567890OPQRS1234');
kf(
  'auth0.yml',
  [GEN],
  "auth0_client_secret: 'v7qhPJv1fDRoUwBjktpWgS8LPVr-hXWOI8tFnRtWrU3jNYZf1hW3hfJjA8rEER9D'",
);
kf(
  'auth0.yml',
  [],
  "auth0ClientSecret = 'YOUR_VERY_LONG_AND_SECURE_CLIENT_SECRET_GOES_HERE_12345678900000'",
);
// A client id identifies an application; it is not a credential (the corpus rule).
kf('auth0.yml', [], "auth0_client_id = 'dBpXUZS34Rhg6WUKTLLj3E9yWGY6IJgV'");
kf('asana.yml', [GEN], `asana :'20c2F0d03201af478ca1aBE9515A1A4FEfb'`);
kf('asana.yml', [GEN], 'asana_pat = 1/1248440223456784:d3d7e52e5c4a5d4c9bc424d2d882324d');
kf('asana.yml', [GEN], 'asana token = 0/d6f1e29e5b4b4d8c9bb419b2d882154d');
kf('asana.yml', [], 'ASANA_API_TOKEN: 1234567890123456');
kf(
  'anthropic.yml',
  ['secret.anthropic_key'],
  'sk-ant-api668-Clm512odot9WDD7itfUU9R880nefA1EtYZDbpE-C9b0XQEWpqFKf9DQUo03vOfXl16oSmyar1CLF1SzV3YzpZJ6bahcpLAA',
);

// kingfisher: database URLs. A real-looking password makes a connection string; the
// well-known example passwords (`hunter2`, `passw0rd`, Microsoft's `contoso`) do not.
kf(
  'postgres.yml',
  [CONN],
  'CONNECTION_URI="postgres://postgres:s2Tf2k@rLMy@google.com:5434/elephant"',
);
kf(
  'postgres.yml',
  [CONN],
  'Connection URI= postgresql://nimda:vg498hwegw1udp6s@db-postgresql-nyc1-64297-do-user-1243723-0.db.ondigitalocean.com:25060/defaultdb?sslmode=require',
);
kf(
  'postgres.yml',
  [CONN],
  'CONNECTION_URI="postgis://postgres:s2Tf2k@rLMy@google.com:5434/elephant"',
);
kf(
  'mongodb.yml',
  [],
  'client = mongoc_client_new ("mongodb+srv://someuser:hunter2@my-atlas-rd941.mongodb.net/test?retryWrites=true&w=majority");',
);
kf('mongodb.yml', [], 'mongodb+srv://user:passw0rd@cluster0.something.mongodb.net/');
kf('mongodb.yml', [], 'mongodb://mongoadmin:contoso@something.foo.mongodb.net/myFirstDatabase');

// semgrep-rules: the `# ruleid:` lines with real-looking values, and the `# ok:` lines.
sr('detected-github-token.txt', [GH], 'GitHubPAT = "4a68631afb82ba1a9f9c49892e0e3c82eaa7ef66"');
// The AWS documentation's example key with its `EXAMPLE` part changed: no longer the example.
sr(
  'detected-aws-secret-access-key.txt',
  [AS],
  'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEFUCDlEKEY',
);
sr(
  'detected-aws-secret-access-key.txt',
  [],
  'aws_secret_access_key:SAMPLEUtnFEMI/K7MDENG/bPxRfiCYEXXXXXXKEY',
);
sr(
  'detected-aws-secret-access-key.txt',
  [],
  'AWS_SECRET_ACCESS_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
);
sr('detected-aws-access-key-id-value.txt', [], 'AKIAIOSFODNN7EXAMPLE\n\nASIAIOSFODNN7EXAMPLE');
sr(
  'detected-aws-session-token.txt',
  [],
  '# cf. https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_temp_use-resources.html\n\nexport AWS_ACCESS_KEY_ID=AKIAI44QH8DHBEXAMPLE\nexport AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nexport AWS_SESSION_TOKEN=FQoGZXIvYXdzENv//////////wEaDEeLj11xTbnBk6azRCKsAacCiJK85DSXExJ81GtHrkEyev8eedQcFY4EoM00PsD1FAEMOfzQclVEFsoh9Y4ZHUjgGmCPRUnYCLNc2NnHkadvmI+MT7jRRa1Mo2HA/HYStOOwEyfXFYG91MNj9rVXXXXXXXXA6+7FF6jcxj3cr1U9CDB9hjW+jGq4UgjxXXXXXXXCoIidDjl4Z911zIzP/Q+FYA1R2CUz5Y32EUaMzR+bQvmheUolLOq3wU=\naws ec2 describe-instances --region us-west-1\n',
);
sr(
  'detected-npm-registry-auth-token.npmrc',
  [NPM],
  '//registry.npmjs.org/:_authToken=27dfe8d8-889b-4380-92ff-9c3c6ea5d478',
);
sr(
  'detected-npm-registry-auth-token.npmrc',
  [],
  '//somewhere-else.com/another:_auth=CorrectHorseBatteryStaple\n//acme.npm/releases:_password=CorrectHorseBatteryStaple',
);
sr(
  'detected-npm-registry-auth-token.npmrc',
  [],
  'registry="https://registry.npmjs.org/"\nalways-auth=true\npackage-lock=false\n@myorg:registry=https://somewhere-else.com/myorg\n@another:registry=https://somewhere-else.com/another\n@acme:registry=https://acme.npm/releases\n# Informative\nemail=test@example.com',
);
sr('detected-stripe-api-key.txt', [STRIPE], 'sk_live_xf2fh0Hu3LqXlqqUg2DEWhEz');
sr('detected-stripe-api-key.txt', [], 'sk_live_\n');
sr(
  'detected-jwt-token.txt',
  [JWT],
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IsWww6HFkcOtIMOWxZHDqcOoIiwiaWF0IjoxNTE2MjM5MDIyfQ.k5HibI_uLn_RTuPcaCNkaVaQH2y5q6GvJg8GPpGMRwQ',
);
// An unsigned header and payload is not a credential (the corpus rule since round 9).
sr(
  'detected-jwt-token.txt',
  [],
  '# 1) valid jwt - but header contains CR/LF-s\neyJ0eXAiOiJKV1QiLA0KImFsZyI6IkhTMjU2In0.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ',
);
sr(
  'detected-jwt-token.txt',
  [],
  'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJuYW1lIjoiSm9lIiwKInN0YXR1cyI6ImVtcGxveWVlIgp9',
);
sr(
  'detected-telegram-bot-api-key.php',
  ['secret.telegram_bot_token'],
  "<?php\n\ndefine('BOT_TOKEN', '12345678:AA101703Wd8JLT6GCtKzxatRHQREQUk_CpK');\ndefine('API_URL', 'https://api.telegram.org/bot'.BOT_TOKEN.'/');",
);
sr(
  'detected-telegram-bot-api-key.php',
  [],
  "define('GO.MOD', 'github.com/gorilla/mux v1.7.4/go.mod 11:AAbg23sWSpFRCP0SfiEN6jmj59UnWan46BH5rLB7');",
);
sr(
  'detected-sonarqube-docs-api-key.txt',
  [GEN],
  'sonar.login=e884618bb0f2ca8744f5b5e0e6f9d2f61bce7e8f',
);
sr(
  'detected-sonarqube-docs-api-key.txt',
  [],
  'sonar.token: "1234567890abcdef1234567890abcdef12345678"',
);
sr(
  'detected-sonarqube-docs-api-key.txt',
  [],
  'uses: SonarSource/sonarqube-scan-action@713881670b6b3676cda39549040e2d88c70d582e',
);
sr(
  'detected-sonarqube-docs-api-key.txt',
  [],
  'image: sonarqube:community@sha256:160bd2f6a3485bd09b655ef22dd63c02bd1fa7ba82aa5d9973fd010b8bcca0b3',
);
sr('detected-google-api-key.txt', [GCP], 'AIzaSyAtUXpd8JxrpUH2Sd-xO2U_vWGVfoF5-XM');
sr('detected-google-api-key.txt', [GCP], 'AIzaSyBGJlWlxZEnJ2yUape3AjqmNyo5--h6xtI');
sr(
  'detected-google-api-key.txt',
  [GCP],
  'http://example.com?key=AIzaSyAxgKw8qkRZvR1QjpTh7red4-HuesZItIs&name=blah',
);
sr('detected-google-api-key.txt', [], 'AIKAblablablahblahbl');
sr('detected-mailgun-api-key.txt', ['secret.mailgun_key'], 'key-e98f02fb71f9ee886e96588012341ca0');
sr(
  'detected-mailchimp-api-key.txt',
  ['secret.mailchimp_key'],
  'ac954d9304919994498d92eb0c1669b0-us8',
);
sr('detected-twilio-api-key.txt', [GEN], 'SK575796bb721246b5fe003bcc32ebde77');
sr('detected-twilio-api-key.txt', [], 'SKblah');
sr('detected-heroku-api-key.txt', [GEN], 'HEROKU_API_KEY = A6264401-E60A-48A9-941F-6446E78EC164');
sr('detected-heroku-api-key.txt', [GEN], 'heroku_api_key = a6264401-e60a-48a9-941f-6446e78ec164');
sr('detected-square-access-token.txt', [], 'sq0atp-KoblahBLAHBLAHbEHA6yuw');
sr(
  'detected-paypal-braintree-access-token.txt',
  [GEN],
  'access_token$production$aaa722wk737379q3$afefae5za65de111123a72251111e065',
);
const FB = 'detected-facebook-access-token.txt';
sr(
  FB,
  [GEN],
  'User UID groub = https://graph.facebook.com/v2.8/218718188140085/members?access_token=EAACEdEose0cBAMF99BFdceBHS5UcaEPIDbhKT1nbE0DaulfIS8ZCJTHrkD6IxkfKZCObCHzUsHcdhBISYuv7L4oiylZCmNztRy6s9KBgmZBYbJxZBBk1Csjl8PXFnZA3rt5WwZB7dZCB9M04a6FI7XwCFXfNV4ZB76y6SjltVc4AP4gZDZD&pretty=0&fields=id&limit=1000&after=MzQxNDM1MTE2MjQ0Njk4',
);
sr(
  FB,
  [GEN],
  'User UID comment = https://graph.facebook.com/v2.8/1513562778655613/comments?format=json&access_token=EAAAACZAVC6ygBAAvRshdD1iGP7VZAR4JMQxRhnViVIjzoIV3nCnZBejzSsCwCgRs5aZAAbBNI837xWZBnAMCRIdZADqjjpOtZAGBDgZBcUz5l7n0IqK53MKKcyeCIBZBIDVSkaqth983q5avmR2gq61ZBfHGPiGAa64IYZD',
);
sr(
  FB,
  [GEN],
  '-- feed facebook\nhttps://graph.facebook.com/me/home?fields=id&limit=1&access_token=EAAAAZAw4FxQIBAElafKg4s32XtMxE5POc9hAHgggZBSmkK0cRPkZBSTpKWGhjpz7snU8XItOqqQwWS02ZBN8NjcMwe9aZAoVoHa5gYNQUPWckb3JNzUMRCobPwpzJ817f3eh0FZCpzVmvv78VyMNGZB51iMQZA5pi05dShw2GWVrAgZDZD',
);
const CP = 'detected-composio-api-key.txt';
sr(CP, [GEN], 'COMPOSIO_API_KEY="ak_jI60uPF6adMkCuBFESjq"');
sr(CP, [GEN], `key = 'ak_Qbez9ytnft9XyXAGPL0-'`);
sr(CP, [GEN], 'COMPOSIO_ORG_KEY=oak_iuGvTZ4eiiy3umBWjwTt');
sr(CP, [GEN], 'x-user-api-key: uak_TRFvy_o-mFznI3IyljByM5LL-SudKFv47vULpKuK2ai');
sr(CP, [], 'COMPOSIO_API_KEY=ak_test');
sr(
  'detected-onfido-live-api-token.txt',
  [],
  'api_live.abc123ABC-_.abc123ABC-_abc123ABC-_abc123ABC-',
);
sr('detected-snyk-api-key.txt', [], '12e45678-12e4-12e4-12e4-12e456789012');
sr(
  'detected-slack-webhook.txt',
  [],
  'https://hooks.slack.com/services/T12345678/B12345678/abcd1234efgh5678ijkl90zy',
);
sr('detected-generic-api-key.txt', [], 'api_key=1234567890123456789012345678901234567890');
sr('detected-generic-secret.txt', [], 'SECRET: 123567890123456789012345678901234567890');
sr('detected-ssh-password.txt', [], `sshpass -p 'blah'`);
sr('detected-ssh-password.txt', [], `cmdInput := fmt.Sprintf("sshpass -p '%s'", password)`);
sr('detected-artifactory-token.txt', [], 'X-JFrog-Art-Api: AKCxxxxxxxxxx');
sr('detected-artifactory-token.txt', [], 'X-JFrog-Art-Api: $API_KEY');
sr('detected-artifactory-password.txt', [], 'artifactoryx:_password=AP6xxxxxxxxxx');
sr(
  'detected-artifactory-password.txt',
  [],
  'go.mod h1:6dJC0mAP4ikYIbvyc7fijjWJddQyLn8Ig3JB5CqoB9Q=',
);
sr(
  'detected-artifactory-password.txt',
  [],
  'integrity sha512-AP1AyUTbi2szylgr+O0OB7gkIxEGzySLITZ2GpsaoX72YMCGI2jYAc+WUhPfvUnZYiauF4zTnN4V4TGuvFjJlw==',
);
sr(
  'detected-artifactory-password.txt',
  [],
  'ImageID: "SHA256:AP1AyUTbi2szylgr266fcae00707e67a2545ef34f9a29354585f93dac906749"',
);
sr(
  'detected-hockeyapp.txt',
  [GEN],
  '<string name="hockeyapp_key">ac4fbb5fa9ae7de11f4c8150394ac543</string>\n',
);
sr('detected-kolide-api-key.txt', [GEN], 'k2sk_v1_K2UYhW7OPt2jKKLqmFacGNK7');
sr('detected-sauce-token.txt', [GEN], 'SAUCE_ACCESS_KEY=034e1d2a-681a-4a52-bfa3-256b72c356c0');
sr(
  'detected-sauce-token.txt',
  [],
  '# yarn.lock snippet:\nsaucelabs@^1.5.0:\n  version "1.5.0"\n  resolved "https://registry.yarnpkg.com/saucelabs/-/saucelabs-1.5.0.tgz#9405a73c360d449b232839919a86c396d379fd9d"\n  integrity sha512-jlX3FGdWvYf4Q3LFfFWS1QvPg3IGCGWxIc8QBFdPTbpTJnt/v17FHXYVAn7C8sHf1yUXo2c7yIM0isDryfYtHQ==\n  dependencies:\n    https-proxy-agent "^2.2.1"\n',
);
sr(
  'detected-google-oauth-access-token.txt',
  [GEN],
  'oauth2 request:{\n  "access_token" : "ya29.AHES67zeEn-RDg9CA5gGKMLKuG4uVB7W4O4WjNr-NBfY6Dtad4vbIZ",\n  "token_type" : "Bearer",\n  "expires_in" : 3600\n}\n',
);
sr('detected-google-cloud-api-key.txt', [GCP], 'AIzaSyCqhkgrLTLSOFyLyoS5gfN47TJ0HnHA_XA');
sr('detected-amazon-mws-auth-token.txt', [GEN], 'amzn.mws.00a19111-8311-5311-5391-5e211cbfcd5c');
sr(
  'detected-private-key.txt',
  ['secret.private_key'],
  '-----BEGIN EC PRIVATE KEY-----\nMIIEogIBAAKCAQEAjosMtDUqbE1/8zxZac1t8fkh2SxGuMXHk9yxniyM2m76donW',
);
sr(
  'detected-facebook-oauth.txt',
  [GEN],
  'https://graph.facebook.com/oauth/access_token?client_id=571605572000175&client_secret=c3cc928991d69e784f69a907000cc909&grant_type=client_credentials',
);
sr(
  'detected-facebook-oauth.txt',
  [],
  'https://github.com/facebook/zstd/blob/12c045f74d922dc934c168f6e1581d72df983388/doc/zstd_compression_format.md',
);
sr(
  'detected-codeclimate.txt',
  [],
  'CODECLIMATE_URL=https://codeclimate.com\nCODECLIMATE_API_TOKEN=746b31b417ecc5cff872bac5746b31b417ecc5cff872bac51234567890abcdef',
);
sr(
  'detected-softlayer-api-key.txt',
  [],
  'abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234',
);
sr(
  'detected-picatic-api-key.jsx',
  [],
  '        placeholder="sk_live_a6afaeada6a1a8a3a6a5a1a2aca1aea7"',
);
sr(
  'detected-sql-dump.txt',
  [],
  'CREATE TABLE IF NOT EXISTS `users` (\n  `user_id` int(11) NOT NULL AUTO_INCREMENT,\n  `username` varchar(255) DEFAULT NULL,\n  `password` varchar(60) DEFAULT NULL,\n  `flag` tinyint(10) DEFAULT NULL,\n  PRIMARY KEY (`user_id`)\n) ENGINE=MyISAM  DEFAULT CHARSET=latin1 AUTO_INCREMENT=10001 ;\n\n--\n-- Dumping data for table `users`\n--\n',
);
// Password hashes are digests, not credentials (the corpus rule).
sr(
  'detected-etc-shadow.txt',
  [],
  'sshd:*:17431:0:99999:7:::\nubuntu:$6$LnUhhUi45srUKt9i$4Hp6VRTOB2mxvsYH8mwsCfBryg6hCbm4JJjV26KplN8ewZ7EUVqQDkLKDW.O8XRHx.B76JkwXtyD3wnAXEuZN1:0:99999:7:::',
);
sr(
  'detected-bcrypt-hash.txt',
  [],
  "INSERT INTO `users` (`user_id`, `username`, `password`, `flag`) VALUES\n(1, 'rogers63', '$2y$12$s.YfVZdfvAuO/Iz6fte5iO..ZbbEgreZnDcYOGvX4NGJskYQIstcG', 1),\n",
);

// talisman: its pattern and file-content detector tests. Its `UnsafeString` and
// `randomStringGoesHere` values are placeholders; a consumer key, a password and a JWT are not.
const TP = 'pattern/pattern_detector_test.go';
tm(TP, [GEN], '<ConsumerKey>alksjdhfkjaklsdhflk12345adskjf</ConsumerKey>');
tm(TP, [PW], '"key" : "This is an allowed keyword"\npassword=y0uw1lln3v3rgu3ssmyP@55w0rd');
tm(TP, [], 'PASSWORD:UnsafeString');
tm(TP, [], '<admin pwd> randomStringGoesHere </mypwd>');
tm(TP, [], 'PWD=appropriate');
tm(TP, [], '"pAsSWoRD" :1234567');
tm(TP, [], 'setPassword("12345678")');
const TF = 'filecontent/filecontent_detector_test.go';
tm(
  TF,
  [JWT],
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzY290Y2guaW8iLCJleHAiOjEzMDA4MTkzODAsIm5hbWUiOiJDaHJpcyBTZXZpbGxlamEiLCJhZG1pbiI6dHJ1ZX0.03f329983b86f7d9a9f5fef85305880101d5e302afafa20154d094b229f757',
);
tm(TF, [], 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9asdfa');
tm(TF, [], 'YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWEK');
tm(TF, [], '68656C6C6F20776F726C6421');
tm(
  TF,
  [],
  'TestBase64DetectorShouldNotDetectLongMethodNamesEvenWithRidiculousHighEntropyWordsMightExist',
);
tm(
  TF,
  [],
  'public class HelloWorld {\r\n\r\n    public static void main(String[] args) {\r\n        \t\t// Prints "Hello, World" to the terminal window.\r\n  \t\tString accessKey="wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";\r\n        \t\tSystem.out.println("Hello, World");\r\n    \t\t}\r\n\r\n}',
);

// git-secrets: the AWS credentials file of its provider test (word values: placeholders).
add(
  'awslabs/git-secrets test/git-secrets.bats',
  [],
  'aws_access_key_id = abc123\naws_secret_access_key=foobaz\naws_access_key_id = "Bernard"\naws_secret_access_key= "Laverne"\naws_access_key_id= Hoagie+man',
);
add('awslabs/git-secrets test/git-secrets.bats', [], 'foo="bazzz" is ok because 3 "z"s');

// credential-digger: its file-scanner test YAML (random API keys under `api_keys`).
add(
  'SAP/credential-digger tests/file_scanner_tests_folder/subdir_A/file_Aa.yml',
  [GEN],
  'version: "3"\ndescription: credentials in a yml file should be detected as well\npassword: test_password\napi_keys:\n  - eqpcn135b4tcd6o1u23v5po197gds974\n  - d7adf046b10b8b50782320fvbh23f7185',
);

const out = writeRound(11, samples);
const pos = samples.filter((s) => s.labels.length > 0);
const labels = pos.reduce((n, s) => n + s.labels.length, 0);
const count = (list) => {
  const p = list.filter((s) => s.labels.length > 0).length;
  return `${list.length} (${p} positive, ${list.length - p} negative)`;
};
console.log(
  `${samples.length} samples: dev ${count(out.dev)}, held out ${count(out.held)}; ` +
    `${pos.length} positive (${labels} labels), ${samples.length - pos.length} negative`,
);
const perRepo = {};
for (const s of samples) {
  const r = (perRepo[s.source.split(' ')[0]] ??= { positive: 0, negative: 0 });
  r[s.labels.length > 0 ? 'positive' : 'negative']++;
}
for (const [repo, c] of Object.entries(perRepo)) {
  console.log(`  ${repo}: ${c.positive} positive, ${c.negative} negative`);
}
